import { routes } from '@gatehouse/contract';
import { call } from '../../../lib/http';

export interface Credentials {
  account: string;
  password: string;
}

/** POST /login: answers the session token. */
export const login = (credentials: Credentials) => call(routes.login, { body: credentials });

/** POST /logout: ends the current session on the server. */
export const logout = () => call(routes.logout);
