import { IMPORT_MAX_BYTES, routes } from '@gatehouse/contract';
import fp from 'fastify-plugin';
import { batchAnswer } from '../../platform/errors.js';
import { MODULE_DEPENDENCIES, serve } from '../../platform/http.js';
import { sendTable } from '../../platform/spreadsheet.js';
import { uploadedChunks } from '../../platform/upload.js';
import { noteAuditBatch } from '../audit/index.js';
import type { AccountsService } from './accounts.service.js';
import type { AccountTransfer } from './accounts.transfer.js';

/** The accounts screen and the personal page's own profile. */
export const accountsModule = fp<{ accounts: AccountsService; accountTransfer: AccountTransfer }>(
  async (app, { accounts, accountTransfer }) => {
    serve(app, routes.listAccounts, ({ query, principal }) => accounts.list(query, principal));
    serve(app, routes.exportAccounts, async ({ query, principal, reply }) =>
      sendTable(reply, await accountTransfer.exportFile(query, principal)),
    );
    serve(app, routes.accountImportTemplate, async ({ principal, reply }) =>
      sendTable(reply, await accountTransfer.template(principal)),
    );
    serve(app, routes.previewAccountImport, async ({ request, principal }) =>
      accountTransfer.preview(() => uploadedChunks(request, IMPORT_MAX_BYTES), principal),
    );
    serve(app, routes.commitAccountImport, ({ body, principal }) => accountTransfer.commit(body, principal));
    serve(app, routes.createAccount, ({ body, principal }) => accounts.create(body, principal));
    serve(app, routes.updateAccount, ({ body, principal }) => accounts.update(body, principal));
    serve(app, routes.deleteAccount, async ({ query, principal }) => {
      await accounts.remove(query.id, principal);
      return null;
    });
    serve(app, routes.batchDeleteAccounts, async ({ body, principal, request }) => {
      const outcome = await accounts.removeMany(body.ids, principal);
      noteAuditBatch(request, outcome);
      return batchAnswer(outcome);
    });
    serve(app, routes.batchAccountState, async ({ body, principal, request }) => {
      const outcome = await accounts.setStateMany(body.ids, Number(body.state) === 1, principal);
      noteAuditBatch(request, outcome);
      return batchAnswer(outcome);
    });
    serve(app, routes.resetAccountPassword, ({ body }) => accounts.resetPassword(body.id));
    // A new mobile or e-mail needs sudo mode: its refusal carries the header that makes the web ask for a verification.
    serve(app, routes.updateProfile, ({ body, principal }) => accounts.updateProfile(body, principal));
  },
  { name: 'gatehouse-accounts', dependencies: MODULE_DEPENDENCIES },
);
