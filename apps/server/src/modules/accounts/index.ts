export { createAccountsRepository } from './accounts.repository.js';
export { accountsModule } from './accounts.routes.js';
export { type AccountsService, createAccountsService, type EndSessions, postsInUse } from './accounts.service.js';
export { type AccountTransfer, createAccountTransfer } from './accounts.transfer.js';
