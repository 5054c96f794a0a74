import { IMPORT_MAX_BYTES, routes } from '@gatehouse/contract';
import fp from 'fastify-plugin';
import { batchAnswer } from '../../platform/errors.js';
import { MODULE_DEPENDENCIES, serve } from '../../platform/http.js';
import { sendTable } from '../../platform/spreadsheet.js';
import { uploadedChunks } from '../../platform/upload.js';
import { noteAuditBatch } from '../audit/index.js';
import type { DictsService } from './dicts.service.js';
import type { DictTransfer } from './dicts.transfer.js';

/** Dictionaries and their items. */
export const dictsModule = fp<{ dicts: DictsService; dictTransfer: DictTransfer }>(
  async (app, { dicts, dictTransfer }) => {
    serve(app, routes.listDicts, ({ query }) => dicts.list(query));
    serve(app, routes.exportDicts, async ({ query, reply }) => sendTable(reply, dicts.exportTable(query)));
    serve(app, routes.createDict, ({ body }) => dicts.create(body));
    serve(app, routes.updateDict, ({ body }) => dicts.update(body));
    serve(app, routes.deleteDict, async ({ query }) => {
      await dicts.remove(query.id);
      return null;
    });
    serve(app, routes.batchDeleteDictItems, async ({ body, request }) => {
      const outcome = await dicts.removeItems(body.ids);
      noteAuditBatch(request, outcome);
      return batchAnswer(outcome);
    });
    serve(app, routes.addCommonDicts, () => dicts.addCommon());
    serve(app, routes.listDictItems, ({ query }) => dicts.items(query.dictCode));
    serve(app, routes.dictItemImportTemplate, async ({ reply }) => sendTable(reply, await dictTransfer.template()));
    serve(app, routes.previewDictItemImport, async ({ request, principal }) =>
      dictTransfer.preview(() => uploadedChunks(request, IMPORT_MAX_BYTES), principal),
    );
    serve(app, routes.commitDictItemImport, ({ body, principal }) => dictTransfer.commit(body, principal));
    serve(app, routes.createDictItem, ({ body }) => dicts.createItem(body));
    serve(app, routes.updateDictItem, ({ body }) => dicts.updateItem(body));
    serve(app, routes.deleteDictItem, async ({ query }) => {
      await dicts.removeItem(query.id);
      return null;
    });
  },
  { name: 'gatehouse-dicts', dependencies: MODULE_DEPENDENCIES },
);
