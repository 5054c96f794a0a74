import {
  type BodyOf,
  type ConfigChangeAction,
  type ConfigChangeKind,
  type CrudEntityName,
  type RouteDef,
  type Routes,
  routes,
} from '@gatehouse/contract';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../platform/db/db-errors.js';
import type { DB } from '../../platform/db/schema.js';
import { AppError, badRequest, forbidden } from '../../platform/errors.js';
import type { Principal } from '../../platform/http.js';
import { t } from '../../platform/i18n.js';
import type { Authz } from '../authz/index.js';
import type { DictsService } from '../dicts/index.js';
import type { OrgsService } from '../orgs/index.js';
import type { ResourcesAdmin, ResourcesService } from '../resources/index.js';
import type { RolesService } from '../roles/index.js';
import type { SystemParams } from '../system-params/index.js';
import {
  type EntityEngines,
  entitiesOfBundle,
  entitiesOfDatabase,
  entityRoute,
  isEntityKind,
  writeEntities,
} from './config-bundle.entities.js';
import {
  type Bundle,
  bundleOf,
  type Change,
  depthOf,
  diffSides,
  type ItemEntry,
  itemRef,
  kindName,
  type OrgEntry,
  orgLabel,
  orgRef,
  publicChange,
  type ResourceEntry,
  type RoleEntry,
  type Side,
  sideOfBundle,
  sideOfDatabase,
} from './config-bundle.model.js';
import { snapshotOf } from './config-bundle.snapshot.js';

/** The single-object route whose permission (and rules) each change needs. */
const ROUTE_OF: Record<Exclude<ConfigChangeKind, CrudEntityName>, Record<ConfigChangeAction, RouteDef>> = {
  resource: { add: routes.createResource, change: routes.updateResource, remove: routes.deleteResource },
  role: { add: routes.createRole, change: routes.updateRole, remove: routes.deleteRole },
  dict: { add: routes.createDict, change: routes.updateDict, remove: routes.deleteDict },
  dictItem: { add: routes.createDictItem, change: routes.updateDictItem, remove: routes.deleteDictItem },
  org: { add: routes.createOrg, change: routes.updateOrg, remove: routes.deleteOrg },
  // A bundle only ever changes a parameter (never adds or removes one).
  param: { add: routes.updateSystemParam, change: routes.updateSystemParam, remove: routes.updateSystemParam },
};

/** The route of a change: a descriptor-served entity's row needs its own POST, PUT or DELETE route's. */
const routeOf = (kind: ConfigChangeKind, action: ConfigChangeAction): RouteDef =>
  isEntityKind(kind) ? entityRoute(kind, action) : ROUTE_OF[kind][action];

/** What the caller may grant: the resources its role holds ('all' for the super-admin role). */
type Holding = Awaited<ReturnType<Authz['heldBy']>>;
type ItemBody = BodyOf<Routes['createDictItem']>;

/** Names the object a refusal is about: 组织“总公司/华东区”：该组织下还有 2 个账号… */
function about(change: Change, error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  return new AppError(
    error.status,
    t('configBundle.refused', { kind: kindName(change.kind), key: change.key, message: error.message }),
  );
}

export interface ConfigBundleDeps {
  db: Kysely<DB>;
  resources: ResourcesService;
  authz: Authz;
  /**
   * The owners of the tables a bundle writes: each write on the apply's transaction, under the owner's single-object
   * routes' rules (organisations, roles, dictionaries and their items, resources).
   */
  orgs: Pick<OrgsService, 'createIn' | 'updateIn' | 'removeIn'>;
  roles: Pick<RolesService, 'createIn' | 'updateIn' | 'removeIn'>;
  dicts: Pick<DictsService, 'createIn' | 'updateIn' | 'removeIn' | 'createItemIn' | 'updateItemIn' | 'removeItemIn'>;
  resourcesAdmin: Pick<ResourcesAdmin, 'createIn' | 'updateIn' | 'removeIn'>;
  /** 系统参数: their values in effect, the check of a value, and the write inside the bundle's transaction. */
  systemParams: Pick<SystemParams, 'effective' | 'check' | 'writeIn' | 'refresh'>;
  /** The descriptor-served entities' engines (modules/crud), by entity name: their rows travel in the bundle. */
  entities: EntityEngines;
  now?: () => Date;
}

