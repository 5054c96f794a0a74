import { type BodyOf, type QueryOf, type ResponseOf, routes } from '@gatehouse/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { LoadOrgs } from '@/components/org-picker';
import { call } from '@/lib/http';

export type Account = ResponseOf<typeof routes.listAccounts>['list'][number];
export type AccountListQuery = QueryOf<typeof routes.listAccounts>;
export type CreateAccountBody = BodyOf<typeof routes.createAccount>;
export type UpdateAccountBody = BodyOf<typeof routes.updateAccount>;
export type Role = ResponseOf<typeof routes.listRoles>[number];

export const accountKeys = {
  all: ['accounts'] as const,
  list: (query: AccountListQuery) => ['accounts', 'list', query] as const,
  roles: ['roles', 'list'] as const,
};

export const createAccount = (body: CreateAccountBody) => call(routes.createAccount, { body });
export const updateAccount = (body: UpdateAccountBody) => call(routes.updateAccount, { body });
export const deleteAccount = (id: number) => call(routes.deleteAccount, { query: { id } });
export const resetAccountPassword = (id: number) => call(routes.resetAccountPassword, { body: { id } });
/** Answers a token acting as account `id` (the session remembers who switched). */
export const switchIdentity = (id: number) => call(routes.switchIdentity, { query: { id } });
/** Ends the switched session; answers a token of the original account's session. */
export const restoreIdentity = () => call(routes.restoreIdentity);

/** Children of an organisation for the org picker (roots without pid). */
export const loadOrgs: LoadOrgs = (pid) => call(routes.listOrgs, { query: pid === undefined ? {} : { pid } });

/** One page of accounts; the previous page stays on screen while the next one loads. */
export function useAccountList(query: AccountListQuery) {
  return useQuery({
    queryKey: accountKeys.list(query),
    queryFn: ({ signal }) => call(routes.listAccounts, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRoles(enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.roles,
    queryFn: ({ signal }) => call(routes.listRoles, { signal }),
    enabled,
  });
}

export function useReloadAccounts() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: accountKeys.all }), [queryClient]);
}
