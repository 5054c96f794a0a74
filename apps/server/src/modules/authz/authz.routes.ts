import { routes } from '@gatehouse/contract';
import fp from 'fastify-plugin';
import { MODULE_DEPENDENCIES, serve } from '../../platform/http.js';
import type { ExplainService } from './explain.service.js';

/** 权限说明 and 权限预览: why an account may do what it may, who holds a resource, what an account or role sees. */
export const authzModule = fp<{ explain: ExplainService }>(
  async (app, { explain }) => {
    serve(app, routes.explainAccount, ({ query }) => explain.explainAccount(query.id));
    serve(app, routes.explainResource, ({ query }) => explain.explainResource(query.id));
    serve(app, routes.viewAs, ({ query, principal }) => explain.viewAs(principal, query));
  },
  { name: 'gatehouse-authz', dependencies: MODULE_DEPENDENCIES },
);
