import { type QueryOf, type ResponseOf, routes } from '@gatehouse/contract';
import { call } from '@/lib/http';

export type AuditEntry = ResponseOf<typeof routes.listAudit>['list'][number];
export type AuditListQuery = QueryOf<typeof routes.listAudit>;
export type AuditExportQuery = QueryOf<typeof routes.exportAudit>;

/** The screen's query key root: pages are cached under ['audit', 'list', query] (the list kit's rule). */
export const auditKeys = { all: ['audit'] as const };

/** GET /audit/s: one page of the trail. */
export const listAudit = (query: AuditListQuery, signal: AbortSignal) => call(routes.listAudit, { query, signal });
