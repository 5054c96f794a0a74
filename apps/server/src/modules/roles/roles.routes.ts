import { routes } from '@gatehouse/contract';
import fp from 'fastify-plugin';
import { MODULE_DEPENDENCIES, serve } from '../../platform/http.js';
import { sendTable } from '../../platform/spreadsheet.js';
import type { RolesService } from './roles.service.js';

/** Roles and the resources each grants. */
export const rolesModule = fp<{ roles: RolesService }>(
  async (app, { roles }) => {
    serve(app, routes.listRoles, ({ principal }) => roles.list(principal));
    serve(app, routes.exportRoles, async ({ query, reply }) => sendTable(reply, await roles.exportTable(query)));
    serve(app, routes.createRole, ({ body, principal }) => roles.create(body, principal));
    serve(app, routes.updateRole, ({ body, principal }) => roles.update(body, principal));
    serve(app, routes.deleteRole, async ({ query }) => {
      await roles.remove(query.id);
      return null;
    });
  },
  { name: 'gatehouse-roles', dependencies: MODULE_DEPENDENCIES },
);
