import { type QueryOf, type ResponseOf, routes } from '@gatehouse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/http';

export type OnlineSession = ResponseOf<typeof routes.listOnline>['list'][number];
export type OnlineQuery = QueryOf<typeof routes.listOnline>;

export const onlineKeys = {
  list: (query: OnlineQuery) => ['online', 'list', query] as const,
};

export function useOnlineList(query: OnlineQuery) {
  return useQuery({
    queryKey: onlineKeys.list(query),
    queryFn: ({ signal }) => call(routes.listOnline, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** DELETE /online?id=: 强制下线. */
export const forceLogout = (id: string) => call(routes.forceLogout, { query: { id } });
