export { OrganizationsPage } from './components/OrganizationsPage';
