export { call, configureHttp, download, http, saveDownload } from './app-client';
export {
  createHttpClient,
  type DownloadedFile,
  fileNameOf,
  type HttpClient,
  type HttpClientOptions,
  nullifyEmptyParams,
} from './client';
export { HttpError, type HttpErrorKind, isCancelled, isRefused } from './http-error';
export { type SaveDownloadInput, saveFile } from './save-file';
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
export { type UploadedFile, type UploadRequestOptions, uploadFile, uploadTo } from './upload';
