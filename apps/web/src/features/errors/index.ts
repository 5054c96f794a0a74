export { NotFoundPage } from './NotFoundPage';
export { ServerErrorPage } from './ServerErrorPage';
