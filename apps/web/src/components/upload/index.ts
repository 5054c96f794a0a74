export { AvatarUploader, type AvatarUploaderProps } from './AvatarUploader';
export { CropDialog, type CropDialogProps } from './CropDialog';
export { acceptAttribute, precheckCount, precheckFile, type UploadRules } from './checks';
export {
  boundListAfterChange,
  boundListAfterRemove,
  type UploadedItem,
  type UploadItem,
  type UploadStatus,
  type UploadTransform,
} from './file-list';
export { compressImage, fitWithin, isImage, jpgName } from './image';
export { Uploader, type UploaderHandle, type UploaderProps } from './Uploader';
export {
  UploadApiContext,
  type UploadedFile,
  type UploadFn,
  type UploadOptions,
  type UploadProgress,
  useUploadFn,
} from './upload-api';
