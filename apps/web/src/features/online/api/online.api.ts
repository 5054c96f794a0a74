import { type QueryOf, type ResponseOf, routes } from '@gatehouse/contract';
import { call } from '@/lib/http';

export type OnlineSession = ResponseOf<typeof routes.listOnline>['list'][number];
export type OnlineQuery = QueryOf<typeof routes.listOnline>;

/** The screen's query key root: pages are cached under ['online', 'list', query] (the list kit's rule). */
export const onlineKeys = { all: ['online'] as const };

/** GET /online/s: one page of live sessions. */
export const listOnline = (query: OnlineQuery, signal: AbortSignal) => call(routes.listOnline, { query, signal });

/** DELETE /online?id=: 强制下线. */
export const forceLogout = (id: string) => call(routes.forceLogout, { query: { id } });

/** POST /online/batch-logout: 强制下线 of each session under the single action's rules; answers done/refused. */
export const forceLogoutMany = (ids: string[]) => call(routes.batchForceLogout, { body: { ids } });
