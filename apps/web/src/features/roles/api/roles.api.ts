import { type BodyOf, type ResponseOf, routes } from '@gatehouse/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Resource } from '@/components/resource-tree';
import { call } from '@/lib/http';
import { canCall, useSession } from '@/stores/session';

export type Role = ResponseOf<typeof routes.listRoles>[number];
export type CreateRoleBody = BodyOf<typeof routes.createRole>;
export type UpdateRoleBody = BodyOf<typeof routes.updateRole>;

/** 'roles' is also the prefix of the account dialog's role options, so a change here refreshes those too. */
export const roleKeys = {
  all: ['roles'] as const,
  list: ['roles', 'list'] as const,
  resources: ['resources', 'all'] as const,
};

export const createRole = (body: CreateRoleBody) => call(routes.createRole, { body });
export const updateRole = (body: UpdateRoleBody) => call(routes.updateRole, { body });
export const deleteRole = (id: number) => call(routes.deleteRole, { query: { id } });

export function useRoleList() {
  return useQuery({
    queryKey: roleKeys.list,
    queryFn: ({ signal }) => call(routes.listRoles, { signal }),
  });
}

export function useReloadRoles() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: roleKeys.all }), [queryClient]);
}

/**
 * The resources the permission tree shows: every resource (GET /resources) when the account may list them;
 * otherwise the ones it holds itself (GET /getPermissions, already in the session) — it could not grant
 * anything else anyway.
 */
export function usePermissionTreeResources(): { resources: Resource[]; loading: boolean } {
  const permissions = useSession((state) => state.permissions);
  const mayList = canCall(permissions, routes.listResources);
  const all = useQuery({
    queryKey: roleKeys.resources,
    queryFn: ({ signal }) => call(routes.listResources, { signal }),
    enabled: mayList,
    staleTime: 30_000,
  });
  if (!mayList) return { resources: permissions, loading: false };
  return { resources: all.data ?? [], loading: all.isLoading };
}
