import {
  type BodyOf,
  type DataScopeKind,
  NEW_ROLE_SCOPE,
  type QueryOf,
  type Routes,
  routes,
} from '@gatehouse/contract';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../platform/db/db-errors.js';
import type { DB } from '../../platform/db/schema.js';
import { badRequest, fieldError, forbidden } from '../../platform/errors.js';
import type { Principal } from '../../platform/http.js';
import { t } from '../../platform/i18n.js';
import { dayStamp, selectColumns, type TableColumn, type TableFile } from '../../platform/spreadsheet.js';
import { requiredText } from '../../platform/validation.js';
import { asDataScope } from '../authz/index.js';
import type { ResourcesService } from '../resources/resources.service.js';
import { roleNameOf, roleRemarkOf } from '../setup/seeded-names.js';
import { createRolesRepository, type RolesRepository } from './roles.repository.js';

type RoleInput = BodyOf<Routes['createRole']>;

/** What a caller holds: the resources it may grant ('all' for the super-admin role). */
type Holding = ReadonlySet<number> | 'all';

/**
 * A role as a write sets it: its name, remark and granted resource ids; its data scope (absent on edit: kept) and
 * 需要双因素认证 (absent: off on create, kept on edit).
 */
export interface RoleWrite {
  name: string;
  remark: string | null;
  resources: readonly number[];
  scope?: { dataScope: DataScopeKind; orgIds: readonly number[] };
  requireSecondFactor?: boolean;
}

/** One row of the role export. */
export interface RoleExportRow {
  name: string;
  remark: string | null;
  dataScope: DataScopeKind;
  requireSecondFactor: boolean;
  accountCount: number;
  resources: string;
  createTime: string;
}

/** The export's columns, headers and words in the request's language. */
const roleExportColumns = (): TableColumn<RoleExportRow>[] => [
  { key: 'name', header: t('roleExport.name'), value: (r) => r.name, width: 20 },
  { key: 'remark', header: t('roleExport.remark'), value: (r) => r.remark, width: 30 },
  {
    key: 'dataScope',
    header: t('roleExport.dataScope'),
    value: (r) => t(`roleExport.scope.${r.dataScope}`),
    width: 16,
  },
  {
    key: 'requireSecondFactor',
    header: t('roleExport.requireSecondFactor'),
    value: (r) => t(r.requireSecondFactor ? 'roleExport.yes' : 'roleExport.no'),
    width: 16,
  },
  { key: 'accountCount', header: t('roleExport.accountCount'), value: (r) => r.accountCount, type: 'number' },
  { key: 'resources', header: t('roleExport.resources'), value: (r) => r.resources, width: 60 },
  { key: 'createTime', header: t('roleExport.createTime'), value: (r) => r.createTime, type: 'date', width: 20 },
];

/** `rows` grouped by `key`, each group's `value`s in the rows' order. */
function groupBy<R, K, V>(rows: readonly R[], key: (row: R) => K, value: (row: R) => V): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(value(row));
    else groups.set(k, [value(row)]);
  }
  return groups;
}

