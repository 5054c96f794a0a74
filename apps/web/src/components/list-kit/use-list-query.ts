import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { appConfig } from '@/config/app-config';
import { useRefetchWhenShown } from '@/lib/router/page-active';

/** Sort direction of a server-sorted list (the contract's `order`). */
export type SortOrder = 'asc' | 'desc';

/** What every paged, server-sorted list query holds besides its filters (the contract's PageQuery + sortQuery). */
export interface ListQueryBase {
  p: number;
  pageSize: number;
  sort?: string;
  order?: SortOrder;
}

/** One page of a list as the API answers it. */
export interface ListPageData<T> {
  list: T[];
  totalCount: number;
  totalPage: number;
  /** The server counted up to totalCount and found more (the account list's contains search): shown as "10,000+". */
  totalCapped?: boolean;
}

/** The filters of a route's query: everything but the page and the sort. */
export type FiltersOf<Q> = Omit<Q, 'p' | 'pageSize' | 'sort' | 'order'>;

/**
 * How one filter travels in the URL: 'text' (trimmed; empty means no filter), 'int' (a positive integer), 'bit' (0 or
 * 1: a yes/no filter such as 状态), 'time'
 * (epoch milliseconds, as the API answers times and takes them; an ISO 8601 text of an older link is read too), or
 * the list of values an enum filter accepts. A value the URL holds that does not decode (a hand-edited or old link)
 * is dropped rather than sent to the server for a 400.
 */
export type FilterCodec = 'text' | 'int' | 'bit' | 'time' | readonly string[];

export type FilterCodecs<Q> = { [K in keyof FiltersOf<Q>]-?: FilterCodec };

export interface UseListQueryOptions<Q extends ListQueryBase, T> {
  /**
   * The screen's query key root, e.g. ['accounts']: pages are cached under [...key, 'list', query], so
   * `invalidateQueries({ queryKey: key })` (what useListMutation and useBulkAction do) refreshes every page.
   */
  queryKey: readonly unknown[];
  /** How each filter of the route's query is read from and written to the URL. */
  filters: FilterCodecs<Q>;
  /** The columns the server sorts by (the contract's *_SORTS); any other `sort` in the URL is ignored. */
  sorts?: readonly NonNullable<Q['sort']>[];
  /** Loads one page (the feature's contract call; the kit itself talks no HTTP). */
  fetchPage: (query: Q, signal: AbortSignal) => Promise<ListPageData<T>>;
  /** Page size when the URL names none (default: appConfig.defaultPageSize, the spec's 20). */
  defaultPageSize?: number;
}

const PAGE_KEYS = ['p', 'pageSize', 'sort', 'order'] as const;

function decodeFilter(codec: FilterCodec, raw: string | null): string | number | undefined {
  if (raw === null) return undefined;
  if (codec === 'text') {
    const text = raw.trim();
    return text === '' ? undefined : text;
  }
  if (codec === 'int') return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined;
  if (codec === 'bit') return raw === '0' || raw === '1' ? Number(raw) : undefined;
  if (codec === 'time') {
    const ms = /^\d{1,15}$/.test(raw) ? Number(raw) : Date.parse(raw);
    return Number.isNaN(ms) ? undefined : ms;
  }
  return codec.includes(raw) ? raw : undefined;
}

