import {
  CRUD_ENTITIES,
  type CrudRole,
  crudRoles,
  crudRouteName,
  IMPORT_MAX_BYTES,
  type RouteDef,
  routes,
} from '@gatehouse/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { batchAnswer } from '../../platform/errors.js';
import { type Handler, MODULE_DEPENDENCIES, type Principal, serve } from '../../platform/http.js';
import { sendTable } from '../../platform/spreadsheet.js';
import { uploadedChunks } from '../../platform/upload.js';
import { noteAuditBatch } from '../audit/index.js';
import type { CrudService } from './crud.service.js';
import type { CrudTransfer } from './crud.transfer.js';

/** Each entity's engine, by the entity's name. */
export type CrudEngines = ReadonlyMap<string, { service: CrudService; transfer: CrudTransfer }>;

/** A handler's inputs: the route's own schemas (derived from the descriptor) checked them before it runs. */
interface Inputs {
  // biome-ignore lint/suspicious/noExplicitAny: validated by the route's schema, typed by the contract for clients
  query: any;
  // biome-ignore lint/suspicious/noExplicitAny: validated by the route's schema, typed by the contract for clients
  body: any;
  principal: Principal;
  request: FastifyRequest;
  reply: FastifyReply;
}
type AnyHandler = (inputs: Inputs) => unknown;

/** The handler of each CRUD role. */
function handlers({
  service,
  transfer,
}: {
  service: CrudService;
  transfer: CrudTransfer;
}): Record<CrudRole, AnyHandler> {
  return {
    list: ({ query }) => service.list(query),
    create: ({ body }) => service.create(body),
    update: ({ body }) => service.update(body),
    remove: async ({ query }) => {
      await service.remove(query.id);
      return null;
    },
    batchDelete: async ({ body, request }) => {
      const outcome = await service.removeMany(body.ids);
      noteAuditBatch(request, outcome);
      return batchAnswer(outcome);
    },
    batchState: async ({ body, request }) => {
      const outcome = await service.setState(body.ids, body.state);
      noteAuditBatch(request, outcome);
      return batchAnswer(outcome);
    },
    exportRows: async ({ query, reply }) => sendTable(reply, service.exportTable(query)),
    importTemplate: async ({ reply }) => sendTable(reply, transfer.template()),
    previewImport: async ({ request, principal }) =>
      transfer.preview(() => uploadedChunks(request, IMPORT_MAX_BYTES), principal),
    commitImport: ({ body, principal }) => transfer.commit(body, principal),
  };
}

/** The managed entities of the contract's CRUD_ENTITIES, each route served by the generic engine. */
export const crudModule = fp<{ crudEngines: CrudEngines }>(
  async (app, { crudEngines }) => {
    for (const { entity, crud } of CRUD_ENTITIES) {
      const engine = crudEngines.get(entity.name);
      if (!engine) throw new Error(`no engine for ${entity.name}`);
      const serveRole = handlers(engine);
      for (const role of crudRoles(crud)) {
        const route = (routes as unknown as Record<string, RouteDef>)[crudRouteName(crud.name, role)] as RouteDef;
        serve(app, route, serveRole[role] as unknown as Handler<RouteDef>);
      }
    }
  },
  { name: 'gatehouse-crud', dependencies: MODULE_DEPENDENCIES },
);
