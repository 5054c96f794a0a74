import { type ResponseOf, routes } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/http';

export type Overview = ResponseOf<typeof routes.overview>;
export type RecentSignIn = Overview['recentSignIns'][number];

/** How often the big screen asks again. */
export const REFRESH_MS = 10_000;

/**
 * GET /stats/overview every REFRESH_MS while the screen is visible (the same cache entry as the home dashboard,
 * so either screen opens on what the other had). Only once the account is known to hold the route.
 */
export function useLiveOverview(enabled: boolean) {
  return useQuery({
    queryKey: ['stats', 'overview'],
    queryFn: ({ signal }) => call(routes.overview, { signal }),
    enabled,
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnMount: 'always',
  });
}
