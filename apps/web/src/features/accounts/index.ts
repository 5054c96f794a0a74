export { usePendingApprovalCount } from './api/accounts.api';
export { AccountsPage } from './components/AccountsPage';
export { useIdentitySwitch } from './components/use-identity-switch';
