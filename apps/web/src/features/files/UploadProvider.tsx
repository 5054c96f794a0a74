import type { ReactNode } from 'react';
import { UploadApiContext } from '@/components/upload/upload-api';
import { uploadFile } from '@/lib/http';

/** Gives the upload widget (components/upload) its upload function: POST /api/file/upload on the app's client. */
export function UploadProvider({ children }: { children: ReactNode }) {
  return <UploadApiContext value={uploadFile}>{children}</UploadApiContext>;
}
