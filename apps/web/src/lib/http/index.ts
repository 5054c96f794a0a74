import { createHttpClient } from './client';

export {
  createHttpClient,
  type DownloadedFile,
  fileNameOf,
  type HttpClient,
  type HttpClientOptions,
  nullifyEmptyParams,
} from './client';
export { HttpError, type HttpErrorKind, isCancelled } from './http-error';
export type {
  CacheMode,
  CallInput,
  GetOptions,
  HttpEffect,
  HttpEffectHandler,
  HttpSession,
  IdentityVerifier,
  RequestOptions,
} from './types';

/** The app's client (base `/api`). The app installs its session adapter and effect handler at start. */
export const http = createHttpClient();

/** `call(routes.listAccounts, { query })` on the app's client. */
export const call: typeof http.call = (route, ...args) => http.call(route, ...args);
/** `download(routes.exportAudit, { query })` on the app's client: the bytes and the proposed file name. */
export const download: typeof http.download = (route, input) => http.download(route, input);
export const configureHttp: typeof http.configure = (options) => http.configure(options);
export { type UploadedFile, type UploadRequestOptions, uploadFile } from './upload';
