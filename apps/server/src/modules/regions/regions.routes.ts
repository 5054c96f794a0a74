import { routes } from '@gatehouse/contract';
import fp from 'fastify-plugin';
import { MODULE_DEPENDENCIES, serve } from '../../platform/http.js';
import type { RegionsService } from './regions.service.js';

/** Reference data that changes with a package upgrade only: browsers may keep answers for a day. */
const CACHE = 'private, max-age=86400';

/** China's administrative regions (the region cascader). */
export const regionsModule = fp<{ regions: RegionsService }>(
  async (app, { regions }) => {
    serve(app, routes.listRegions, async ({ query, reply }) => {
      reply.header('Cache-Control', CACHE);
      return regions.children(query.pid);
    });
    serve(app, routes.searchRegions, async ({ query }) => regions.search(query.keyword));
    serve(app, routes.regionPath, async ({ query, reply }) => {
      reply.header('Cache-Control', CACHE);
      return regions.path(query.id);
    });
  },
  { name: 'gatehouse-regions', dependencies: MODULE_DEPENDENCIES },
);