/**
 * The configuration bundle: export, compare, apply. Applying is the single-object routes'
 * rules over many objects in one transaction: each change needs its route's permission and passes the same
 * dominance checks (modules/authz) and the same integrity rules (built-in resources, the super-admin role,
 * organisations with accounts, roles in use).
 */
export function createConfigBundleService({
  db,
  resources,
  authz,
  orgs,
  roles,
  dicts,
  resourcesAdmin,
  systemParams,
  entities,
  now = () => new Date(),
}: ConfigBundleDeps) {
  async function mayCall(principal: Principal, route: RouteDef): Promise<boolean> {
    if (principal.superAdmin) return true;
    return principal.roleId !== null && (await resources.roleHoldsApi(principal.roleId, route));
  }

  /** The nearest organisation of `path` or above it that exists now (a new one is placed under it). */
  function nearestExisting(current: Side, path: readonly string[]): number | null {
    for (let n = path.length; n > 0; n--) {
      const id = current.orgs.get(orgRef(path.slice(0, n)))?.dbId;
      if (id !== undefined) return id;
    }
    return null;
  }

  /**
   * Everything about the chosen changes the caller must be allowed, checked before the transaction opens (SQLite
   * has one connection: no query may run beside it), with the same functions the single-object routes use.
   */
  async function assertAllowed(
    principal: Principal,
    chosen: readonly Change[],
    current: Side,
    target: Side,
  ): Promise<Holding> {
    const routesHeld = new Map<RouteDef, boolean>();
    for (const change of chosen) {
      const route = routeOf(change.kind, change.action);
      if (!routesHeld.has(route)) routesHeld.set(route, await mayCall(principal, route));
      if (!routesHeld.get(route)) {
        throw forbidden(
          t('configBundle.routeNotHeld', { title: route.title, kind: kindName(change.kind), key: change.key }),
        );
      }
    }
    // 系统参数 are the super-admin's alone, never from a switched session (the route's security class `system`).
    const param = chosen.find((c) => c.kind === 'param');
    if (param && (!principal.superAdmin || principal.origin)) {
      throw forbidden(
        t(principal.origin ? 'authz.switchedSystem' : 'authz.superAdminOnly', {
          title: routes.updateSystemParam.title,
        }),
      );
    }
    if (principal.superAdmin) return 'all';
    const held = await authz.heldBy(principal);

    /** Resources a role would newly grant: each must exist now and be held by the caller (roles service rule). */
    const assertGrantable = (keys: readonly string[]) => {
      if (held === 'all') return;
      const lacking = keys.filter((key) => {
        const id = current.resources.get(key)?.dbId;
        return id === undefined || !held.has(id);
      });
      if (lacking.length) {
        const names = lacking.map((key) => target.resources.get(key)?.name ?? key);
        throw forbidden(t('role.resourceNotHeld', { names: names.join('、') }));
      }
    };
    /** A data scope handed to a role: no wider than the caller's; a new organisation counts as its nearest existing ancestor's subtree. */
    const assertScope = async (role: RoleEntry, title: string) => {
      const orgIds: number[] = [];
      let unplaced = false;
      for (const path of role.scopeOrgs) {
        const id = nearestExisting(current, path);
        if (id === null) unplaced = true;
        else orgIds.push(id);
      }
      // A new root organisation is reachable only by a caller whose scope is 全部.
      const scope = unplaced ? { dataScope: 'all' as const, orgIds: [] } : { dataScope: role.dataScope, orgIds };
      await authz.assertGrantableScope(principal, scope, title);
    };

    for (const change of chosen) {
      try {
        if (change.kind === 'role') {
          const was = current.roles.get(change.ref);
          const next = target.roles.get(change.ref);
          if (change.action === 'add') {
            assertGrantable(next!.resources);
            await assertScope(next!, routes.createRole.title);
          } else if (change.action === 'change') {
            await authz.check(principal, routes.updateRole, { query: undefined, body: { id: was!.dbId } });
            const before = new Set(was!.resources);
            assertGrantable(next!.resources.filter((key) => !before.has(key)));
            if (
              was!.dataScope !== next!.dataScope ||
              JSON.stringify(was!.scopeOrgs) !== JSON.stringify(next!.scopeOrgs)
            ) {
              await assertScope(next!, routes.updateRole.title);
            }
          } else {
            await authz.check(principal, routes.deleteRole, { query: { id: was!.dbId }, body: undefined });
          }
        } else if (change.kind === 'org') {
          const was = current.orgs.get(change.ref);
          if (change.action === 'add') {
            const path = target.orgs.get(change.ref)!.path;
            const pid = nearestExisting(current, path.slice(0, -1));
            await authz.check(principal, routes.createOrg, { query: undefined, body: { pid } });
          } else if (change.action === 'change') {
            await authz.check(principal, routes.updateOrg, {
              query: undefined,
              body: { id: was!.dbId, pid: was!.dbPid ?? null },
            });
          } else {
            await authz.check(principal, routes.deleteOrg, { query: { id: was!.dbId }, body: undefined });
          }
        }
      } catch (error) {
        throw about(change, error);
      }
    }
    return held;
  }

  /**
   * Writes the chosen changes on `trx` through each table's owner, under its single-object routes' rules (modules
   * resources, orgs, dicts, roles): additions parents first, then changes, then removals children first. Here are only
   * the bundle's own rules: what a change refers to by key was made or chosen too. `held` is what the caller may grant
   * (read before the transaction, as the role routes read it).
   */
  async function write(trx: Kysely<DB>, chosen: readonly Change[], current: Side, target: Side, held: Holding) {
    const picked = (kind: ConfigChangeKind, action: ConfigChangeAction) =>
      chosen.filter((c) => c.kind === kind && c.action === action);
    const run = async (change: Change, work: () => Promise<void>) => {
      try {
        await work();
      } catch (error) {
        if (isUniqueViolation(error)) throw about(change, badRequest(t('configBundle.conflict')));
        throw about(change, error);
      }
    };
    const parentMissing = (change: Change, parent: string) =>
      badRequest(t('configBundle.parentNotApplied', { kind: kindName(change.kind), key: change.key, parent }));

    // Resources: ids of the ones made here join those already there.
    const resourceIds = new Map<string, number>();
    for (const [key, entry] of current.resources) resourceIds.set(key, entry.dbId!);
    const resourceId = (change: Change, key: string | null) => {
      if (key === null) return null;
      const id = resourceIds.get(key);
      if (id === undefined) throw parentMissing(change, key);
      return id;
    };
    const byDepth = (list: Change[], depth: (c: Change) => number) =>
      list
        .map((c) => ({ c, d: depth(c) }))
        .sort((a, b) => a.d - b.d)
        .map(({ c }) => c);
    const resourceDepth = (side: Side) => (c: Change) =>
      depthOf(
        c.ref,
        (k) => side.resources.get(k)?.parent ?? null,
        () => {
          throw badRequest(t('configBundle.cycle', { kind: kindName('resource'), key: c.key }));
        },
      );
    const resourceBody = (change: Change, e: ResourceEntry) => ({
      type: e.type,
      name: e.name,
      pid: resourceId(change, e.parent),
      route: e.route,
      method: e.method,
      url: e.url,
      remark: e.remark,
      orderNum: e.orderNum,
      icon: e.icon,
    });
    for (const change of byDepth(picked('resource', 'add'), resourceDepth(target))) {
      await run(change, async () => {
        const id = await resourcesAdmin.createIn(trx, resourceBody(change, target.resources.get(change.ref)!));
        resourceIds.set(change.ref, id);
      });
    }
    for (const change of picked('resource', 'change')) {
      await run(change, async () => {
        // The key's own fields (type, route, method, url) are the same on both sides: a built-in keeps them.
        const id = current.resources.get(change.ref)!.dbId!;
        await resourcesAdmin.updateIn(trx, { id, ...resourceBody(change, target.resources.get(change.ref)!) });
      });
    }

    // Organisations: a path's last name is the organisation's, the rest its parent's.
    const orgIds = new Map<string, number>();
    for (const [ref, entry] of current.orgs) orgIds.set(ref, entry.dbId!);
    const orgValues = (e: OrgEntry, pid: number | null) => ({
      pid,
      name: e.path.at(-1)!,
      full_name: e.fullName,
      org_code: e.orgCode,
      region_id: e.regionId,
    });
    for (const change of byDepth(picked('org', 'add'), (c) => target.orgs.get(c.ref)!.path.length)) {
      await run(change, async () => {
        const e = target.orgs.get(change.ref)!;
        let pid: number | null = null;
        if (e.path.length > 1) {
          const parent = orgIds.get(orgRef(e.path.slice(0, -1)));
          if (parent === undefined) throw parentMissing(change, orgLabel(e.path.slice(0, -1)));
          pid = parent;
        }
        orgIds.set(change.ref, await orgs.createIn(trx, orgValues(e, pid)));
      });
    }
    for (const change of picked('org', 'change')) {
      await run(change, async () => {
        const was = current.orgs.get(change.ref)!;
        await orgs.updateIn(trx, was.dbId!, orgValues(target.orgs.get(change.ref)!, was.dbPid ?? null));
      });
    }

    // Dictionaries and their items.
    for (const change of picked('dict', 'add')) {
      await run(change, async () => {
        const e = target.dicts.get(change.ref)!;
        await dicts.createIn(trx, { dictCode: e.dictCode, dictName: e.dictName, remark: e.remark });
      });
    }
    for (const change of picked('dict', 'change')) {
      await run(change, async () => {
        const e = target.dicts.get(change.ref)!;
        const id = current.dicts.get(change.ref)!.dbId!;
        await dicts.updateIn(trx, { id, dictCode: e.dictCode, dictName: e.dictName, remark: e.remark });
      });
    }
    const itemIds = new Map<string, number>();
    for (const [ref, entry] of current.items) itemIds.set(ref, entry.dbId!);
    const itemParent = (change: Change, dictCode: string, parent: string | null) => {
      if (parent === null) return null;
      const id = itemIds.get(itemRef(dictCode, parent));
      if (id === undefined) throw parentMissing(change, parent);
      return id;
    };
    const itemDepth = (c: Change) =>
      depthOf(
        c.ref,
        (k) => {
          const e = target.items.get(k);
          return e?.parent ? itemRef(e.dictCode, e.parent) : null;
        },
        () => {
          throw badRequest(t('configBundle.cycle', { kind: kindName('dictItem'), key: c.key }));
        },
      );
    // Absent 数据键值, 状态 or 标签颜色 (a file from before them): the item routes' defaults on add, kept on change.
    const itemBody = (change: Change, e: ItemEntry) => ({
      dictCode: e.dictCode,
      value: e.value,
      pid: itemParent(change, e.dictCode, e.parent),
      orderNum: e.orderNum,
      keyValue: e.keyValue,
      state: e.state,
      tagColor: e.tagColor as ItemBody['tagColor'],
    });
    for (const change of byDepth(picked('dictItem', 'add'), itemDepth)) {
      await run(change, async () => {
        const id = await dicts.createItemIn(trx, itemBody(change, target.items.get(change.ref)!));
        itemIds.set(change.ref, id);
      });
    }
    for (const change of picked('dictItem', 'change')) {
      await run(change, async () => {
        const id = current.items.get(change.ref)!.dbId!;
        await dicts.updateItemIn(trx, { id, ...itemBody(change, target.items.get(change.ref)!) });
      });
    }

    // Roles: their resources and 自定义 organisations by key, made above or there before.
    const grantsOf = (keys: readonly string[]) =>
      keys.map((key) => {
        const id = resourceIds.get(key);
        if (id === undefined) throw badRequest(t('configBundle.roleResourceNotApplied', { key }));
        return id;
      });
    const scopeOf = (change: Change, paths: readonly string[][]) =>
      paths.map((path) => {
        const id = orgIds.get(orgRef(path));
        if (id === undefined) throw parentMissing(change, orgLabel(path));
        return id;
      });
    const roleWrite = (change: Change, e: RoleEntry) => ({
      name: e.name,
      remark: e.remark,
      resources: grantsOf(e.resources),
      scope: { dataScope: e.dataScope, orgIds: scopeOf(change, e.scopeOrgs) },
      // Absent from the file: off on a new role, kept on an existing one, as the role routes without it.
      requireSecondFactor: e.requireSecondFactor,
    });
    for (const change of picked('role', 'add')) {
      await run(change, async () => {
        await roles.createIn(trx, roleWrite(change, target.roles.get(change.ref)!), held);
      });
    }
    for (const change of picked('role', 'change')) {
      await run(change, async () => {
        const id = current.roles.get(change.ref)!.dbId!;
        await roles.updateIn(trx, id, roleWrite(change, target.roles.get(change.ref)!), held);
      });
    }

    // Removals, children first.
    for (const change of picked('role', 'remove')) {
      await run(change, () => roles.removeIn(trx, current.roles.get(change.ref)!.dbId!));
    }
    const deepestFirst = (list: Change[], depth: (c: Change) => number) => byDepth(list, depth).reverse();
    const currentItemDepth = (c: Change) =>
      depthOf(
        c.ref,
        (k) => {
          const e = current.items.get(k);
          return e?.parent ? itemRef(e.dictCode, e.parent) : null;
        },
        () => {
          throw badRequest(t('configBundle.cycle', { kind: kindName('dictItem'), key: c.key }));
        },
      );
    for (const change of deepestFirst(picked('dictItem', 'remove'), currentItemDepth)) {
      await run(change, () => dicts.removeItemIn(trx, current.items.get(change.ref)!.dbId!));
    }
    for (const change of picked('dict', 'remove')) {
      await run(change, () => dicts.removeIn(trx, current.dicts.get(change.ref)!.dbId!));
    }
    for (const change of deepestFirst(picked('org', 'remove'), (c) => current.orgs.get(c.ref)!.path.length)) {
      await run(change, () => orgs.removeIn(trx, current.orgs.get(change.ref)!.dbId!));
    }
    for (const change of deepestFirst(picked('resource', 'remove'), resourceDepth(current))) {
      await run(change, () => resourcesAdmin.removeIn(trx, current.resources.get(change.ref)!.dbId!));
    }

    // The descriptor-served entities' rows, through their engine (the single-row routes' rules).
    await writeEntities(trx, entities, chosen, current.entities, target.entities, (change, work) =>
      run(change as Change, work),
    );
  }

  async function compare(bundle: Bundle, executor: Kysely<DB> = db) {
    const target = sideOfBundle(bundle);
    target.entities = entitiesOfBundle(bundle.entities, entities);
    // A parameter's value as it would be stored (a flag true or false), refused as the 系统参数 screen refuses it.
    for (const entry of target.params.values()) {
      try {
        entry.value = await systemParams.check(entry.key, entry.value);
      } catch (error) {
        throw error instanceof AppError
          ? new AppError(
              error.status,
              t('configBundle.refused', { kind: kindName('param'), key: entry.key, message: error.message }),
            )
          : error;
      }
    }
    const current = sideOfDatabase(await snapshotOf(executor));
    current.params = await systemParams.effective(executor);
    current.entities = await entitiesOfDatabase(entities, executor);
    return { target, current, changes: diffSides(current, target) };
  }

  /**
   * The bundle is the whole installation's configuration (every organisation, role and resource): exporting,
   * comparing or applying it reads or writes beyond any narrower data scope, so only an actor whose scope is 全部
   * may (403 otherwise).
   */
  async function assertWholeScope(principal: Principal) {
    if (!principal.superAdmin && (await authz.orgsVisible(principal)) !== undefined) {
      throw forbidden(t('configBundle.wholeScope'));
    }
  }

  return {
    assertWholeScope,
    /** The installation's configuration as a bundle, and its file name (gatehouse-config-YYYY-MM-DD.json). */
    async exportBundle() {
      const date = now();
      const side = sideOfDatabase(await snapshotOf(db));
      side.params = await systemParams.effective();
      side.entities = await entitiesOfDatabase(entities);
      const bundle = bundleOf(side, date.toISOString());
      return { bundle, fileName: `gatehouse-config-${date.toISOString().slice(0, 10)}.json` };
    },

    async diff(bundle: Bundle) {
      const { changes } = await compare(bundle);
      return { changes: changes.map(publicChange) };
    },

    async apply(bundle: Bundle, changeIds: readonly string[], principal: Principal) {
      const { target, current, changes } = await compare(bundle);
      const known = new Set(changes.map((c) => c.id));
      const unknown = changeIds.find((id) => !known.has(id));
      if (unknown !== undefined) throw badRequest(t('configBundle.unknownChange', { id: unknown }));
      const wanted = new Set(changeIds);
      const chosen = changes.filter((c) => wanted.has(c.id));
      const held = await assertAllowed(principal, chosen, current, target);
      await db.transaction().execute(async (trx) => {
        // Compared again inside the transaction: what was checked above is exactly what is written.
        const again = await compare(bundle, trx);
        const still = again.changes.filter((c) => wanted.has(c.id));
        if (JSON.stringify(still) !== JSON.stringify(chosen)) throw badRequest(t('configBundle.stale'));
        await write(trx, still, again.current, again.target, held);
        for (const change of still) {
          if (change.kind === 'param') {
            await systemParams.writeIn(
              trx,
              change.ref,
              again.target.params.get(change.ref)!.value,
              principal.accountId,
            );
          }
        }
      });
      // In effect here at once, and on the other instances at their next request (the version moved).
      await systemParams.refresh();
      return { applied: chosen.length };
    },
  };
}

export type ConfigBundleService = ReturnType<typeof createConfigBundleService>;
