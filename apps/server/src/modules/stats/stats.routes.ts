import { routes } from '@gatehouse/contract';
import fp from 'fastify-plugin';
import { MODULE_DEPENDENCIES, serve } from '../../platform/http.js';
import type { StatsService } from './stats.service.js';

/** The home dashboard's and /data-v's figures. */
export const statsModule = fp<{ stats: StatsService }>(
  async (app, { stats }) => {
    serve(app, routes.overview, async ({ principal }) => stats.overview(principal));
  },
  { name: 'gatehouse-stats', dependencies: MODULE_DEPENDENCIES },
);
