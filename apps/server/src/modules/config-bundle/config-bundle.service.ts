import {
  type ConfigChangeAction,
  type ConfigChangeKind,
  type CrudEntityName,
  type RouteDef,
  routes,
} from '@gatehouse/contract';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../platform/db/db-errors.js';
import type { DB } from '../../platform/db/schema.js';
import { countChildren, isInSubtree } from '../../platform/db/tree.js';
import { AppError, badRequest, forbidden } from '../../platform/errors.js';
import type { Principal } from '../../platform/http.js';
import { t } from '../../platform/i18n.js';
import type { Authz } from '../authz/index.js';
import type { ResourcesService } from '../resources/index.js';
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
  itemRef,
  kindName,
  orgLabel,
  orgRef,
  publicChange,
  type RoleEntry,
  type Side,
  sideOfBundle,
  sideOfDatabase,
} from './config-bundle.model.js';
import { type ConfigBundleRepository, createConfigBundleRepository } from './config-bundle.repository.js';

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
  /** Whether a region code is in the region tree (null: not). */
  regionName: (id: number) => string | null;
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
  regionName,
  systemParams,
  entities,
  now = () => new Date(),
}: ConfigBundleDeps) {
  const repo = createConfigBundleRepository(db);

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
  async function assertAllowed(principal: Principal, chosen: readonly Change[], current: Side, target: Side) {
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
    if (principal.superAdmin) return;
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
  }

  /** Writes the chosen changes on `trx`: additions parents first, then changes, then removals children first. */
  async function write(
    trx: Kysely<DB>,
    r: ConfigBundleRepository,
    chosen: readonly Change[],
    current: Side,
    target: Side,
  ) {
    const at = now().toISOString();
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
    for (const change of byDepth(picked('resource', 'add'), resourceDepth(target))) {
      await run(change, async () => {
        const e = target.resources.get(change.ref)!;
        const id = await r.insertResource({
          pid: resourceId(change, e.parent),
          name: e.name,
          type: e.type,
          route: e.route,
          method: e.method,
          url: e.url,
          remark: e.remark,
          order_num: e.orderNum,
          icon: e.icon,
        });
        resourceIds.set(change.ref, id);
      });
    }
    for (const change of picked('resource', 'change')) {
      await run(change, async () => {
        const e = target.resources.get(change.ref)!;
        const id = current.resources.get(change.ref)!.dbId!;
        const pid = resourceId(change, e.parent);
        if (pid !== null && (await isInSubtree(trx, 'resource', id, pid))) throw badRequest(t('resource.cycle'));
        // The key's own fields (type, route, method, url) are the same on both sides: a built-in keeps them.
        await r.updateResource(id, { pid, name: e.name, remark: e.remark, order_num: e.orderNum, icon: e.icon });
      });
    }

    // Organisations.
    const orgIds = new Map<string, number>();
    for (const [ref, entry] of current.orgs) orgIds.set(ref, entry.dbId!);
    const checkOrg = async (e: { orgCode: string | null; regionId: number | null }, selfId?: number) => {
      if (e.regionId !== null && regionName(e.regionId) === null) throw badRequest(t('region.notFound'));
      if (e.orgCode && (await r.orgCodeTaken(e.orgCode, selfId)))
        throw badRequest(t('org.codeTaken', { code: e.orgCode }));
    };
    for (const change of byDepth(picked('org', 'add'), (c) => target.orgs.get(c.ref)!.path.length)) {
      await run(change, async () => {
        const e = target.orgs.get(change.ref)!;
        let pid: number | null = null;
        if (e.path.length > 1) {
          const parent = orgIds.get(orgRef(e.path.slice(0, -1)));
          if (parent === undefined) throw parentMissing(change, orgLabel(e.path.slice(0, -1)));
          // An enabled organisation's parent is enabled (modules/orgs): nothing is added under a disabled one.
          const disabled = await r.disabledOrgName(parent);
          if (disabled !== undefined) throw badRequest(t('org.parentDisabled', { name: disabled }));
          pid = parent;
        }
        await checkOrg(e);
        const id = await r.insertOrg({
          pid,
          name: e.path.at(-1)!,
          full_name: e.fullName,
          org_code: e.orgCode,
          region_id: e.regionId,
          create_time: at,
        });
        orgIds.set(change.ref, id);
      });
    }
    for (const change of picked('org', 'change')) {
      await run(change, async () => {
        const e = target.orgs.get(change.ref)!;
        const id = current.orgs.get(change.ref)!.dbId!;
        await checkOrg(e, id);
        await r.updateOrg(id, { full_name: e.fullName, org_code: e.orgCode, region_id: e.regionId });
      });
    }

    // Dictionaries and their items.
    for (const change of picked('dict', 'add')) {
      await run(change, async () => {
        const e = target.dicts.get(change.ref)!;
        await r.insertDict({ dict_code: e.dictCode, dict_name: e.dictName, remark: e.remark, create_time: at });
        current.dicts.set(change.ref, e);
      });
    }
    for (const change of picked('dict', 'change')) {
      await run(change, async () => {
        const e = target.dicts.get(change.ref)!;
        await r.updateDict(e.dictCode, { dict_name: e.dictName, remark: e.remark });
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
    for (const change of byDepth(picked('dictItem', 'add'), itemDepth)) {
      await run(change, async () => {
        const e = target.items.get(change.ref)!;
        if (!current.dicts.has(e.dictCode)) throw badRequest(t('dict.notFound'));
        const id = await r.insertDictItem({
          dict_code: e.dictCode,
          value: e.value,
          pid: itemParent(change, e.dictCode, e.parent),
          order_num: e.orderNum,
          key_value: e.keyValue ?? e.value,
          state: e.state === false ? 0 : 1,
          tag_color: e.tagColor ?? null,
        });
        itemIds.set(change.ref, id);
      });
    }
    for (const change of picked('dictItem', 'change')) {
      await run(change, async () => {
        const e = target.items.get(change.ref)!;
        const id = current.items.get(change.ref)!.dbId!;
        const pid = itemParent(change, e.dictCode, e.parent);
        if (pid !== null && (await isInSubtree(trx, 'dict_item', id, pid))) throw badRequest(t('dictItem.cycle'));
        await r.updateDictItem(id, {
          pid,
          order_num: e.orderNum,
          ...(e.keyValue === undefined ? {} : { key_value: e.keyValue }),
          ...(e.state === undefined ? {} : { state: e.state ? 1 : 0 }),
          ...(e.tagColor === undefined ? {} : { tag_color: e.tagColor }),
        });
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
    for (const change of picked('role', 'add')) {
      await run(change, async () => {
        const e = target.roles.get(change.ref)!;
        if (await r.roleNameTaken(e.name)) throw badRequest(t('role.nameTaken', { name: e.name }));
        const grants = grantsOf(e.resources);
        const scope = scopeOf(change, e.scopeOrgs);
        const id = await r.insertRole({
          name: e.name,
          remark: e.remark,
          data_scope: e.dataScope,
          // Absent from the file: off, as POST /role without it.
          require_second_factor: e.requireSecondFactor ? 1 : 0,
          now: at,
        });
        await r.replaceRoleResources(id, grants);
        await r.replaceRoleScopeOrgs(id, scope);
      });
    }
    for (const change of picked('role', 'change')) {
      await run(change, async () => {
        const e = target.roles.get(change.ref)!;
        const id = current.roles.get(change.ref)!.dbId!;
        const grants = grantsOf(e.resources);
        const scope = scopeOf(change, e.scopeOrgs);
        await r.updateRole(id, {
          remark: e.remark,
          data_scope: e.dataScope,
          update_time: at,
          // Absent from the file: the role keeps its own, as PUT /role without it.
          ...(e.requireSecondFactor === undefined ? {} : { require_second_factor: e.requireSecondFactor ? 1 : 0 }),
        });
        await r.replaceRoleResources(id, grants);
        await r.replaceRoleScopeOrgs(id, scope);
      });
    }

    // Removals, children first, under the single-object routes' rules.
    for (const change of picked('role', 'remove')) {
      await run(change, async () => {
        const id = current.roles.get(change.ref)!.dbId!;
        const count = await r.countRoleAccounts(id);
        if (count > 0) throw badRequest(t('role.inUse', { count }));
        await r.deleteRole(id);
      });
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
      await run(change, async () => {
        const id = current.items.get(change.ref)!.dbId!;
        const children = await countChildren(trx, 'dict_item', id);
        if (children > 0) throw badRequest(t('dictItem.hasChildren', { count: children }));
        await r.deleteDictItem(id);
      });
    }
    for (const change of picked('dict', 'remove')) {
      await run(change, async () => {
        const e = current.dicts.get(change.ref)!;
        const items = await r.countDictItems(e.dictCode);
        if (items > 0) throw badRequest(t('dict.hasItems', { name: e.dictName, count: items }));
        await r.deleteDict(e.dictCode);
      });
    }
    for (const change of deepestFirst(picked('org', 'remove'), (c) => current.orgs.get(c.ref)!.path.length)) {
      await run(change, async () => {
        const id = current.orgs.get(change.ref)!.dbId!;
        const children = await countChildren(trx, 'org', id);
        if (children > 0) throw badRequest(t('org.hasChildren', { count: children }));
        const accounts = await r.countOrgAccounts(id);
        if (accounts > 0) throw badRequest(t('org.hasAccounts', { count: accounts }));
        await r.deleteOrg(id);
      });
    }
    for (const change of deepestFirst(picked('resource', 'remove'), resourceDepth(current))) {
      await run(change, async () => {
        const e = current.resources.get(change.ref)!;
        if (e.builtin) throw badRequest(t('resource.builtinDelete'));
        const children = await countChildren(trx, 'resource', e.dbId!);
        if (children > 0) throw badRequest(t('resource.hasChildren', { count: children }));
        await r.deleteResource(e.dbId!);
      });
    }

    // The descriptor-served entities' rows, through their engine (the single-row routes' rules).
    await writeEntities(trx, entities, chosen, current.entities, target.entities, (change, work) =>
      run(change as Change, work),
    );
  }

  async function compare(bundle: Bundle, r: ConfigBundleRepository = repo, executor: Kysely<DB> = db) {
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
    const current = sideOfDatabase(await r.snapshot());
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
      const side = sideOfDatabase(await repo.snapshot());
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
      await assertAllowed(principal, chosen, current, target);
      await db.transaction().execute(async (trx) => {
        const r = createConfigBundleRepository(trx);
        // Compared again inside the transaction: what was checked above is exactly what is written.
        const again = await compare(bundle, r, trx);
        const still = again.changes.filter((c) => wanted.has(c.id));
        if (JSON.stringify(still) !== JSON.stringify(chosen)) throw badRequest(t('configBundle.stale'));
        await write(trx, r, still, again.current, again.target);
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
