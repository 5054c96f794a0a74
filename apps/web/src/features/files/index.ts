export { deleteFile } from './api/files.api';
export { UploadProvider } from './UploadProvider';
