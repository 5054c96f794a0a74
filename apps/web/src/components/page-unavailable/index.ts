export { PageUnavailable } from './PageUnavailable';
