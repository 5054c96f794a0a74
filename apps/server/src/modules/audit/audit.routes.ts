import { routes } from '@gatehouse/contract';
import fp from 'fastify-plugin';
import { MODULE_DEPENDENCIES, serve } from '../../platform/http.js';
import type { AuditService } from './audit.service.js';

/** The operation log's screen. Read-only: the contract has no route that writes, edits or deletes an entry. */
export const auditModule = fp<{ audit: AuditService }>(
  async (app, { audit }) => {
    serve(app, routes.listAudit, ({ query }) => audit.list(query));
    serve(app, routes.exportAudit, async ({ query, reply }) => {
      const { fileName, content } = await audit.exportCsv(query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="audit-log.csv"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(content, 'utf8'));
    });
  },
  { name: 'gatehouse-audit', dependencies: MODULE_DEPENDENCIES },
);
