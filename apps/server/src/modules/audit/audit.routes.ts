import type { Handlers } from '../../platform/http.js';
import type { AuditService } from './audit.service.js';

/** Read-only: the contract has no route that writes, edits or deletes an audit entry. */
export function auditHandlers(audit: AuditService): Pick<Handlers, 'listAudit' | 'exportAudit'> {
  return {
    listAudit: ({ query }) => audit.list(query),
    exportAudit: async ({ query, reply }) => {
      const { fileName, content } = await audit.exportCsv(query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="audit-log.csv"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(content, 'utf8'));
    },
  };
}
