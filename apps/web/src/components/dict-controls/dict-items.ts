import { type ResponseOf, routes } from '@gatehouse/contract';
import { useEffect, useState } from 'react';
import { call } from '@/lib/http';

export type DictItem = ResponseOf<typeof routes.listDictItems>[number];

/** The value of the '全部' option of DictSelect and DictRadio (sent as null by the http client). */
export const DICT_ALL = '' as const;

/**
 * Items of a dictionary through the http client's GET cache: one request per dictCode per session (the
 * cache is cleared on logout). The dictionary screen reloads the same query with `cache: 'update'`, which
 * refreshes this entry after every edit. Unlike other components these controls load their own data: the
 * dictCode is the whole interface (reference UI §1.13), so every caller would otherwise pass the same loader.
 */
export function loadDictItems(dictCode: string): Promise<DictItem[]> {
  return call(routes.listDictItems, { query: { dictCode }, cache: true });
}

export interface TreeNode<T> {
  item: T;
  children: TreeNode<T>[];
}

/**
 * Builds a pid tree from an adjacency list, keeping the list's order among siblings. Items whose pid is
 * missing, themselves or unknown become roots (reference UI §8's tree builder).
 */
export function buildTree<T extends { id: number; pid: number | null }>(items: readonly T[]): TreeNode<T>[] {
  const nodes = new Map<number, TreeNode<T>>();
  for (const item of items) nodes.set(item.id, { item, children: [] });
  const roots: TreeNode<T>[] = [];
  for (const item of items) {
    const node = nodes.get(item.id) as TreeNode<T>;
    const parent = item.pid !== null && item.pid !== item.id ? nodes.get(item.pid) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The ids of `id` and everything below it (e.g. what cannot become its parent). */
export function subtreeIds<T extends { id: number; pid: number | null }>(items: readonly T[], id: number): Set<number> {
  const result = new Set<number>([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const item of items) {
      if (item.pid !== null && result.has(item.pid) && !result.has(item.id)) {
        result.add(item.id);
        grew = true;
      }
    }
  }
  return result;
}

/**
 * The items a picker offers: those enabled under enabled parents (a disabled item takes the items below it
 * out with it), plus the `chosen` ones and their parents, so a value picked before its item was disabled still
 * shows. Disabled items stay on the dictionary screen; only the pickers leave them out.
 */
export function offeredItems<T extends { id: number; pid: number | null; state: boolean }>(
  items: readonly T[],
  chosen: Iterable<number | null | undefined> = [],
): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const parentOf = (item: T) => (item.pid === null || item.pid === item.id ? undefined : byId.get(item.pid));
  const kept = new Set<number>();
  for (const id of chosen) {
    for (let at = id == null ? undefined : byId.get(id); at && !kept.has(at.id); at = parentOf(at)) kept.add(at.id);
  }
  const enabled = (item: T) => {
    const seen = new Set<number>();
    for (let at: T | undefined = item; at && !seen.has(at.id); at = parentOf(at)) {
      if (!at.state) return false;
      seen.add(at.id);
    }
    return true;
  };
  return items.filter((item) => kept.has(item.id) || enabled(item));
}

/** Items of `dictCode`, loaded once per session; empty while loading or when the call failed (toasted). */
export function useDictItems(dictCode: string): { items: DictItem[]; loading: boolean } {
  const [state, setState] = useState<{ dictCode: string; items: DictItem[] } | null>(null);
  useEffect(() => {
    let live = true;
    loadDictItems(dictCode).then(
      (items) => live && setState({ dictCode, items }),
      () => live && setState({ dictCode, items: [] }),
    );
    return () => {
      live = false;
    };
  }, [dictCode]);
  const current = state?.dictCode === dictCode ? state : null;
  return { items: current?.items ?? [], loading: current === null };
}
