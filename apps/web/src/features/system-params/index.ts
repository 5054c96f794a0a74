export { SystemParamsPage } from './components/SystemParamsPage';
