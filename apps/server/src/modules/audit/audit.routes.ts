import { routes } from '@gatehouse/contract';
import fp from 'fastify-plugin';
import { MODULE_DEPENDENCIES, serve } from '../../platform/http.js';
import { sendTable } from '../../platform/spreadsheet.js';
import type { AuditService } from './audit.service.js';

/** The operation log's screen. Read-only: the contract has no route that writes, edits or deletes an entry. */
export const auditModule = fp<{ audit: AuditService }>(
  async (app, { audit }) => {
    serve(app, routes.listAudit, ({ query, principal }) => audit.list(query, principal));
    serve(app, routes.exportAudit, async ({ query, principal, reply }) =>
      sendTable(reply, await audit.exportTable(query, principal)),
    );
  },
  { name: 'gatehouse-audit', dependencies: MODULE_DEPENDENCIES },
);
