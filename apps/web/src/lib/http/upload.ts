import { type ResponseOf, type RouteDef, routes } from '@gatehouse/contract';
import { http } from './app-client';

export type UploadedFile = ResponseOf<typeof routes.uploadFile>;

export interface UploadRequestOptions {
  onUploadProgress?(event: { loaded: number; total?: number }): void;
  signal?: AbortSignal;
  /** E.g. `{ ownerId }` (contract: uploadFile query). */
  query?: Record<string, string>;
}

/**
 * An upload may take longer than the 10 s other calls get: 100 MB at 2 Mbit/s is about 7 minutes. The user
 * can always stop it (abort signal).
 */
export const UPLOAD_TIMEOUT_MS = 15 * 60_000;

/**
 * POST /api/file/upload (reference UI §4): the file in the multipart field `file` under `name` (a cropped or
 * compressed picture carries its .jpg name here), through the app's client, so the session token goes along
 * and refusals are reported like any call (400 wrong content, 413 too large: a toast with the server's message).
 * Resolves with the envelope's data {id, name, url, size, contentType}.
 */
export function uploadFile(file: Blob, name: string, options: UploadRequestOptions = {}): Promise<UploadedFile> {
  return uploadTo(routes.uploadFile, file, name, options);
}

/**
 * The one upload path: `file` under `name` in the multipart field `file` to an 'upload' route (the file store, an
 * import's preview), with the session, refusals reported like any call and the long upload timeout.
 */
export function uploadTo<D extends RouteDef>(
  route: D,
  file: Blob,
  name: string,
  options: UploadRequestOptions = {},
): Promise<ResponseOf<D>> {
  const form = new FormData();
  form.append('file', file, name);
  return http.post<ResponseOf<D>>(route.path, form, {
    params: options.query,
    signal: options.signal,
    onUploadProgress: options.onUploadProgress,
    // A FormData body goes as multipart/form-data; the browser writes the boundary (lib/http/transport.ts).
    timeout: UPLOAD_TIMEOUT_MS,
  });
}
