import { type BodyOf, routes } from '@gatehouse/contract';
import { call } from '../../../lib/http';

export type ProfileBody = BodyOf<typeof routes.updateProfile>;

/** Self-service: the server cannot be asked to touch role, state, organisation or account number here. */
export const updateProfile = (body: ProfileBody) => call(routes.updateProfile, { body });
