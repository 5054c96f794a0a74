import { type ResponseOf, routes } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/http';
import { useRefetchWhenShown } from '@/lib/router/page-active';

export type Overview = ResponseOf<typeof routes.overview>;
export type RecentSignIn = Overview['recentSignIns'][number];

export const overviewKey = ['stats', 'overview'] as const;

/**
 * GET /stats/overview, only once the account is known to hold it (no request, no 403 toast otherwise); asked again
 * each time 首页's tab comes back on screen, so its figures are today's.
 */
export function useOverview(enabled: boolean) {
  const overview = useQuery({
    queryKey: overviewKey,
    queryFn: ({ signal }) => call(routes.overview, { signal }),
    enabled,
  });
  const { refetch } = overview;
  useRefetchWhenShown(enabled ? refetch : noop);
  return overview;
}

const noop = () => undefined;
