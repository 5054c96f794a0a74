import type { Kysely } from 'kysely';
import { counters } from '../../platform/db/counters.js';
import type { DB } from '../../platform/db/schema.js';
import { countAccounts } from '../accounts/accounts.reads.js';
import { existingOrgIds } from '../orgs/orgs.reads.js';
import { allResourceIds, resourceNames, resourcesByIds } from '../resources/resources.reads.js';
import { rolesWithGrants } from './roles.reads.js';

export function createRolesRepository(db: Kysely<DB>) {
  return {
    /** The roles (those with `ids`, else all) with their grants, 自定义 organisations and account counts. */
    async all(ids?: readonly number[]) {
      if (ids?.length === 0) return { roles: [], grants: [], counts: [], scopeOrgs: [] };
      const { roles, grants, scopeOrgs } = await rolesWithGrants(db, ids);
      // Accounts per role are kept by triggers (0009_perf) instead of counted over every account.
      const counted = await counters(
        db,
        roles.map((r) => `role:${r.id}`),
      );
      const counts = counted.map((c) => ({ role_id: Number(c.name.slice(5)), n: c.n }));
      return { roles, grants, counts, scopeOrgs };
    },
    findById(id: number) {
      return db.selectFrom('role').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async nameTaken(name: string, exceptId?: number) {
      let q = db.selectFrom('role').select('id').where('name', '=', name);
      if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    resourcesOf(roleId: number) {
      return db.selectFrom('role_resource').select('resource_id').where('role_id', '=', roleId).execute();
    },
    resourcesByIds(ids: readonly number[]) {
      return resourcesByIds(db, ids);
    },
    async replaceResources(roleId: number, ids: readonly number[]) {
      await db.deleteFrom('role_resource').where('role_id', '=', roleId).execute();
      if (ids.length) {
        await db
          .insertInto('role_resource')
          .values(ids.map((resource_id) => ({ role_id: roleId, resource_id })))
          .execute();
      }
    },
    /** Replaces a role's 自定义 organisations (none for the other scopes). */
    async replaceScopeOrgs(roleId: number, ids: readonly number[]) {
      await db.deleteFrom('role_scope_org').where('role_id', '=', roleId).execute();
      if (ids.length) {
        await db
          .insertInto('role_scope_org')
          .values(ids.map((org_id) => ({ role_id: roleId, org_id })))
          .execute();
      }
    },
    /** Which of these organisation ids exist. */
    existingOrgs(ids: readonly number[]): Promise<number[]> {
      return existingOrgIds(db, ids);
    },
    async update(
      id: number,
      changes: {
        name: string;
        remark: string | null;
        update_time: string;
        data_scope?: string;
        require_second_factor?: number;
      },
    ) {
      await db.updateTable('role').set(changes).where('id', '=', id).execute();
    },
    async delete(id: number) {
      await db.deleteFrom('role').where('id', '=', id).execute();
    },
    countAccounts(id: number): Promise<number> {
      return countAccounts(db, { roleId: id });
    },
    /** Each role's creation time (the role export's 创建时间 column). */
    createTimes() {
      return db.selectFrom('role').select(['id', 'create_time']).execute();
    },
    /** Every resource's name by id (the role export's 权限 column). */
    resourceNames() {
      return resourceNames(db);
    },
    allResourceIds() {
      return allResourceIds(db);
    },
    async insert(
      name: string,
      remark: string | null,
      builtin: boolean,
      now: string,
      dataScope = 'all',
      requireSecondFactor = false,
    ) {
      const { id } = await db
        .insertInto('role')
        .values({
          name,
          remark,
          builtin: builtin ? 1 : 0,
          create_time: now,
          update_time: now,
          data_scope: dataScope,
          require_second_factor: requireSecondFactor ? 1 : 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
  };
}

export type RolesRepository = ReturnType<typeof createRolesRepository>;

/** The built-in super-admin role's id, if it exists (modules/setup). */
export async function builtinRoleId(db: Kysely<DB>): Promise<number | undefined> {
  const row = await db.selectFrom('role').select('id').where('builtin', '=', 1).executeTakeFirst();
  return row?.id;
}

/** The first start's built-in super-admin role (modules/setup); answers its id. */
export async function insertBuiltinRole(db: Kysely<DB>, name: string, remark: string, now: string): Promise<number> {
  const { id } = await db
    .insertInto('role')
    .values({ name, remark, builtin: 1, create_time: now, update_time: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
