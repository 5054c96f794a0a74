import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // Issue 20, 数据权限: which accounts and organisations a role's holders see and change. Roles that exist before
  // it keep seeing everything ('all'): nothing changes for them.
  await db.schema
    .alterTable('role')
    .addColumn('data_scope', 'varchar(16)', (c) => c.notNull().defaultTo('all'))
    .execute();
  // A 自定义 scope: the organisations whose subtrees it reaches. An organisation deleted leaves the scopes it was in.
  await db.schema
    .createTable('role_scope_org')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('role_scope_org_pk', ['role_id', 'org_id'])
    .execute();
  await db.schema.createIndex('role_scope_org_org_idx').on('role_scope_org').column('org_id').execute();
}
