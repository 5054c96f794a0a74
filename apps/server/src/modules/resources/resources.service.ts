import { flattenMenus, menus, type RouteDef, routes } from '@gatehouse/contract';
import type { ResourceRow } from '../../platform/db/schema.js';
import type { ResourcesRepository } from './resources.repository.js';

/**
 * The permission tree: one menu (type 0) per screen of specification §2 and one API resource (type 1)
 * per contract route. Synchronised at every start: missing ones are added (under their menu), existing
 * ones are kept with their id (so role grants survive) and re-marked built-in; admin-made ones are untouched.
 */
export interface ResourcesOptions {
  /**
   * Whether menus marked `everyone` (首页, 个人信息) are held without a grant. Off in access-control mode, where
   * each role gets exactly the menus it is granted (specification §4).
   */
  implicitMenus: boolean;
}

/** A resource as a role's list names it. */
export interface GrantedResource {
  id: number;
  name: string;
  pid: number | null;
}

export function createResourcesService(repo: ResourcesRepository, options: ResourcesOptions = { implicitMenus: true }) {
  const alwaysGranted = Object.values(routes as Record<string, RouteDef>).filter((r) => r.access !== 'permission');
  const everyoneMenus = new Set(
    options.implicitMenus ? flattenMenus(menus).flatMap((m) => (m.everyone ? [m.path] : [])) : [],
  );

  const free = new Set(alwaysGranted.map((r) => `${r.method.toLowerCase()} ${r.path}`));

  /**
   * The resource tree and each role's holdings, cached per process and keyed by the permission version in the
   * database (every process sees a change on its next request). The version is read before the rows, so a
   * change racing the read only makes the next request reload.
   */
  interface Cache {
    version: string;
    all: ResourceRow[];
    byRole: Map<number, ResourceRow[]>;
    apisByRole: Map<number, Set<string>>;
    /** Each role's own grants as an account answers them (sysRole.resources), by id; every resource under 0. */
    grants: Map<number, GrantedResource[]>;
  }
  let memo: Cache | undefined;
  async function current(): Promise<Cache> {
    const version = await repo.permissionVersion();
    if (memo?.version === version) return memo;
    memo = { version, all: await repo.all(), byRole: new Map(), apisByRole: new Map(), grants: new Map() };
    return memo;
  }

  /** A role's holdings (its grants plus the open/signed-in APIs and everyone's menus) in one cache generation. */
  async function heldIn(cache: Cache, roleId: number | null): Promise<ResourceRow[]> {
    const key = roleId ?? 0;
    const known = cache.byRole.get(key);
    if (known) return known;
    const ids = new Set(roleId === null ? [] : await repo.heldIds(roleId));
    const held = cache.all.filter(
      (r) =>
        ids.has(r.id) ||
        (r.type === 1 && free.has(`${r.method} ${r.url}`)) ||
        (r.type === 0 && r.route !== null && everyoneMenus.has(r.route)),
    );
    const apis = new Set(cache.all.filter((r) => r.type === 1 && ids.has(r.id)).map((r) => `${r.method} ${r.url}`));
    // Only kept when nothing changed meanwhile (the version was read before the rows).
    if (cache === memo) {
      cache.byRole.set(key, held);
      cache.apisByRole.set(key, apis);
    }
    return held;
  }

  /** What the account holds: everything for the super-admin, else its role's plus the open/signed-in APIs. */
  async function permissionsOf(roleId: number | null, superAdmin: boolean): Promise<ResourceRow[]> {
    const cache = await current();
    return superAdmin ? cache.all : heldIn(cache, roleId);
  }

  /** A resource as an account's role lists it (sysRole.resources). */
  const slim = (r: ResourceRow): GrantedResource => ({ id: r.id, name: r.name, pid: r.pid });

  return {
    /**
     * The resources each role grants (its own grants, by id; every resource under 0 when `all`, what the super-admin
     * role holds), as the account answers list them: read once per permission version, then served from the cache.
     */
    async grantsOf(roleIds: readonly number[], all: boolean): Promise<ReadonlyMap<number, GrantedResource[]>> {
      const cache = await current();
      const missing = roleIds.filter((id) => !cache.grants.has(id));
      if (missing.length > 0 || (all && !cache.grants.has(0))) {
        const byId = new Map(cache.all.map((r) => [r.id, r]));
        const found = new Map<number, GrantedResource[]>(missing.map((id) => [id, []]));
        for (const { role_id, resource_id } of missing.length ? await repo.grantsOf(missing) : []) {
          const row = byId.get(resource_id);
          if (row) found.get(role_id)?.push(slim(row));
        }
        if (all) found.set(0, cache.all.map(slim));
        for (const list of found.values()) list.sort((a, b) => a.id - b.id);
        // Only kept when nothing changed meanwhile (the version was read before the rows).
        if (cache === memo) for (const [id, list] of found) cache.grants.set(id, list);
        const out = new Map<number, GrantedResource[]>();
        for (const id of all ? [...roleIds, 0] : roleIds) out.set(id, cache.grants.get(id) ?? found.get(id) ?? []);
        return out;
      }
      return new Map((all ? [...roleIds, 0] : roleIds).map((id) => [id, cache.grants.get(id)!]));
    },

    async syncFromContract(): Promise<{ added: number }> {
      let added = 0;
      const menuIds = new Map<string, number>();
      for (const [index, menu] of flattenMenus(menus).entries()) {
        const pid = menu.parent ? (menuIds.get(menu.parent) ?? null) : null;
        const existing = await repo.findMenuByRoute(menu.path);
        if (existing) {
          menuIds.set(menu.path, existing.id);
          // A built-in menu without an icon (made before icons existed) gets the contract's; one an administrator
          // chose is kept.
          const icon = existing.icon === null ? { icon: menu.icon } : {};
          if (existing.builtin !== 1 || existing.icon === null) await repo.markBuiltin(existing.id, icon);
          continue;
        }
        const id = await repo.insert({
          pid,
          name: menu.title,
          type: 0,
          route: menu.path,
          method: null,
          url: null,
          remark: null,
          order_num: index,
          builtin: 1,
          icon: menu.icon,
        });
        menuIds.set(menu.path, id);
        added++;
      }
      for (const [index, route] of Object.values(routes as Record<string, RouteDef>).entries()) {
        const method = route.method.toLowerCase();
        const existing = await repo.findApi(method, route.path);
        if (existing) {
          if (existing.builtin !== 1) await repo.markBuiltin(existing.id, {});
          continue;
        }
        await repo.insert({
          pid: route.menu ? (menuIds.get(route.menu) ?? null) : null,
          name: route.title,
          type: 1,
          route: null,
          method,
          url: route.path,
          remark: null,
          order_num: 100 + index,
          builtin: 1,
        });
        added++;
      }
      return { added };
    },

    permissionsOf,

    /** The holdings of several roles at once, read against one permission version (one version read, not one each). */
    async permissionsOfRoles(roles: ReadonlyArray<{ id: number | null; builtin: boolean }>) {
      const cache = await current();
      const out = new Map<number | null, ResourceRow[]>();
      for (const role of roles) out.set(role.id, role.builtin ? cache.all : await heldIn(cache, role.id));
      return out;
    },

    async roleHoldsApi(roleId: number, route: RouteDef): Promise<boolean> {
      const cache = await current();
      if (!cache.apisByRole.has(roleId)) await permissionsOf(roleId, false);
      const apis = cache.apisByRole.get(roleId);
      if (apis) return apis.has(`${route.method.toLowerCase()} ${route.path}`);
      return repo.roleHoldsApi(roleId, route.method.toLowerCase(), route.path);
    },
  };
}

export type ResourcesService = ReturnType<typeof createResourcesService>;
