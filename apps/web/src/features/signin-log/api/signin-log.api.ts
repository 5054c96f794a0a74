import { type QueryOf, type ResponseOf, routes } from '@gatehouse/contract';
import { call } from '@/lib/http';

export type SignInLogEntry = ResponseOf<typeof routes.listSigninLog>['list'][number];
export type SignInLogQuery = QueryOf<typeof routes.listSigninLog>;
export type SignInLogFilters = QueryOf<typeof routes.exportSigninLog>;

/** The screen's query key root: pages are cached under ['signin-log', 'list', query] (the list kit's rule). */
export const signInLogKeys = { all: ['signin-log'] as const };

/** GET /signin-log/s: one page of the log. */
export const listSignInLog = (query: SignInLogQuery, signal: AbortSignal) =>
  call(routes.listSigninLog, { query, signal });
