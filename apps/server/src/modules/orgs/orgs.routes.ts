import type { Handlers } from '../../platform/http.js';
import type { OrgsService } from './orgs.service.js';

export function orgHandlers(orgs: OrgsService): Pick<Handlers, 'listOrgs' | 'createOrg' | 'updateOrg' | 'deleteOrg'> {
  return {
    listOrgs: ({ query }) => orgs.children(query.pid ?? null),
    createOrg: ({ body }) => orgs.create(body),
    updateOrg: ({ body }) => orgs.update(body),
    deleteOrg: async ({ query }) => {
      await orgs.remove(query.id);
      return null;
    },
  };
}
