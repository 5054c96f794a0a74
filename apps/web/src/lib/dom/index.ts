export { useBoxHeight } from './use-box-height';
