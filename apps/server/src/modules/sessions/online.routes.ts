import type { Handlers } from '../../platform/http.js';
import type { OnlineService } from './online.service.js';

export function onlineHandlers(
  online: OnlineService,
): Pick<Handlers, 'listOnline' | 'forceLogout' | 'listOwnSessions' | 'endOwnSession' | 'endOtherOwnSessions'> {
  return {
    listOnline: ({ query, principal }) => online.list(query, principal),
    forceLogout: async ({ query, principal }) => {
      await online.forceLogout(query.id, principal);
      return null;
    },
    listOwnSessions: ({ principal }) => online.listOwn(principal),
    endOwnSession: async ({ query, principal }) => {
      await online.endOwn(query.id, principal);
      return null;
    },
    endOtherOwnSessions: ({ principal }) => online.endOthers(principal),
  };
}
