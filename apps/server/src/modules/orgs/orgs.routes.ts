import { IMPORT_MAX_BYTES, routes } from '@gatehouse/contract';
import fp from 'fastify-plugin';
import { MODULE_DEPENDENCIES, serve } from '../../platform/http.js';
import { sendTable } from '../../platform/spreadsheet.js';
import { uploadedChunks } from '../../platform/upload.js';
import type { Authz } from '../authz/index.js';
import type { OrgsService } from './orgs.service.js';
import type { OrgTransfer } from './orgs.transfer.js';

/** The organisation tree. */
export const orgsModule = fp<{ orgs: OrgsService; orgTransfer: OrgTransfer; authz: Authz }>(
  async (app, { orgs, orgTransfer, authz }) => {
    serve(app, routes.listOrgs, async ({ query, principal }) => {
      // The caller's data scope: what it may see of the tree (modules/authz).
      const visible = await authz.orgsVisible(principal);
      return query.id !== undefined
        ? orgs.byId(query.id, visible)
        : query.name !== undefined
          ? orgs.named(query.name, visible)
          : orgs.children(query.pid ?? null, visible);
    });
    serve(app, routes.exportOrgs, async ({ query, principal, reply }) =>
      sendTable(reply, await orgs.exportTable(query, await authz.orgsVisible(principal))),
    );
    serve(app, routes.orgImportTemplate, async ({ principal, reply }) =>
      sendTable(reply, await orgTransfer.template(principal)),
    );
    serve(app, routes.previewOrgImport, async ({ request, principal }) =>
      orgTransfer.preview(() => uploadedChunks(request, IMPORT_MAX_BYTES), principal),
    );
    serve(app, routes.commitOrgImport, ({ body, principal }) => orgTransfer.commit(body, principal));
    serve(app, routes.createOrg, ({ body }) => orgs.create(body));
    serve(app, routes.updateOrg, ({ body }) => orgs.update(body));
    serve(app, routes.deleteOrg, async ({ query }) => {
      await orgs.remove(query.id);
      return null;
    });
  },
  { name: 'gatehouse-orgs', dependencies: MODULE_DEPENDENCIES },
);