export function createRolesService(
  db: Kysely<DB>,
  resources: ResourcesService,
  /** The roles the caller may hand out and act on (modules/authz, the dominance rule). */
  coveredRoleIds: (principal: Principal) => Promise<'all' | number[]>,
  /** Refuses a data scope wider than the caller's own (modules/authz). */
  assertGrantableScope: (
    principal: Principal,
    scope: { dataScope: DataScopeKind; orgIds: readonly number[] },
    title: string,
  ) => Promise<void>,
) {
  const repo = createRolesRepository(db);

  /** The roles (those with `ids`, else all) as the list shows them. */
  async function list(r: RolesRepository = repo, ids?: readonly number[]) {
    const { roles, grants, counts, scopeOrgs } = await r.all(ids);
    // The super-admin role holds every resource, including ones added after it was created.
    const allIds = roles.some((role) => role.builtin === 1) ? (await r.allResourceIds()).map((row) => row.id) : [];
    const grantsOf = groupBy(
      grants,
      (g) => g.role_id,
      (g) => g.resource_id,
    );
    const scopeOrgsOf = groupBy(
      scopeOrgs,
      (s) => s.role_id,
      (s) => s.org_id,
    );
    const countOf = new Map(counts.map((c) => [c.role_id, Number(c.n)]));
    return roles.map((role) => ({
      id: role.id,
      // The seeded super-admin role in the request's language (docs/adr/0037).
      name: roleNameOf(role.name, role.builtin),
      remark: roleRemarkOf(role.remark, role.builtin),
      builtin: role.builtin === 1,
      resources: role.builtin === 1 ? allIds : (grantsOf.get(role.id) ?? []),
      accountCount: countOf.get(role.id) ?? 0,
      dataScope: role.builtin === 1 ? ('all' as const) : asDataScope(role.data_scope),
      scopeOrgIds: scopeOrgsOf.get(role.id) ?? [],
      requireSecondFactor: role.require_second_factor === 1,
    }));
  }

  /**
   * The data scope asked for (absent: `NEW_ROLE_SCOPE` for a new role, `stored` on edit), checked: a 自定义 one names
   * at least one existing organisation, and none is wider than the caller's own (403). Read before a transaction
   * opens.
   */
  async function scopeOf(input: RoleInput, principal: Principal, title: string, stored?: DataScopeKind) {
    const dataScope = input.dataScope ?? stored ?? NEW_ROLE_SCOPE;
    if (input.dataScope === undefined && stored !== undefined) return undefined;
    const orgIds = dataScope === 'custom' ? (input.scopeOrgIds ?? []) : [];
    if (dataScope === 'custom') {
      if (orgIds.length === 0) throw badRequest(t('role.scopeOrgsRequired'));
      if ((await repo.existingOrgs(orgIds)).length !== orgIds.length) throw badRequest(t('role.scopeOrgNotFound'));
    }
    const scope = { dataScope, orgIds };
    await assertGrantableScope(principal, scope, title);
    return scope;
  }

  async function one(r: RolesRepository, id: number) {
    const [role] = await list(r, [id]);
    if (!role) throw badRequest(t('role.notFound'));
    return role;
  }

  /**
   * Checks a requested resource set: every id exists, and whatever the role does not already hold is held by
   * the caller (nobody grants what they lack; removing is always allowed).
   */
  async function checkResources(
    r: RolesRepository,
    ids: readonly number[],
    already: ReadonlySet<number>,
    held: Holding,
  ) {
    const found = await r.resourcesByIds(ids);
    const missing = ids.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw badRequest(t('role.resourceNotFound', { ids: missing.join('、') }));
    if (held === 'all') return;
    const granted = found.filter((f) => !held.has(f.id) && !already.has(f.id));
    if (granted.length) {
      throw forbidden(t('role.resourceNotHeld', { names: granted.map((g) => g.name).join('、') }));
    }
  }

  /** Read before a transaction opens: SQLite has one connection, so no query may run beside the transaction. */
  async function heldBy(principal: Principal): Promise<Holding> {
    if (principal.superAdmin) return 'all';
    return new Set((await resources.permissionsOf(principal.roleId, false)).map((p) => p.id));
  }

  function fields(input: RoleInput) {
    const name = requiredText(input.name, 'name', '角色名称');
    return { name, remark: input.remark?.trim() || null };
  }

  async function unique<T>(name: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('name', t('role.nameTaken', { name }));
      throw error;
    }
  }

  /**
   * Adds a role on `trx` under POST /role's rules: its name free, each resource existing and, unless `held` is 'all',
   * held by the caller (read before the transaction: heldBy). Answers its id.
   */
  async function createIn(trx: Kysely<DB>, role: RoleWrite & Required<Pick<RoleWrite, 'scope'>>, held: Holding) {
    const r = createRolesRepository(trx);
    if (await r.nameTaken(role.name)) throw fieldError('name', t('role.nameTaken', { name: role.name }));
    await checkResources(r, role.resources, new Set(), held);
    // 需要双因素认证 is no privilege: anyone who may create a role may set it (absent: off).
    const id = await r.insert(
      role.name,
      role.remark,
      false,
      new Date().toISOString(),
      role.scope.dataScope,
      role.requireSecondFactor === true,
    );
    await r.replaceResources(id, role.resources);
    await r.replaceScopeOrgs(id, role.scope.orgIds);
    return id;
  }

  /**
   * Edits the role `id` on `trx` under PUT /role's rules: never the built-in role, its name free, what it newly grants
   * existing and held (as createIn). Its new update_time is the permission stamp.
   */
  async function updateIn(trx: Kysely<DB>, id: number, role: RoleWrite, held: Holding) {
    const r = createRolesRepository(trx);
    const stored = await r.findById(id);
    if (!stored) throw badRequest(t('role.notFound'));
    if (stored.builtin === 1) throw badRequest(t('role.builtin'));
    if (await r.nameTaken(role.name, id)) throw fieldError('name', t('role.nameTaken', { name: role.name }));
    const already = new Set((await r.resourcesOf(id)).map((x) => x.resource_id));
    await checkResources(r, role.resources, already, held);
    // A new update_time is the permission stamp: accounts of this role refresh their menus and buttons.
    await r.update(id, {
      name: role.name,
      remark: role.remark,
      update_time: new Date().toISOString(),
      ...(role.scope ? { data_scope: role.scope.dataScope } : {}),
      // 需要双因素认证: absent keeps the stored flag. It grants nothing, so the dominance rule (which already admitted
      // this role to the caller) has nothing more to check.
      ...(role.requireSecondFactor === undefined ? {} : { require_second_factor: role.requireSecondFactor ? 1 : 0 }),
    });
    await r.replaceResources(id, role.resources);
    if (role.scope) await r.replaceScopeOrgs(id, role.scope.orgIds);
  }

  /** Deletes the role `id` on `trx` under DELETE /role's rules: never the built-in role, nor one an account holds. */
  async function removeIn(trx: Kysely<DB>, id: number) {
    const r = createRolesRepository(trx);
    const role = await r.findById(id);
    if (!role) throw badRequest(t('role.notFound'));
    if (role.builtin === 1) throw badRequest(t('role.builtin'));
    const count = await r.countAccounts(id);
    if (count > 0) throw badRequest(t('role.inUse', { count }));
    await r.delete(id);
  }

  /** The list for a caller: each role says whether the caller may hand it out (the dominance rule). */
  async function listFor(principal: Principal, r: RolesRepository = repo) {
    const [roles, covered] = await Promise.all([list(r), coveredRoleIds(principal)]);
    return roles.map((role) => ({ ...role, assignable: covered === 'all' || covered.includes(role.id) }));
  }

  return {
    list: (principal: Principal) => listFor(principal),

    /**
     * Every role as a table (GET /role/export), as the list shows them (by id): `columns` checked first. Roles are
     * few (the list answers them all at once), so they are read whole.
     */
    async exportTable(query: QueryOf<Routes['exportRoles']>): Promise<TableFile<RoleExportRow>> {
      const columns = selectColumns(roleExportColumns(), query.columns);
      const [every, resources, times] = await Promise.all([list(), repo.resourceNames(), repo.createTimes()]);
      // The role list's filter (made by the web app over GET /role/s): the name contains it, ignoring case.
      const needle = query.name?.trim().toLocaleLowerCase();
      const roles = needle ? every.filter((role) => role.name.toLocaleLowerCase().includes(needle)) : every;
      const nameOf = new Map(resources.map((r) => [r.id, r.name]));
      const createdAt = new Map(times.map((r) => [r.id, r.create_time]));
      const name = t('roleExport.fileName');
      const day = dayStamp();
      return {
        format: query.format ?? 'xlsx',
        fileName: `${name}-${day}`,
        fallbackName: `roles-${day}`,
        sheetName: name,
        columns,
        rows: roles.map((role) => ({
          name: role.name,
          remark: role.remark,
          dataScope: role.dataScope,
          requireSecondFactor: role.requireSecondFactor,
          accountCount: role.accountCount,
          resources: [...role.resources]
            .sort((a, b) => a - b)
            .map((id) => nameOf.get(id) ?? String(id))
            .join('、'),
          createTime: createdAt.get(role.id) ?? '',
        })),
      };
    },

    async create(input: RoleInput, principal: Principal) {
      const { name, remark } = fields(input);
      const held = await heldBy(principal);
      const scope = (await scopeOf(input, principal, routes.createRole.title))!;
      const role = { name, remark, resources: input.resources, scope, requireSecondFactor: input.requireSecondFactor };
      return unique(
        name,
        () =>
          db.transaction().execute(async (trx) => {
            const id = await createIn(trx, role, held);
            return one(createRolesRepository(trx), id);
          }),
        // Its resources are all held by the caller (checked above): the caller may hand it out.
      ).then((created) => ({ ...created, assignable: true }));
    },

    async update(input: BodyOf<Routes['updateRole']>, principal: Principal) {
      const { name, remark } = fields(input);
      const held = await heldBy(principal);
      const stored = await repo.findById(input.id);
      const scope = stored
        ? await scopeOf(input, principal, routes.updateRole.title, asDataScope(stored.data_scope))
        : undefined;
      const role = { name, remark, resources: input.resources, scope, requireSecondFactor: input.requireSecondFactor };
      return unique(
        name,
        () =>
          db.transaction().execute(async (trx) => {
            await updateIn(trx, input.id, role, held);
            return one(createRolesRepository(trx), input.id);
          }),
        // The route's dominance check admitted only a role within the caller's holdings, and grants stay within them.
      ).then((updated) => ({ ...updated, assignable: true }));
    },

    async remove(id: number): Promise<void> {
      await db.transaction().execute((trx) => removeIn(trx, id));
    },

    // The writes on a transaction the caller holds (the configuration bundle's one transaction), under the same rules.
    createIn,
    updateIn,
    removeIn,
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
