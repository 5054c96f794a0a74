import type { RouteDef } from '@gatehouse/contract';
import { createHttpClient } from './client';
import { type SaveDownloadInput, saveDownloadWith } from './save-file';

/** The app's client (base `/api`). The app installs its session adapter and effect handler at start. */
export const http = createHttpClient();

/** `call(routes.listAccounts, { query })` on the app's client. */
export const call: typeof http.call = (route, ...args) => http.call(route, ...args);
/**
 * `download(routes.exportAudit, { query })` on the app's client: the bytes and the proposed file name, without
 * saving them. A screen that lets the user save a file uses `saveDownload`.
 */
export const download: typeof http.download = (route, input) => http.download(route, input);
/**
 * The web app's one way to save a file from the API: `download` on the app's client (session, token renewal,
 * 401, sudo verification, timeout, refusals reported like any call), then the browser's save under the name
 * the server proposes (RFC 5987 `filename*` first) or `fallbackName`. Answers the name it was saved under.
 */
export const saveDownload = <D extends RouteDef>(route: D, input: SaveDownloadInput<D>): Promise<string> =>
  saveDownloadWith(http, route, input);
export const configureHttp: typeof http.configure = (options) => http.configure(options);
