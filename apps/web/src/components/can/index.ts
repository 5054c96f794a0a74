export { Can } from './Can';
