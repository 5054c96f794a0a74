import { type ResponseOf, routes } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/http';

export type Overview = ResponseOf<typeof routes.overview>;
export type RecentSignIn = Overview['recentSignIns'][number];

export const overviewKey = ['stats', 'overview'] as const;

/** GET /stats/overview, only once the account is known to hold it (no request, no 403 toast otherwise). */
export function useOverview(enabled: boolean) {
  return useQuery({
    queryKey: overviewKey,
    queryFn: ({ signal }) => call(routes.overview, { signal }),
    enabled,
  });
}
