import { type BodyOf, type QueryOf, type ResponseOf, routes } from '@gatehouse/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '@/lib/http';

export type Dict = ResponseOf<typeof routes.listDicts>['list'][number];
export type DictListQuery = QueryOf<typeof routes.listDicts>;
export type DictBody = BodyOf<typeof routes.createDict>;
export type DictItem = ResponseOf<typeof routes.listDictItems>[number];
export type CreateDictItemBody = BodyOf<typeof routes.createDictItem>;
export type UpdateDictItemBody = BodyOf<typeof routes.updateDictItem>;

export const dictKeys = {
  all: ['dicts'] as const,
  list: (query: DictListQuery) => ['dicts', 'list', query] as const,
  items: (dictCode: string) => ['dicts', 'items', dictCode] as const,
};

export const createDict = (body: DictBody) => call(routes.createDict, { body });
export const updateDict = (body: BodyOf<typeof routes.updateDict>) => call(routes.updateDict, { body });
/** By id, as the contract says (the original sent dictCode; reference-ui §9). */
export const deleteDict = (id: number) => call(routes.deleteDict, { query: { id } });
export const createDictItem = (body: CreateDictItemBody) => call(routes.createDictItem, { body });
export const updateDictItem = (body: UpdateDictItemBody) => call(routes.updateDictItem, { body });
export const deleteDictItem = (id: number) => call(routes.deleteDictItem, { query: { id } });

export function useDictList(query: DictListQuery) {
  return useQuery({
    queryKey: dictKeys.list(query),
    queryFn: ({ signal }) => call(routes.listDicts, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The items of one dictionary for the maintenance drawer. `cache: 'update'` refreshes the http client's
 * cached copy too, so the dictionary controls (e.g. the 上级 cascader) see every edit made here.
 */
export function useDictItemList(dictCode: string | undefined) {
  return useQuery({
    queryKey: dictKeys.items(dictCode ?? ''),
    queryFn: () => call(routes.listDictItems, { query: { dictCode: dictCode ?? '' }, cache: 'update' }),
    enabled: Boolean(dictCode),
  });
}

export function useReloadDicts() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: ['dicts', 'list'] }), [queryClient]);
}

export function useReloadDictItems() {
  const queryClient = useQueryClient();
  return useCallback(
    (dictCode: string) => queryClient.invalidateQueries({ queryKey: dictKeys.items(dictCode) }),
    [queryClient],
  );
}
