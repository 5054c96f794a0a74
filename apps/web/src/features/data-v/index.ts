export { DataVOverview } from './components/DataVOverview';
