import { type DataScopeKind, type RouteDef, routes } from '@gatehouse/contract';
import type { Resource } from '@/components/resource-tree';
import type { CreateRoleBody, Role, UpdateRoleBody } from '@/features/roles/api/roles.api';
import { EVERYONE_ROUTES } from '@/lib/router/access-control';

/** What the '权限信息' dialog edits. */
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

export const emptyRoleForm: RoleFormValues = {
  name: '',
  remark: '',
  resources: [],
  dataScope: 'all',
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
