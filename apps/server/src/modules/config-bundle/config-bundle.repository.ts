import type { Kysely } from 'kysely';
import type { DB, DictItemRow } from '../../platform/db/schema.js';
import { orgStanding } from '../orgs/orgs.reads.js';

/**
 * The SQL of the configuration bundle: one read of everything a bundle holds, and the writes applying it makes,
 * each on the connection or transaction it is made with.
 */
export function createConfigBundleRepository(db: Kysely<DB>) {
  return {
    /** Every resource, role (with grants and 自定义 organisations), dictionary, item and organisation. */
    async snapshot() {
      const [resources, roles, grants, scopeOrgs, dicts, items, orgs] = await Promise.all([
        db.selectFrom('resource').selectAll().orderBy('pid').orderBy('order_num').orderBy('id').execute(),
        db
          .selectFrom('role')
          .select(['id', 'name', 'remark', 'builtin', 'data_scope', 'require_second_factor'])
          .orderBy('id')
          .execute(),
        db.selectFrom('role_resource').select(['role_id', 'resource_id']).execute(),
        db.selectFrom('role_scope_org').select(['role_id', 'org_id']).execute(),
        db.selectFrom('dict').select(['id', 'dict_code', 'dict_name', 'remark']).orderBy('id').execute(),
        db.selectFrom('dict_item').selectAll().orderBy('order_num').orderBy('id').execute(),
        db
          .selectFrom('org')
          .select(['id', 'pid', 'name', 'full_name', 'org_code', 'region_id'])
          .orderBy('id')
          .execute(),
      ]);
      return { resources, roles, grants, scopeOrgs, dicts, items, orgs };
    },

    async insertResource(row: {
      pid: number | null;
      name: string;
      type: number;
      route: string | null;
      method: string | null;
      url: string | null;
      remark: string | null;
      order_num: number;
      icon: string | null;
    }): Promise<number> {
      const { id } = await db
        .insertInto('resource')
        .values({ ...row, builtin: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    async updateResource(
      id: number,
      changes: { pid: number | null; name: string; remark: string | null; order_num: number; icon: string | null },
    ) {
      await db.updateTable('resource').set(changes).where('id', '=', id).execute();
    },
    async deleteResource(id: number) {
      await db.deleteFrom('resource').where('id', '=', id).execute();
    },

    async insertOrg(row: {
      pid: number | null;
      name: string;
      full_name: string | null;
      org_code: string | null;
      region_id: number | null;
      create_time: string;
    }): Promise<number> {
      const { id } = await db.insertInto('org').values(row).returning('id').executeTakeFirstOrThrow();
      return id;
    },
    /** The name of the organisation `id` when it is disabled (禁用): nothing new goes under it. */
    async disabledOrgName(id: number): Promise<string | undefined> {
      const row = await orgStanding(db, id);
      return row && row.state !== 1 ? row.name : undefined;
    },
    async updateOrg(
      id: number,
      changes: { full_name: string | null; org_code: string | null; region_id: number | null },
    ) {
      await db.updateTable('org').set(changes).where('id', '=', id).execute();
    },
    async orgCodeTaken(code: string, exceptId?: number): Promise<boolean> {
      let q = db.selectFrom('org').select('id').where('org_code', '=', code);
      if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    async countOrgAccounts(id: number): Promise<number> {
      const row = await db
        .selectFrom('account')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('org_id', '=', id)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async deleteOrg(id: number) {
      await db.deleteFrom('org').where('id', '=', id).execute();
    },

    async insertDict(row: { dict_code: string; dict_name: string; remark: string | null; create_time: string }) {
      await db.insertInto('dict').values(row).execute();
    },
    async updateDict(code: string, changes: { dict_name: string; remark: string | null }) {
      await db.updateTable('dict').set(changes).where('dict_code', '=', code).execute();
    },
    async countDictItems(code: string): Promise<number> {
      const row = await db
        .selectFrom('dict_item')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('dict_code', '=', code)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async deleteDict(code: string) {
      await db.deleteFrom('dict').where('dict_code', '=', code).execute();
    },
    async insertDictItem(row: Omit<DictItemRow, 'id'>) {
      const { id } = await db.insertInto('dict_item').values(row).returning('id').executeTakeFirstOrThrow();
      return id;
    },
    async updateDictItem(
      id: number,
      changes: Pick<DictItemRow, 'pid' | 'order_num'> & Partial<Pick<DictItemRow, 'key_value' | 'state' | 'tag_color'>>,
    ) {
      await db.updateTable('dict_item').set(changes).where('id', '=', id).execute();
    },
    async deleteDictItem(id: number) {
      await db.deleteFrom('dict_item').where('id', '=', id).execute();
    },

    async roleNameTaken(name: string): Promise<boolean> {
      return (await db.selectFrom('role').select('id').where('name', '=', name).executeTakeFirst()) !== undefined;
    },
    async insertRole(row: {
      name: string;
      remark: string | null;
      data_scope: string;
      require_second_factor: number;
      now: string;
    }): Promise<number> {
      const { id } = await db
        .insertInto('role')
        .values({
          name: row.name,
          remark: row.remark,
          builtin: 0,
          data_scope: row.data_scope,
          require_second_factor: row.require_second_factor,
          create_time: row.now,
          update_time: row.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    /** A new update_time is the permission stamp: the role's holders reload their menus and buttons. */
    async updateRole(
      id: number,
      changes: { remark: string | null; data_scope: string; update_time: string; require_second_factor?: number },
    ) {
      await db.updateTable('role').set(changes).where('id', '=', id).where('builtin', '=', 0).execute();
    },
    async replaceRoleResources(roleId: number, ids: readonly number[]) {
      await db.deleteFrom('role_resource').where('role_id', '=', roleId).execute();
      if (ids.length) {
        await db
          .insertInto('role_resource')
          .values(ids.map((resource_id) => ({ role_id: roleId, resource_id })))
          .execute();
      }
    },
    async replaceRoleScopeOrgs(roleId: number, ids: readonly number[]) {
      await db.deleteFrom('role_scope_org').where('role_id', '=', roleId).execute();
      if (ids.length) {
        await db
          .insertInto('role_scope_org')
          .values(ids.map((org_id) => ({ role_id: roleId, org_id })))
          .execute();
      }
    },
    async countRoleAccounts(id: number): Promise<number> {
      const row = await db
        .selectFrom('account')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('role_id', '=', id)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async deleteRole(id: number) {
      await db.deleteFrom('role').where('id', '=', id).where('builtin', '=', 0).execute();
    },
  };
}

export type ConfigBundleRepository = ReturnType<typeof createConfigBundleRepository>;
