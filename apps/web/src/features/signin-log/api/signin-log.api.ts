import { type QueryOf, type ResponseOf, routes } from '@gatehouse/contract';
import { call, saveDownload } from '@/lib/http';

export type SignInLogEntry = ResponseOf<typeof routes.listSigninLog>['list'][number];
export type SignInLogQuery = QueryOf<typeof routes.listSigninLog>;
export type SignInLogFilters = QueryOf<typeof routes.exportSigninLog>;

/** The screen's query key root: pages are cached under ['signin-log', 'list', query] (the list kit's rule). */
export const signInLogKeys = { all: ['signin-log'] as const };

/** GET /signin-log/s: one page of the log. */
export const listSignInLog = (query: SignInLogQuery, signal: AbortSignal) =>
  call(routes.listSigninLog, { query, signal });

/**
 * GET /signin-log/export: the CSV of the entries matching `filters` (empty ones left out), saved under the name
 * the server proposes, through lib/http's one download path (session, token renewal, 401, identity
 * verification, timeout); a refusal is told by the http client, like every call's.
 */
export const downloadSignInLog = (filters: SignInLogFilters): Promise<string> =>
  saveDownload(routes.exportSigninLog, { query: filters, fallbackName: 'signin-log.csv' });
