import { type ResponseOf, routes } from '@gatehouse/contract';
import fp from 'fastify-plugin';
import { MODULE_DEPENDENCIES, serve } from '../../platform/http.js';
import type { AccountsService } from '../accounts/index.js';
import { toResource } from '../resources/index.js';
import type { AuthService } from './auth.service.js';

export interface AuthModuleOptions {
  auth: AuthService;
  accounts: AccountsService;
  /** What the sign-in page and the web app need to know before anybody signs in (GET /api/auth/options). */
  authOptions: ResponseOf<typeof routes.authOptions>;
}

/** Password sign-in, sign-out, the signed-in account and its permissions, identity switch. */
export const authModule = fp<AuthModuleOptions>(
  async (app, { auth, accounts, authOptions }) => {
    // A copy of the getters' values: the live ones (系统参数) as of this request.
    serve(app, routes.authOptions, async () => ({ ...authOptions }));
    serve(app, routes.login, ({ body, request }) =>
      auth.login(body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
    );
    serve(app, routes.logout, async ({ principal }) => {
      await auth.logout(principal);
      return null;
    });
    serve(app, routes.getAccountInfo, ({ principal }) => accounts.info(principal));
    serve(app, routes.switchIdentity, ({ query, principal, request }) =>
      auth.switchIdentity(principal, query.id, { ip: request.ip, userAgent: request.headers['user-agent'] }),
    );
    serve(app, routes.restoreIdentity, ({ principal }) => auth.restoreIdentity(principal));
    serve(app, routes.getPermissions, async ({ principal }) => (await auth.permissionsOf(principal)).map(toResource));
  },
  { name: 'gatehouse-auth', dependencies: MODULE_DEPENDENCIES },
);
