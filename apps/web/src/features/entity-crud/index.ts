export { crudScreen } from './components/CrudPage';
