import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // An organisation's 显示排序, 负责人, 联系电话 and 状态, as RuoYi's 部门 has them. Existing organisations keep their
  // order (all 0: siblings by id, as before), have no leader nor phone, and are enabled.
  await db.schema
    .alterTable('org')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('org').addColumn('leader', 'varchar(50)').execute();
  await db.schema.alterTable('org').addColumn('phone', 'varchar(30)').execute();
  await db.schema
    .alterTable('org')
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // Each level of the tree is read in its order: the children of one parent by 显示排序, then id.
  await db.schema.createIndex('org_pid_sort_idx').on('org').columns(['pid', 'sort_order', 'id']).execute();
}
