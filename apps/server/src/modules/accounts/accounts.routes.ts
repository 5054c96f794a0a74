import { routes } from '@gatehouse/contract';
import fp from 'fastify-plugin';
import { MODULE_DEPENDENCIES, serve } from '../../platform/http.js';
import type { AccountsService } from './accounts.service.js';

/** The accounts screen and the personal page's own profile. */
export const accountsModule = fp<{ accounts: AccountsService }>(
  async (app, { accounts }) => {
    serve(app, routes.listAccounts, ({ query, principal }) => accounts.list(query, principal));
    serve(app, routes.createAccount, ({ body, principal }) => accounts.create(body, principal));
    serve(app, routes.updateAccount, ({ body, principal }) => accounts.update(body, principal));
    serve(app, routes.deleteAccount, async ({ query, principal }) => {
      await accounts.remove(query.id, principal);
      return null;
    });
    serve(app, routes.resetAccountPassword, ({ body }) => accounts.resetPassword(body.id));
    serve(app, routes.updateProfile, ({ body, principal, reply }) => accounts.updateProfile(body, principal, reply));
  },
  { name: 'gatehouse-accounts', dependencies: MODULE_DEPENDENCIES },
);
