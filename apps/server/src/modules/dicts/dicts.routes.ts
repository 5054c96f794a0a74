import type { Handlers } from '../../platform/http.js';
import type { DictsService } from './dicts.service.js';

export function dictHandlers(
  dicts: DictsService,
): Pick<
  Handlers,
  | 'listDicts'
  | 'createDict'
  | 'updateDict'
  | 'deleteDict'
  | 'listDictItems'
  | 'createDictItem'
  | 'updateDictItem'
  | 'deleteDictItem'
> {
  return {
    listDicts: ({ query }) => dicts.list(query),
    createDict: ({ body }) => dicts.create(body),
    updateDict: ({ body }) => dicts.update(body),
    deleteDict: async ({ query }) => {
      await dicts.remove(query.id);
      return null;
    },
    listDictItems: ({ query }) => dicts.items(query.dictCode),
    createDictItem: ({ body }) => dicts.createItem(body),
    updateDictItem: ({ body }) => dicts.updateItem(body),
    deleteDictItem: async ({ query }) => {
      await dicts.removeItem(query.id);
      return null;
    },
  };
}
