import type { Handlers } from '../../platform/http.js';
import type { RolesService } from './roles.service.js';

export function roleHandlers(
  roles: RolesService,
): Pick<Handlers, 'listRoles' | 'createRole' | 'updateRole' | 'deleteRole'> {
  return {
    listRoles: ({ principal }) => roles.list(principal),
    createRole: ({ body, principal }) => roles.create(body, principal),
    updateRole: ({ body, principal }) => roles.update(body, principal),
    deleteRole: async ({ query }) => {
      await roles.remove(query.id);
      return null;
    },
  };
}
