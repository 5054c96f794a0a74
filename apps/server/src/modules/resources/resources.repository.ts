import type { Kysely } from 'kysely';
import { counter } from '../../platform/db/counters.js';
import { preparedQuery } from '../../platform/db/prepared.js';
import type { DB, ResourceRow } from '../../platform/db/schema.js';
import { roleGrantPairs, roleGrants } from '../roles/roles.reads.js';
import { allResources } from './resources.reads.js';

export function createResourcesRepository(db: Kysely<DB>) {
  // Read by every permission check: compiled once.
  const version = preparedQuery(db, (db, name: string) => counter(db, name));
  return {
    all(): Promise<ResourceRow[]> {
      return allResources(db);
    },
    /** Moves with every change of the resource tree or of any role's grants (triggers of 0009_perf). */
    async permissionVersion(): Promise<string> {
      const [row] = await version('permission_version');
      return String(row?.n ?? '');
    },
    /** Ids of the resources a role holds (the roles module's read of its grants). */
    async heldIds(roleId: number): Promise<number[]> {
      return [...(await roleGrants(db, roleId))];
    },
    /** The grants of several roles in one query: (role, resource) pairs. */
    grantsOf: (roleIds: readonly number[]) => roleGrantPairs(db, roleIds),
    /** Resources held by a role, plus the given always-granted ids. */
    ofRole(roleId: number): Promise<ResourceRow[]> {
      return db
        .selectFrom('resource')
        .innerJoin('role_resource', 'role_resource.resource_id', 'resource.id')
        .where('role_resource.role_id', '=', roleId)
        .selectAll('resource')
        .orderBy('resource.pid')
        .orderBy('resource.order_num')
        .orderBy('resource.id')
        .execute();
    },
    async roleHoldsApi(roleId: number, method: string, url: string): Promise<boolean> {
      const row = await db
        .selectFrom('role_resource')
        .innerJoin('resource', 'resource.id', 'role_resource.resource_id')
        .where('role_resource.role_id', '=', roleId)
        .where('resource.type', '=', 1)
        .where('resource.method', '=', method)
        .where('resource.url', '=', url)
        .select('resource.id')
        .executeTakeFirst();
      return row !== undefined;
    },
    findMenuByRoute(route: string) {
      return db.selectFrom('resource').selectAll().where('type', '=', 0).where('route', '=', route).executeTakeFirst();
    },
    findApi(method: string, url: string) {
      return db
        .selectFrom('resource')
        .selectAll()
        .where('type', '=', 1)
        .where('method', '=', method)
        .where('url', '=', url)
        .executeTakeFirst();
    },
    async insert(row: Omit<ResourceRow, 'id' | 'icon'> & { icon?: string | null }): Promise<number> {
      const { id } = await db.insertInto('resource').values(row).returning('id').executeTakeFirstOrThrow();
      return id;
    },
    findById(id: number) {
      return db.selectFrom('resource').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async update(id: number, changes: Omit<ResourceRow, 'id' | 'builtin' | 'icon'> & { icon?: string | null }) {
      await db.updateTable('resource').set(changes).where('id', '=', id).execute();
    },
    async delete(id: number) {
      await db.deleteFrom('resource').where('id', '=', id).execute();
    },
    async markBuiltin(id: number, fields: Partial<Pick<ResourceRow, 'name' | 'pid' | 'order_num' | 'icon'>>) {
      await db
        .updateTable('resource')
        .set({ ...fields, builtin: 1 })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type ResourcesRepository = ReturnType<typeof createResourcesRepository>;
