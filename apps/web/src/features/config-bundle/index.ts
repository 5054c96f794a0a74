export { ConfigBundlePage } from './components/ConfigBundlePage';
