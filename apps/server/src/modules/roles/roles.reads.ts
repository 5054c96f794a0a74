import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

/**
 * The reads of the role tables that other modules make (the tables are this module's, owners.ts), executor first.
 */

/**
 * The roles with these ids as the audit trail compares them, with what they hand to their holders: the ids of the
 * resources each grants and, for a 自定义 data scope, of its organisations, in order; the data scope and the
 * second-factor requirement.
 */
export async function auditedRoles(db: Kysely<DB>, ids: readonly number[]) {
  const rows = await db
    .selectFrom('role')
    .select(['id', 'name', 'remark', 'data_scope', 'require_second_factor'])
    .where('id', 'in', ids)
    .execute();
  if (rows.length === 0) return [];
  const roleIds = rows.map((row) => row.id);
  const scoped = await db
    .selectFrom('role_scope_org')
    .select(['role_id', 'org_id'])
    .where('role_id', 'in', roleIds)
    .orderBy('role_id')
    .orderBy('org_id')
    .execute();
  const scopeOrgs = new Map<number, number[]>(rows.map((row) => [row.id, []]));
  for (const scope of scoped) scopeOrgs.get(scope.role_id)?.push(scope.org_id);
  const granted = await db
    .selectFrom('role_resource')
    .select(['role_id', 'resource_id'])
    .where('role_id', 'in', roleIds)
    .orderBy('role_id')
    .orderBy('resource_id')
    .execute();
  const resources = new Map<number, number[]>(rows.map((row) => [row.id, []]));
  for (const grant of granted) resources.get(grant.role_id)?.push(grant.resource_id);
  return rows.map((row) => ({
    ...row,
    resources: resources.get(row.id) ?? [],
    scope_orgs: scopeOrgs.get(row.id) ?? [],
  }));
}

/**
 * The roles (those with `ids`, else all) by id, with their grants and 自定义 organisations as (role, resource) and
 * (role, organisation) pairs.
 */
export async function rolesWithGrants(db: Kysely<DB>, ids?: readonly number[]) {
  if (ids?.length === 0) return { roles: [], grants: [], scopeOrgs: [] };
  const roleQuery = db
    .selectFrom('role')
    .select(['id', 'name', 'remark', 'builtin', 'data_scope', 'require_second_factor'])
    .orderBy('id');
  const grantQuery = db.selectFrom('role_resource').select(['role_id', 'resource_id']);
  const scopeQuery = db.selectFrom('role_scope_org').select(['role_id', 'org_id']).orderBy('org_id');
  // One role's edit reads that role's rows, not every role's grants (the grants are the big table).
  const [roles, grants, scopeOrgs] = await Promise.all([
    (ids ? roleQuery.where('id', 'in', ids) : roleQuery).execute(),
    (ids ? grantQuery.where('role_id', 'in', ids) : grantQuery).execute(),
    (ids ? scopeQuery.where('role_id', 'in', ids) : scopeQuery).execute(),
  ]);
  return { roles, grants, scopeOrgs };
}

/** A role as the dominance rule judges it: its name, super-admin mark and data scope. */
export function roleStanding(db: Kysely<DB>, id: number) {
  return db.selectFrom('role').select(['id', 'name', 'builtin', 'data_scope']).where('id', '=', id).executeTakeFirst();
}

/** Every role's super-admin mark and data scope. */
export function roleStandings(db: Kysely<DB>) {
  return db.selectFrom('role').select(['id', 'builtin', 'data_scope']).execute();
}

/** The organisations of each role's 自定义 scope (every role's when `roleIds` is absent). */
export async function roleScopeOrgs(db: Kysely<DB>, roleIds?: readonly number[]): Promise<Map<number, number[]>> {
  if (roleIds?.length === 0) return new Map();
  let q = db.selectFrom('role_scope_org').select(['role_id', 'org_id']).orderBy('org_id');
  if (roleIds) q = q.where('role_id', 'in', roleIds);
  const byRole = new Map<number, number[]>();
  for (const row of await q.execute()) {
    const list = byRole.get(row.role_id) ?? [];
    list.push(row.org_id);
    byRole.set(row.role_id, list);
  }
  return byRole;
}

/** The resources granted to a role (its own grants, without what everyone holds). */
export async function roleGrants(db: Kysely<DB>, roleId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('role_resource').select('resource_id').where('role_id', '=', roleId).execute();
  return new Set(rows.map((row) => row.resource_id));
}

/** The grants of several roles in one query: (role, resource) pairs. */
export function roleGrantPairs(db: Kysely<DB>, roleIds: readonly number[]) {
  if (roleIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('role_resource').select(['role_id', 'resource_id']).where('role_id', 'in', roleIds).execute();
}

/** The roles granted a resource, with the super-admin role(s) (which hold everything), by id. */
export function rolesHoldingResource(db: Kysely<DB>, resourceId: number) {
  return db
    .selectFrom('role')
    .select(['role.id', 'role.name', 'role.builtin'])
    .where((eb) =>
      eb.or([
        eb('role.builtin', '=', 1),
        eb.exists(
          eb
            .selectFrom('role_resource')
            .select('role_resource.role_id')
            .whereRef('role_resource.role_id', '=', 'role.id')
            .where('role_resource.resource_id', '=', resourceId),
        ),
      ]),
    )
    .orderBy('role.id')
    .execute();
}

/** How many roles there are. */
export async function roleCount(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('role')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
