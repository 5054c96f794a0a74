import type { ResponseOf, routes } from '@gatehouse/contract';
import { createContext, useContext } from 'react';
import { t } from '@/lib/i18n';

/** The server's answer to an upload: {id, name, url, size, contentType}. */
export type UploadedFile = ResponseOf<typeof routes.uploadFile>;

export interface UploadProgress {
  loaded: number;
  total?: number;
}

export interface UploadOptions {
  onUploadProgress?(event: UploadProgress): void;
  signal?: AbortSignal;
  /** E.g. `{ ownerId }` to group the files of one object. */
  query?: Record<string, string>;
}

/**
 * Sends one file (or blob) under `name` and resolves with the server's answer (reference UI §4). Rejects on a
 * refusal after the user has been told (an `HttpError` carries the server's message).
 */
export type UploadFn = (file: Blob, name: string, options: UploadOptions) => Promise<UploadedFile>;

/** The failure of an upload without an upload function: only a console warning reports it (specification §8). */
export class NoUploaderError extends Error {
  override readonly name = 'NoUploaderError';
}

/** Without a provider there is no way to send: a console warning, and the upload fails. */
const missingUpload: UploadFn = () => {
  console.warn(t('files.noUploader'));
  return Promise.reject(new NoUploaderError(t('files.noUploader')));
};

/** The app provides the real upload function (features/files); component tests hand in a fake one. */
export const UploadApiContext = createContext<UploadFn>(missingUpload);

export function useUploadFn(): UploadFn {
  return useContext(UploadApiContext);
}

/** Percent of a progress event: loaded divided by total (specification §2), 0-100, or 0 without a total. */
export function progressPercent(event: UploadProgress, fallbackTotal?: number): number {
  const total = event.total || fallbackTotal;
  if (!total) return 0;
  return Math.min(100, Math.max(0, Math.round((event.loaded / total) * 100)));
}
