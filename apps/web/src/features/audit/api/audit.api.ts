import { type QueryOf, type ResponseOf, routes } from '@gatehouse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, download } from '@/lib/http';

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

/** The CSV of the trail under `query`'s filters, through the http client (session, refusals as toasts). */
export const exportAudit = (query: AuditExportQuery) => download(routes.exportAudit, { query });
