import { type QueryOf, type ResponseOf, routes } from '@gatehouse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LoadOrgs } from '@/components/org-picker';
import { call } from '@/lib/http';

export type ViewAs = ResponseOf<typeof routes.viewAs>;
export type ViewAsQuery = QueryOf<typeof routes.viewAs>;
export type PreviewedAccount = ViewAs['accounts']['list'][number];
export type Role = ResponseOf<typeof routes.listRoles>[number];

/** How many accounts the account picker offers at a time. */
const ACCOUNT_OPTIONS = 20;

export const authzKeys = {
  all: ['authz'] as const,
  viewAs: (query: ViewAsQuery) => ['authz', 'viewAs', query] as const,
  accountOptions: (text: string) => ['authz', 'accountOptions', text] as const,
  /** The account dialog's role options share this key (features/accounts): one role list in the cache. */
  roles: ['roles', 'list'] as const,
};

/** GET /authz/view-as: what the account or role would see. Asked afresh each time the screen shows it. */
export function useViewAs(query: ViewAsQuery | null) {
  return useQuery({
    queryKey: authzKeys.viewAs(query ?? {}),
    queryFn: ({ signal }) => call(routes.viewAs, { query: query ?? {}, signal }),
    enabled: query !== null,
    staleTime: 0,
  });
}

/**
 * Accounts to preview: those whose account number or user name starts with `text` (the account list matches each
 * field by its start; both are asked and merged), the newest first; with no text the newest accounts.
 */
export function useAccountOptions(text: string, enabled: boolean) {
  return useQuery({
    queryKey: authzKeys.accountOptions(text),
    queryFn: async ({ signal }) => {
      const page = { p: 1, pageSize: ACCOUNT_OPTIONS };
      if (!text) return (await call(routes.listAccounts, { query: page, signal })).list;
      const [byNumber, byName] = await Promise.all([
        call(routes.listAccounts, { query: { ...page, accountNumber: text }, signal }),
        call(routes.listAccounts, { query: { ...page, accountName: text }, signal }),
      ]);
      const seen = new Set<number>();
      return [...byNumber.list, ...byName.list].filter((account) => !seen.has(account.id) && seen.add(account.id));
    },
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useRoles(enabled: boolean) {
  return useQuery({
    queryKey: authzKeys.roles,
    queryFn: ({ signal }) => call(routes.listRoles, { signal }),
    enabled,
  });
}

/** The organisation list for the org picker: a level (the roots without pid), one id, or a name search. */
export const loadOrgs: LoadOrgs = (query = {}) => call(routes.listOrgs, { query });

/** The name of organisation `id` (an address may hold only the id), or undefined while unknown. */
export function useOrgName(id: number | undefined, enabled: boolean): string | undefined {
  const { data } = useQuery({
    queryKey: ['orgs', 'one', id],
    queryFn: ({ signal }) => call(routes.listOrgs, { query: { id: id as number }, signal }),
    enabled: enabled && id !== undefined,
    staleTime: 60_000,
  });
  return data?.[0]?.name;
}
