import { routes } from '@gatehouse/contract';
import fp from 'fastify-plugin';
import { MODULE_DEPENDENCIES, serve } from '../../platform/http.js';
import type { OrgsService } from './orgs.service.js';

/** The organisation tree. */
export const orgsModule = fp<{ orgs: OrgsService }>(
  async (app, { orgs }) => {
    serve(app, routes.listOrgs, ({ query }) => orgs.children(query.pid ?? null));
    serve(app, routes.createOrg, ({ body }) => orgs.create(body));
    serve(app, routes.updateOrg, ({ body }) => orgs.update(body));
    serve(app, routes.deleteOrg, async ({ query }) => {
      await orgs.remove(query.id);
      return null;
    });
  },
  { name: 'gatehouse-orgs', dependencies: MODULE_DEPENDENCIES },
);
