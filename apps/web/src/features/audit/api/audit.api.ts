import { type QueryOf, type ResponseOf, routes } from '@gatehouse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, saveDownload } from '@/lib/http';

export type AuditEntry = ResponseOf<typeof routes.listAudit>['list'][number];
export type AuditListQuery = QueryOf<typeof routes.listAudit>;
export type AuditExportQuery = QueryOf<typeof routes.exportAudit>;

export const auditKeys = {
  list: (query: AuditListQuery) => ['audit', 'list', query] as const,
};

export function useAuditList(query: AuditListQuery) {
  return useQuery({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => call(routes.listAudit, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Saves the CSV of the trail under `query`'s filters through lib/http's one download path (session, refusals as
 * toasts); answers the name it was saved under.
 */
export const exportAudit = (query: AuditExportQuery): Promise<string> =>
  saveDownload(routes.exportAudit, { query, fallbackName: 'audit-log.csv' });