/** A filter value as the URL keeps it, or undefined when it filters nothing. */
function encodeFilter(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

/**
 * A list screen's query state in the URL of its hash route — filters, page `p`, `pageSize`, `sort`, `order` — so
 * back/forward, a reload and a restored tab show the same rows; and the page itself through TanStack Query (one
 * key per screen, the previous page kept on screen while the next one loads).
 *
 * - `search(filters)` applies the filters from page 1; with the same filters it refetches (查询 always asks the
 *   server again), so no screen compares queries itself.
 * - Changing the filters, the sort or the page size goes back to page 1.
 * - When the server's totalPage falls below the current page (the last row of the last page deleted elsewhere),
 *   the list goes to page 1 (specification (docs/specification.md) pager rule).
 * - Search params the kit does not own (another piece of the screen's state) are kept.
 */
export function useListQuery<Q extends ListQueryBase, T>(options: UseListQueryOptions<Q, T>) {
  const { queryKey, filters: codecs, sorts, fetchPage } = options;
  const defaultPageSize = options.defaultPageSize ?? appConfig.defaultPageSize;
  const [params, setParams] = useSearchParams();
  const paramsText = params.toString();

  const query = useMemo(() => {
    const read = new URLSearchParams(paramsText);
    const p = Number(read.get('p'));
    const pageSize = Number(read.get('pageSize'));
    const next: Record<string, unknown> = {
      p: Number.isInteger(p) && p >= 1 && p <= 1_000_000 ? p : 1,
      pageSize: appConfig.pageSizes.includes(pageSize) ? pageSize : defaultPageSize,
    };
    const sort = read.get('sort');
    if (sort !== null && sorts?.includes(sort as NonNullable<Q['sort']>)) {
      next.sort = sort;
      const order = read.get('order');
      if (order === 'asc' || order === 'desc') next.order = order;
    }
    for (const [name, codec] of Object.entries(codecs) as [string, FilterCodec][]) {
      const value = decodeFilter(codec, read.get(name));
      if (value !== undefined) next[name] = value;
    }
    return next as unknown as Q;
  }, [paramsText, codecs, sorts, defaultPageSize]);

  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const result = useQuery({
    queryKey: [...queryKey, 'list', query],
    queryFn: ({ signal }) => fetchRef.current(query, signal),
    placeholderData: keepPreviousData,
  });
  // A kept page whose tab comes back on screen asks the server again (an account given this role meanwhile, say),
  // its rows staying on screen.
  useRefetchWhenShown(result.refetch);

  /**
   * The last page the server did answer: a failed request for another page (or filter) keeps it on screen under
   * an error banner instead of an empty table that would read as "no data".
   */
  const lastAnswer = useRef<ListPageData<T> | undefined>(undefined);
  if (result.data && !result.isPlaceholderData) lastAnswer.current = result.data;
  const data = result.data ?? (result.isError ? lastAnswer.current : undefined);

  /** Writes `next` into the URL (keeping params the kit does not own); answers whether anything changed. */
  const write = useCallback(
    (next: Partial<ListQueryBase> & Record<string, unknown>, replace = false): boolean => {
      const out = new URLSearchParams(paramsText);
      for (const key of [...PAGE_KEYS, ...Object.keys(codecs)]) out.delete(key);
      const merged: Record<string, unknown> = { ...next };
      if (merged.p === 1) delete merged.p;
      if (merged.pageSize === defaultPageSize) delete merged.pageSize;
      if (!merged.sort) delete merged.order;
      for (const key of [...Object.keys(codecs), ...PAGE_KEYS]) {
        const value = encodeFilter(merged[key]);
        if (value !== undefined) out.set(key, value);
      }
      const text = out.toString();
      if (text === paramsText) return false;
      setParams(out, { replace });
      return true;
    },
    [paramsText, codecs, defaultPageSize, setParams],
  );

  const filtersNow = useMemo(() => {
    const current: Record<string, unknown> = {};
    for (const name of Object.keys(codecs)) {
      const value = (query as Record<string, unknown>)[name];
      if (value !== undefined) current[name] = value;
    }
    return current as Partial<FiltersOf<Q>>;
  }, [query, codecs]);

  const sortPart = { sort: query.sort, order: query.order };
  const refetch = result.refetch;

  const search = (next: Partial<FiltersOf<Q>>) => {
    if (!write({ ...(next as Record<string, unknown>), ...sortPart, pageSize: query.pageSize, p: 1 })) {
      void refetch();
    }
  };
  /** 重置: no filters and the server's default order, from page 1 (the page size stays); refetches when already so. */
  const reset = () => {
    if (!write({ pageSize: query.pageSize, p: 1 })) void refetch();
  };
  const setPage = (p: number, pageSize: number) =>
    write({ ...filtersNow, ...sortPart, pageSize, p: pageSize === query.pageSize ? p : 1 });
  const setSort = (sort: Q['sort'] | undefined, order?: SortOrder) =>
    write({ ...filtersNow, sort, order: sort ? order : undefined, pageSize: query.pageSize, p: 1 });

  // Pager rule: fewer pages than the page shown (rows deleted, here or elsewhere) -> page 1. Replaces the history
  // entry, so back does not return to the page that no longer exists.
  const totalPage = result.isPlaceholderData ? undefined : result.data?.totalPage;
  useEffect(() => {
    if (totalPage !== undefined && query.p > 1 && totalPage < query.p) {
      write({ ...filtersNow, ...sortPart, pageSize: query.pageSize, p: 1 }, true);
    }
  });

  return {
    /** The query sent for the page shown: what the URL says, decoded. */
    query,
    /** The filters applied (what the search form shows after a reload or back). */
    filters: filtersNow,
    /** The page on screen: the latest answer, or after a failed request the last one answered. */
    data,
    /** First load: nothing answered yet and nothing failed. */
    isPending: result.isPending && !result.isError,
    /** A request is in flight (first load, another page, a refetch). */
    isFetching: result.isFetching,
    /**
     * The page shown is asked for again while its rows stay on screen (a revisit of the screen, 刷新, after a write):
     * the tool bar's 刷新 spins, the rows are not covered.
     */
    isRefreshing: result.isFetching && !result.isPlaceholderData && result.data !== undefined,
    /** The last request failed (`data` may still hold an earlier page). */
    error: result.isError ? result.error : null,
    queryKey,
    refetch: () => refetch(),
    search,
    reset,
    setPage,
    setSort,
  };
}

export type ListQueryState<Q extends ListQueryBase, T> = ReturnType<typeof useListQuery<Q, T>>;
