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
