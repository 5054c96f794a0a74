import { routes } from '@gatehouse/contract';
import fp from 'fastify-plugin';
import { MODULE_DEPENDENCIES, serve } from '../../platform/http.js';
import type { ResourcesAdmin } from './resources.admin.js';

/** The permission tree's editor (menus, buttons, API resources). */
export const resourcesModule = fp<{ resourcesAdmin: ResourcesAdmin }>(
  async (app, { resourcesAdmin: admin }) => {
    serve(app, routes.listResources, () => admin.list());
    serve(app, routes.createResource, ({ body }) => admin.create(body));
    serve(app, routes.updateResource, ({ body }) => admin.update(body));
    serve(app, routes.deleteResource, async ({ query }) => {
      await admin.remove(query.id);
      return null;
    });
  },
  { name: 'gatehouse-resources', dependencies: MODULE_DEPENDENCIES },
);
