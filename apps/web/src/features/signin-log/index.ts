export { SignInLogPage } from './components/SignInLogPage';
