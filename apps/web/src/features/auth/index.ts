export { logout } from './api/auth.api';
export { InitialPasswordPage } from './components/InitialPasswordPage';
export { LoginPage } from './components/LoginPage';
export { RegisterPage } from './components/RegisterPage';
export { UpdatePasswordPage } from './components/UpdatePasswordPage';
