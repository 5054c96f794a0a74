export { OnlinePage } from './components/OnlinePage';
