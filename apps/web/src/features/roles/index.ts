export { RolesPage } from './components/RolesPage';
