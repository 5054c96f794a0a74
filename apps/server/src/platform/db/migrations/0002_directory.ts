import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn } from './id-column.js';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('account').addColumn('address', 'varchar(255)').execute();
  await db.schema.alterTable('account').addColumn('introduction', 'varchar(1000)').execute();
  // Changes whenever the role's resource set changes: clients compare it to refresh permissions.
  await db.schema
    .alterTable('role')
    .addColumn('update_time', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .execute();
  // Set on a session created by an identity switch: the session of the account really acting.
  await db.schema.alterTable('session').addColumn('origin_session_id', 'varchar(64)').execute();

  await idColumn(db, dialect, 'dict')
    .addColumn('dict_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('dict_code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('remark', 'varchar(255)')
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dict_name_idx').on('dict').column('dict_name').execute();

  await idColumn(db, dialect, 'dict_item')
    .addColumn('dict_code', 'varchar(100)', (c) => c.notNull().references('dict.dict_code'))
    .addColumn('value', 'varchar(100)', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.references('dict_item.id'))
    .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('dict_item_code_idx').on('dict_item').columns(['dict_code', 'order_num']).execute();
  await db.schema.createIndex('dict_item_pid_idx').on('dict_item').column('pid').execute();
}
