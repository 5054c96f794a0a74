import { routes } from '@gatehouse/contract';
import fp from 'fastify-plugin';
import { MODULE_DEPENDENCIES, serve } from '../../platform/http.js';
import { sendTable } from '../../platform/spreadsheet.js';
import type { ImportJobs } from './imports.service.js';

/** What every import shares: its progress and the sheet of its refused rows (the kinds' own routes do the rest). */
export const importsModule = fp<{ importJobs: ImportJobs }>(
  async (app, { importJobs }) => {
    serve(app, routes.importProgress, ({ params, principal }) => importJobs.progress(params.previewId, principal));
    serve(app, routes.importRejected, async ({ params, principal, reply }) =>
      sendTable(reply, await importJobs.rejectedSheet(params.previewId, principal)),
    );
  },
  { name: 'gatehouse-imports', dependencies: MODULE_DEPENDENCIES },
);
