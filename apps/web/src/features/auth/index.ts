export { logout } from './api/auth.api';
export { LoginPage } from './components/LoginPage';
