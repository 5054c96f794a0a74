import { routes } from '@gatehouse/contract';
import { call } from '@/lib/http';

/**
 * The region reference tree through the API (GET /regions, /regions/search, /regions/path), cached for the
 * page's life: it changes with a server upgrade only. Pass it to the RegionCascader as its `source`.
 */
export const regionSource = {
  children: (pid?: number) => call(routes.listRegions, { query: pid === undefined ? {} : { pid }, cache: true }),
  search: (keyword: string) => call(routes.searchRegions, { query: { keyword }, cache: true }),
  pathOf: (id: number) => call(routes.regionPath, { query: { id }, cache: true }),
};
