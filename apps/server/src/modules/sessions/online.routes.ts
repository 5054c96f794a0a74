import { routes } from '@gatehouse/contract';
import fp from 'fastify-plugin';
import { batchAnswer } from '../../platform/errors.js';
import { MODULE_DEPENDENCIES, serve } from '../../platform/http.js';
import { noteAuditBatch } from '../audit/index.js';
import type { OnlineService } from './online.service.js';

/** Online users (force out) and the personal page's own sessions. */
export const sessionsModule = fp<{ online: OnlineService }>(
  async (app, { online }) => {
    serve(app, routes.listOnline, ({ query, principal }) => online.list(query, principal));
    serve(app, routes.forceLogout, async ({ query, principal }) => {
      await online.forceLogout(query.id, principal);
      return null;
    });
    serve(app, routes.batchForceLogout, async ({ body, principal, request }) => {
      const outcome = await online.forceLogoutMany(body.ids, principal);
      noteAuditBatch(request, outcome);
      return batchAnswer(outcome);
    });
    serve(app, routes.listOwnSessions, ({ principal }) => online.listOwn(principal));
    serve(app, routes.endOwnSession, async ({ query, principal }) => {
      await online.endOwn(query.id, principal);
      return null;
    });
    serve(app, routes.endOtherOwnSessions, ({ principal }) => online.endOthers(principal));
  },
  { name: 'gatehouse-sessions', dependencies: MODULE_DEPENDENCIES },
);
