export { UploadProvider } from './UploadProvider';
