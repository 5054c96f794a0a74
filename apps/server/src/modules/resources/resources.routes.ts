import type { Handlers } from '../../platform/http.js';
import type { ResourcesAdmin } from './resources.admin.js';

export function resourceHandlers(
  admin: ResourcesAdmin,
): Pick<Handlers, 'listResources' | 'createResource' | 'updateResource' | 'deleteResource'> {
  return {
    listResources: () => admin.list(),
    createResource: ({ body }) => admin.create(body),
    updateResource: ({ body }) => admin.update(body),
    deleteResource: async ({ query }) => {
      await admin.remove(query.id);
      return null;
    },
  };
}
