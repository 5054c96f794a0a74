import { routes } from '@gatehouse/contract';
import fp from 'fastify-plugin';
import { sendCsv } from '../../platform/csv.js';
import { MODULE_DEPENDENCIES, serve } from '../../platform/http.js';
import type { AuditService } from './audit.service.js';

/** The operation log's screen. Read-only: the contract has no route that writes, edits or deletes an entry. */
export const auditModule = fp<{ audit: AuditService }>(
  async (app, { audit }) => {
    serve(app, routes.listAudit, ({ query }) => audit.list(query));
    serve(app, routes.exportAudit, async ({ query, reply }) => sendCsv(reply, await audit.exportCsv(query)));
  },
  { name: 'gatehouse-audit', dependencies: MODULE_DEPENDENCIES },
);
