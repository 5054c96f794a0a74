export { ViewAsPage } from './components/ViewAsPage';
