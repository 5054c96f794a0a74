import { routes } from '@gatehouse/contract';
import fp from 'fastify-plugin';
import type { Dialect } from '../../platform/db/database.js';
import { MODULE_DEPENDENCIES, serve } from '../../platform/http.js';
import type { SystemRepository } from './system.repository.js';

/** The health check: the server runs and its database answers. */
export const systemModule = fp<{ system: SystemRepository; dialect: Dialect }>(
  async (app, { system, dialect }) => {
    serve(app, routes.health, async () => {
      await system.ping();
      return { status: 'ok' as const, database: dialect };
    });
  },
  { name: 'gatehouse-system', dependencies: MODULE_DEPENDENCIES },
);
