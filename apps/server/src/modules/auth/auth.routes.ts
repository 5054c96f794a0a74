import type { Handlers } from '../../platform/http.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import { toResource } from '../resources/resources.mapper.js';
import type { AuthService } from './auth.service.js';

export function authHandlers(
  auth: AuthService,
  accounts: AccountsService,
): Pick<Handlers, 'login' | 'logout' | 'getAccountInfo' | 'getPermissions' | 'switchIdentity' | 'restoreIdentity'> {
  return {
    login: ({ body, request }) => auth.login(body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
    logout: async ({ principal }) => {
      await auth.logout(principal);
      return null;
    },
    getAccountInfo: ({ principal }) => accounts.info(principal),
    switchIdentity: ({ query, principal, request }) =>
      auth.switchIdentity(principal, query.id, { ip: request.ip, userAgent: request.headers['user-agent'] }),
    restoreIdentity: ({ principal }) => auth.restoreIdentity(principal),
    getPermissions: async ({ principal }) => (await auth.permissionsOf(principal)).map(toResource),
  };
}
