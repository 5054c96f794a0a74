export { accountHandlers } from './accounts.routes.js';
export { type AccountsService, createAccountsService, type EndSessions } from './accounts.service.js';
