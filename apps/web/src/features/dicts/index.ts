export { DictsPage } from './components/DictsPage';
