import type { Handlers } from '../../platform/http.js';
import type { RegionsService } from './regions.service.js';

/** Reference data that changes with a package upgrade only: browsers may keep answers for a day. */
const CACHE = 'private, max-age=86400';

export function regionHandlers(
  regions: RegionsService,
): Pick<Handlers, 'listRegions' | 'searchRegions' | 'regionPath'> {
  return {
    listRegions: async ({ query, reply }) => {
      reply.header('Cache-Control', CACHE);
      return regions.children(query.pid);
    },
    searchRegions: async ({ query }) => regions.search(query.keyword),
    regionPath: async ({ query, reply }) => {
      reply.header('Cache-Control', CACHE);
      return regions.path(query.id);
    },
  };
}
