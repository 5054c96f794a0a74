import { type DataScopeKind, NEW_ROLE_SCOPE, type RouteDef, routes } from '@gatehouse/contract';
import type { Resource } from '@/components/resource-tree';
import type { CreateRoleBody, Role, UpdateRoleBody } from '@/features/roles/api/roles.api';
import { EVERYONE_ROUTES } from '@/lib/router/access-control';

/** What the role dialog (添加角色 / 修改角色) edits. */
export interface RoleFormValues {
  name: string;
  remark: string;
  resources: number[];
  /** 数据权限. */
  dataScope: DataScopeKind;
  /** The organisations of a 自定义 scope (kept while another scope is chosen, sent only with 自定义). */
  scopeOrgIds: number[];
  /** 需要双因素认证: the role's accounts add a second factor at their next sign-in. */
  requireSecondFactor: boolean;
}

/**
 * A new role. Its data scope starts at the least that is still useful: 本组织, the holder's own
 * organisation, as the server gives a role created without one; 全部 is a choice the editor makes, never a
 * default it overlooks.
 */
export const emptyRoleForm: RoleFormValues = {
  name: '',
  remark: '',
  resources: [],
  dataScope: NEW_ROLE_SCOPE,
  scopeOrgIds: [],
  requireSecondFactor: false,
};

export const toRoleFormValues = (role: Role): RoleFormValues => ({
  name: role.name,
  remark: role.remark ?? '',
  resources: [...role.resources],
  // The super-admin role's scope is 全部 whatever is stored.
  dataScope: role.builtin ? 'all' : role.dataScope,
  scopeOrgIds: role.builtin ? [] : [...role.scopeOrgIds],
  requireSecondFactor: role.requireSecondFactor,
});

const fields = (values: RoleFormValues) => {
  const remark = values.remark?.trim() ?? '';
  return {
    name: values.name.trim(),
    remark: remark === '' ? null : remark,
    resources: [...values.resources],
    dataScope: values.dataScope,
    ...(values.dataScope === 'custom' ? { scopeOrgIds: [...values.scopeOrgIds] } : {}),
    // Always sent: the dialog shows the stored flag, so the answer is what the switch says.
    requireSecondFactor: values.requireSecondFactor === true,
  };
};

export const toCreateRoleBody = (values: RoleFormValues): CreateRoleBody => fields(values);

export const toUpdateRoleBody = (role: Role, values: RoleFormValues): UpdateRoleBody => ({
  id: role.id,
  ...fields(values),
});

/** The API resources every session holds (the contract's open and signed-in routes), as `method url`. */
const freeApis = new Set(
  Object.values(routes as Record<string, RouteDef>).flatMap((route) =>
    route.access === 'permission' ? [] : [`${route.method.toLowerCase()} ${route.path}`],
  ),
);
/**
 * Whether every signed-in account holds `resource` whatever its role grants: an API resource of an open or
 * signed-in contract route (the server adds those to every session's permissions, resources.service
 * permissionsOf), and the menus marked `everyone` (首页, 个人信息), which every signed-in account may open, access
 * control on or off (lib/router/access-control's EVERYONE_ROUTES: never a grant; their screens call signed-in
 * routes only).
 */
export function isAlwaysHeld(resource: Resource): boolean {
  if (resource.type === 1) {
    return !!resource.method && !!resource.url && freeApis.has(`${resource.method.toLowerCase()} ${resource.url}`);
  }
  return resource.type === 0 && resource.route !== null && EVERYONE_ROUTES.has(resource.route);
}

/** The contract's permission routes by their resource key (`get /account/s`), to find a resource's route. */
const permissionRoutes = new Map(
  Object.values(routes as Record<string, RouteDef>).flatMap((route) =>
    route.access === 'permission' ? [[`${route.method.toLowerCase()} ${route.path}`, route] as const] : [],
  ),
);
const routeOf = (resource: Resource) =>
  resource.type === 1 && resource.method && resource.url
    ? permissionRoutes.get(`${resource.method.toLowerCase()} ${resource.url}`)
    : undefined;

/** An action ticked without what it needs to be usable (its screen's list): the action and the missing resources. */
export interface UnmetPrerequisite {
  action: Resource;
  needs: Resource[];
}

/**
 * The ticked actions whose prerequisites are not ticked, with the missing resources: an action needs the route its
 * menu's screen loads (the contract route declared `screen`), found among the action's siblings under that menu in
 * the permission tree (the server files each route's API resource under its menu; the web build drops the routes'
 * `menu`, docs/frontend-budgets.md).
 */
export function unmetPrerequisites(resources: readonly Resource[], ids: readonly number[]): UnmetPrerequisite[] {
  const ticked = new Set(ids);
  const screensUnder = new Map<number | null, Resource[]>();
  for (const resource of resources) {
    if (!routeOf(resource)?.screen) continue;
    screensUnder.set(resource.pid, [...(screensUnder.get(resource.pid) ?? []), resource]);
  }
  const unmet: UnmetPrerequisite[] = [];
  for (const resource of resources) {
    const route = ticked.has(resource.id) ? routeOf(resource) : undefined;
    if (!route || route.screen) continue;
    const needs = (screensUnder.get(resource.pid) ?? []).filter((screen) => !ticked.has(screen.id));
    if (needs.length) unmet.push({ action: resource, needs });
  }
  return unmet;
}

/**
 * A change of the ticked resources with what the newly ticked actions need brought along (those the editor may
 * grant), and which were brought for which action: the editor says so beside the tree.
 */
export function withPrerequisites(
  resources: readonly Resource[],
  before: readonly number[],
  after: readonly number[],
  isGrantable: (resource: Resource) => boolean,
): { ids: number[]; added: UnmetPrerequisite[] } {
  const was = new Set(before);
  const fresh = new Set(after.filter((id) => !was.has(id)));
  const added = unmetPrerequisites(resources, after)
    .filter((unmet) => fresh.has(unmet.action.id))
    .map((unmet) => ({ ...unmet, needs: unmet.needs.filter(isGrantable) }))
    .filter((unmet) => unmet.needs.length > 0);
  const ids = new Set(after);
  for (const unmet of added) for (const needed of unmet.needs) ids.add(needed.id);
  return { ids: [...ids].sort((a, b) => a - b), added };
}
