import { type BodyOf, type ResponseOf, routes } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ListPageData, ListQueryBase } from '@/components/list-kit';
import type { LoadOrgs } from '@/components/org-picker';
import type { Resource } from '@/components/resource-tree';
import { call } from '@/lib/http';
import { resourceTitle } from '@/lib/i18n/resource-title';
import { canCall, useSession } from '@/stores/session';

export type Role = ResponseOf<typeof routes.listRoles>[number];
export type CreateRoleBody = BodyOf<typeof routes.createRole>;
export type UpdateRoleBody = BodyOf<typeof routes.updateRole>;

/**
 * 'roles' is the list's key root (the list kit caches it under ['roles', 'list', query]) and the prefix of the
 * account dialog's role options, so a change here refreshes those too.
 */
export const roleKeys = {
  all: ['roles'] as const,
  resources: ['resources', 'all'] as const,
};

/** The role list's one filter, `name`: roles whose name holds it (made here, the route answers every role). */
export type RoleListQuery = ListQueryBase & { name?: string };

export const createRole = (body: CreateRoleBody) => call(routes.createRole, { body });
export const updateRole = (body: UpdateRoleBody) => call(routes.updateRole, { body });
export const deleteRole = (id: number) => call(routes.deleteRole, { query: { id } });

/** The organisation list for the 自定义 data scope's picker: a level (the roots without pid), one id, or a name search. */
export const loadOrgs: LoadOrgs = (query = {}) => call(routes.listOrgs, { query });

/**
 * The names of a 自定义 scope's organisations (at most `limit`, the ones the picker shows by name), by id; an
 * organisation gone or out of reach has none.
 */
export function useOrgNames(ids: readonly number[], limit: number): Readonly<Record<number, string>> | undefined {
  const permissions = useSession((state) => state.permissions);
  const wanted = ids.slice(0, limit);
  return useQuery({
    queryKey: [...roleKeys.all, 'orgNames', wanted],
    queryFn: async ({ signal }) => {
      const found = await Promise.all(wanted.map((id) => call(routes.listOrgs, { query: { id }, signal })));
      return Object.fromEntries(found.flat().map((org) => [org.id, org.name]));
    },
    enabled: wanted.length > 0 && canCall(permissions, routes.listOrgs),
    staleTime: 30_000,
  }).data;
}

/**
 * One page of the roles. GET /role/s answers them all (a few dozen in practice); the name filter and the page are
 * made here, so a console with a hundred roles draws 20 rows like every other list instead of a hundred (the
 * reference's role table had no pager; with fewer roles than a page it looks the same).
 */
export const listRoles = async (query: RoleListQuery, signal: AbortSignal): Promise<ListPageData<Role>> => {
  const every = await call(routes.listRoles, { signal });
  const needle = query.name?.toLocaleLowerCase();
  const all = needle ? every.filter((role) => role.name.toLocaleLowerCase().includes(needle)) : every;
  const start = (query.p - 1) * query.pageSize;
  return {
    list: all.slice(start, start + query.pageSize),
    totalCount: all.length,
    totalPage: Math.max(1, Math.ceil(all.length / query.pageSize)),
  };
};

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
  const shown = mayList ? all.data : permissions;
  // Built-in resources read in the page's language (the tree shows and searches these names).
  const resources = useMemo(() => (shown ?? []).map(titled), [shown]);
  return { resources, loading: mayList && all.isLoading };
}

/** A resource under its title in the page's language (the same object when that is its stored name). */
const titled = (resource: Resource): Resource => {
  const name = resourceTitle(resource);
  return name === resource.name ? resource : { ...resource, name };
};
