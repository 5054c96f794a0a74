import { type BodyOf, type QueryOf, type ResponseOf, routes } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import type { LoadOrgs } from '@/components/org-picker';
import { call } from '@/lib/http';
import { canCall, useSession } from '@/stores/session';

export type Account = ResponseOf<typeof routes.listAccounts>['list'][number];
export type AccountListQuery = QueryOf<typeof routes.listAccounts>;
export type CreateAccountBody = BodyOf<typeof routes.createAccount>;
export type UpdateAccountBody = BodyOf<typeof routes.updateAccount>;
export type Role = ResponseOf<typeof routes.listRoles>[number];
type PostPage = ResponseOf<typeof routes.listPosts>;

export const accountKeys = {
  /** The account list's query key root (the list kit caches pages under it). */
  all: ['accounts'] as const,
  roles: ['roles', 'list'] as const,
  /** Under `all`: every account write (which may approve one) refreshes the count too. */
  pendingCount: ['accounts', 'pendingCount'] as const,
};

/** One page of accounts as the query in the URL asks (the list kit's `fetchPage`). */
export const listAccounts = (query: AccountListQuery, signal: AbortSignal) =>
  call(routes.listAccounts, { query, signal });

export const createAccount = (body: CreateAccountBody) => call(routes.createAccount, { body });
export const updateAccount = (body: UpdateAccountBody) => call(routes.updateAccount, { body });
export const deleteAccount = (id: number) => call(routes.deleteAccount, { query: { id } });
/** Answers per account which were deleted and why each other one was not (the server decides). */
export const batchDeleteAccounts = (ids: number[]) => call(routes.batchDeleteAccounts, { body: { ids } });
export const batchAccountState = (ids: number[], state: boolean) =>
  call(routes.batchAccountState, { body: { ids, state: state ? 1 : 0 } });
export const resetAccountPassword = (id: number) => call(routes.resetAccountPassword, { body: { id } });
/** Removes the account's authenticator app, passkeys and recovery codes (a sudo route: the http layer verifies). */
export const resetSecondFactor = (id: number) => call(routes.resetSecondFactor, { query: { id } });
/** Answers a token acting as account `id` (the session remembers who switched). */
export const switchIdentity = (id: number) => call(routes.switchIdentity, { query: { id } });
/** Ends the switched session; answers a token of the original account's session. */
export const restoreIdentity = () => call(routes.restoreIdentity);

/** The organisation list for the org picker: a level (the roots without pid), one id, or a name search. */
export const loadOrgs: LoadOrgs = (query = {}) => call(routes.listOrgs, { query });

/**
 * The name of organisation `id` (a filter restored from the URL holds only the id), or undefined while unknown.
 * Cached per id like any screen data.
 */
export function useOrgName(id: number | null | undefined): string | undefined {
  const { data } = useQuery({
    queryKey: ['orgs', 'one', id],
    queryFn: ({ signal }) => call(routes.listOrgs, { query: { id: id as number }, signal }),
    enabled: typeof id === 'number',
    staleTime: 60_000,
  });
  return data?.[0]?.name;
}

/** The enabled posts (岗位) an account may be given: the first 100 in the posts' order. */
export function useEnabledPosts(enabled: boolean) {
  return useQuery({
    queryKey: ['posts', 'enabled'],
    // The descriptor-served routes' inputs are typed loosely (contract entity-crud.ts): the query is the list's own.
    queryFn: ({ signal }) =>
      call(routes.listPosts, { query: { p: 1, pageSize: 100, state: 1 }, signal } as never) as Promise<PostPage>,
    enabled,
    staleTime: 60_000,
  });
}

/** The posts (岗位) the list filters by: the first 100 in the posts' order, enabled or not (accounts hold either). */
export function usePosts(enabled: boolean) {
  return useQuery({
    queryKey: ['posts', 'all'],
    queryFn: ({ signal }) =>
      call(routes.listPosts, { query: { p: 1, pageSize: 100 }, signal } as never) as Promise<PostPage>,
    enabled,
    staleTime: 60_000,
  });
}

export function useRoles(enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.roles,
    queryFn: ({ signal }) => call(routes.listRoles, { signal }),
    enabled,
  });
}

/**
 * How many self-registered accounts wait for approval (REGISTRATION=approval): the account list filtered to them, one
 * row asked for, its totalCount. Asked only by an account that may list accounts (the same permission as the list);
 * undefined otherwise and while unknown. Refreshed by every account write and every minute.
 */
export function usePendingApprovalCount(): number | undefined {
  const mayList = useSession((state) => canCall(state.permissions, routes.listAccounts));
  const { data } = useQuery({
    queryKey: accountKeys.pendingCount,
    queryFn: ({ signal }) =>
      call(routes.listAccounts, { query: { p: 1, pageSize: 1, pendingApproval: 1 }, signal }).then(
        (page) => page.totalCount,
      ),
    enabled: mayList,
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
  return mayList ? data : undefined;
}
