import type { Handlers } from '../../platform/http.js';
import type { AccountsService } from './accounts.service.js';

export function accountHandlers(
  accounts: AccountsService,
): Pick<
  Handlers,
  'listAccounts' | 'createAccount' | 'updateAccount' | 'deleteAccount' | 'resetAccountPassword' | 'updateProfile'
> {
  return {
    listAccounts: ({ query, principal }) => accounts.list(query, principal),
    createAccount: ({ body, principal }) => accounts.create(body, principal),
    updateAccount: ({ body, principal }) => accounts.update(body, principal),
    deleteAccount: async ({ query, principal }) => {
      await accounts.remove(query.id, principal);
      return null;
    },
    resetAccountPassword: ({ body }) => accounts.resetPassword(body.id),
    updateProfile: ({ body, principal, reply }) => accounts.updateProfile(body, principal, reply),
  };
}
