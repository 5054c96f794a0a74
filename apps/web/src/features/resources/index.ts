export { ResourcesPage } from './components/ResourcesPage';
