import { flattenMenus, menus, type RouteDef, resourceKey, routes } from '@gatehouse/contract';
import type { MockStore, Resource, StoredAccount } from './store';

const freeApis = new Set(
  Object.values(routes as Record<string, RouteDef>)
    .filter((route) => route.access !== 'permission')
    .map((route) => resourceKey(route.method, route.path)),
);
// Access control is off in the mock, so the menus marked `everyone` are held without a grant (as on the server).
const everyoneMenus = new Set(flattenMenus(menus).flatMap((menu) => (menu.everyone ? [menu.path] : [])));

/** What an account holds: everything for the super-admin role, else its role's plus the open and signed-in APIs. */
export function heldResources(store: MockStore, account: StoredAccount): Resource[] {
  const role = account.roleId === null ? undefined : store.roles.find((r) => r.id === account.roleId);
  if (role?.builtin) return store.resources;
  const granted = new Set(role?.resources ?? []);
  return store.resources.filter(
    (r) =>
      granted.has(r.id) ||
      (r.type === 1 && freeApis.has(resourceKey(r.method ?? '', r.url ?? ''))) ||
      (r.type === 0 && r.route !== null && everyoneMenus.has(r.route)),
  );
}

/** The 403 the route guard answers `account` for a permission route it does not hold (as the server's), else none. */
export function permissionRefusal(store: MockStore, account: StoredAccount, route: RouteDef): string | undefined {
  if (route.access !== 'permission') return undefined;
  const key = resourceKey(route.method, route.path);
  const held = heldResources(store, account);
  if (held.some((r) => r.type === 1 && resourceKey(r.method ?? '', r.url ?? '') === key)) return undefined;
  return `无权访问“${route.title}”，请联系企业管理员`;
}

/** The resources a role grants: 'all' for the super-admin role (none for no role). */
function roleHolding(store: MockStore, roleId: number | null): 'all' | Set<number> {
  const role = roleId === null ? undefined : store.roles.find((r) => r.id === roleId);
  if (role?.builtin) return 'all';
  return new Set(role?.resources ?? []);
}

/** The dominance rule (as the server's modules/authz): the actor holds everything the role grants. */
export function mayAssignRole(store: MockStore, actor: StoredAccount, roleId: number | null): boolean {
  const held = roleHolding(store, actor.roleId);
  if (held === 'all') return true;
  const target = roleHolding(store, roleId);
  return target !== 'all' && [...target].every((id) => held.has(id));
}

/** The actor may act on the account: the built-in admin only by itself, anyone else when dominated. */
export function mayManageAccount(store: MockStore, actor: StoredAccount, target: StoredAccount): boolean {
  if (target.builtin && target.id !== actor.id) return false;
  return mayAssignRole(store, actor, target.roleId);
}
