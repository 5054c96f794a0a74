import { type BodyOf, type ResponseOf, routes } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/http';

export type ProfileBody = BodyOf<typeof routes.updateProfile>;

/** Self-service: the server cannot be asked to touch role, state, organisation or account number here. */
export const updateProfile = (body: ProfileBody) => call(routes.updateProfile, { body });

/** Sends a code to a new mobile number / e-mail of the signed-in account; answers the code's id. Refusals are
 * shown by the code input (quiet). */
export const sendProfileMobileCode = async (mobile: string) =>
  (await call(routes.sendProfileMobileCode, { body: { mobile }, quiet: true })).id;
export const sendProfileEmailCode = async (email: string) =>
  (await call(routes.sendProfileEmailCode, { body: { email }, quiet: true })).id;

export type OwnSession = ResponseOf<typeof routes.listOwnSessions>[number];

export const ownSessionKeys = { all: ['profile', 'sessions'] as const };

/** The signed-in account's live sessions (the current one first). */
export function useOwnSessions() {
  return useQuery({ queryKey: ownSessionKeys.all, queryFn: () => call(routes.listOwnSessions) });
}

/** DELETE /account/sessions?id=: signs one other device out. */
export const endOwnSession = (id: string) => call(routes.endOwnSession, { query: { id } });

/** DELETE /account/sessions/others: signs every other device out. */
export const endOtherOwnSessions = () => call(routes.endOtherOwnSessions);
