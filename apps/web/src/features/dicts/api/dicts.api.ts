import { type BodyOf, type QueryOf, type ResponseOf, routes } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/http';

export type Dict = ResponseOf<typeof routes.listDicts>['list'][number];
export type DictListQuery = QueryOf<typeof routes.listDicts>;
export type DictBody = BodyOf<typeof routes.createDict>;
export type DictItem = ResponseOf<typeof routes.listDictItems>[number];
export type CreateDictItemBody = BodyOf<typeof routes.createDictItem>;
export type UpdateDictItemBody = BodyOf<typeof routes.updateDictItem>;

export const dictKeys = {
  /** The list's key root (the list kit caches pages under ['dicts', 'list', query]); the items live below it too. */
  all: ['dicts'] as const,
  items: (dictCode: string) => ['dicts', 'items', dictCode] as const,
};

/** One page of dictionaries as the query in the URL asks (the list kit's `fetchPage`). */
export const listDicts = (query: DictListQuery, signal: AbortSignal) => call(routes.listDicts, { query, signal });

export const createDict = (body: DictBody) => call(routes.createDict, { body });
export const updateDict = (body: BodyOf<typeof routes.updateDict>) => call(routes.updateDict, { body });
/** By id, as the contract says (the original sent dictCode; reference UI §9). Refused while the dictionary has items. */
export const deleteDict = (id: number) => call(routes.deleteDict, { query: { id } });
export const createDictItem = (body: CreateDictItemBody) => call(routes.createDictItem, { body });
export const updateDictItem = (body: UpdateDictItemBody) => call(routes.updateDictItem, { body });
export const deleteDictItem = (id: number) => call(routes.deleteDictItem, { query: { id } });
/** Answers which items were deleted and why each other one was not (an item goes only with all its children). */
export const batchDeleteDictItems = (ids: number[]) => call(routes.batchDeleteDictItems, { body: { ids } });

/**
 * The items of one dictionary. `cache: 'update'` refreshes the http client's cached copy too, so the dictionary
 * controls (e.g. the 上级 cascader) see every edit made in the drawer.
 */
export const listDictItems = (dictCode: string, signal?: AbortSignal) =>
  call(routes.listDictItems, { query: { dictCode }, signal, cache: 'update' });

/** The items of one dictionary for the maintenance drawer. */
export function useDictItemList(dictCode: string | undefined) {
  return useQuery({
    queryKey: dictKeys.items(dictCode ?? ''),
    queryFn: ({ signal }) => listDictItems(dictCode ?? '', signal),
    enabled: Boolean(dictCode),
  });
}
