import type { zhCNFiles } from './zh-CN.files';

/** en-US texts of the upload widget, crop dialog and file screens; every zh-CN key, checked by the compiler. */
export const enUSFiles = {
  'files.upload': 'Upload',
  'files.tooLarge': 'The file is too large',
  'files.badType': 'Unsupported file type',
  'files.nameTooLong': 'The file name must not exceed 500 characters',
  'files.tooMany': 'Too many files',
  'files.notImage': 'Only images can be compressed',
  'files.unreadableImage': 'This image cannot be read, please pick another',
  'files.noUploader': 'No upload method configured (UploadApiContext)',
  'files.remove': 'Remove',
  'files.failed': 'Upload failed',
  'files.progress': 'Upload progress',
  'files.cropTitle': 'Crop image',
  'files.rotateLeft': 'Rotate left',
  'files.rotateRight': 'Rotate right',
  'files.flipHorizontal': 'Flip horizontally',
  'files.flipVertical': 'Flip vertically',
  'files.zoomIn': 'Zoom in',
  'files.zoomOut': 'Zoom out',
  'files.preview': 'Preview',
  'files.reset': 'Reset',
  'files.confirm': 'OK',
  'files.avatarPlaceholder': 'Upload avatar',
  'files.avatarAlt': 'Avatar',
  'files.avatarLabel': 'Avatar',
} as const satisfies Record<keyof typeof zhCNFiles, string>;
