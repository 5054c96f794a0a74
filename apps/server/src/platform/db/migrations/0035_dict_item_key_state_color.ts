import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // Dictionary items (issue 36, ADR 0034): 数据键值 beside the label (`value`), 状态 and 标签颜色, as RuoYi's 字典数据
  // has them. Existing items keep their value as their key value, enabled, without a colour. The empty default only
  // lets the column be added to a table with rows (SQLite wants one for NOT NULL); every write names the column.
  await db.schema
    .alterTable('dict_item')
    .addColumn('key_value', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('dict_item')
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('dict_item').addColumn('tag_color', 'varchar(20)').execute();
  await db
    .updateTable('dict_item')
    .set((eb) => ({ key_value: eb.ref('value') }))
    .execute();
}
