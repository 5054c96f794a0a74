import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn } from './id-column.js';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('setting')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await idColumn(db, dialect, 'org')
    .addColumn('pid', 'integer', (c) => c.references('org.id'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(255)')
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('org_pid_idx').on('org').column('pid').execute();

  await idColumn(db, dialect, 'role')
    .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('remark', 'varchar(255)')
    .addColumn('builtin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .execute();

  await idColumn(db, dialect, 'resource')
    .addColumn('pid', 'integer', (c) => c.references('resource.id'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('route', 'varchar(255)')
    .addColumn('method', 'varchar(10)')
    .addColumn('url', 'varchar(255)')
    .addColumn('remark', 'varchar(255)')
    .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('builtin', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('resource_pid_idx').on('resource').column('pid').execute();
  await db.schema.createIndex('resource_method_url_idx').on('resource').columns(['method', 'url']).execute();

  await db.schema
    .createTable('role_resource')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addColumn('resource_id', 'integer', (c) => c.notNull().references('resource.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('role_resource_pk', ['role_id', 'resource_id'])
    .execute();
  await db.schema.createIndex('role_resource_resource_idx').on('role_resource').column('resource_id').execute();

  await idColumn(db, dialect, 'account')
    .addColumn('account_number', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('account_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('avatar', 'varchar(1000)')
    .addColumn('contact_number', 'varchar(30)')
    .addColumn('email', 'varchar(254)')
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id'))
    .addColumn('role_id', 'integer', (c) => c.references('role.id'))
    .addColumn('builtin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_org_idx').on('account').column('org_id').execute();
  await db.schema.createIndex('account_role_idx').on('account').column('role_id').execute();
  await db.schema.createIndex('account_name_idx').on('account').column('account_name').execute();

  await db.schema
    .createTable('session')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('ended_at', 'varchar(30)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(512)')
    .execute();
  await db.schema.createIndex('session_account_idx').on('session').column('account_id').execute();
}
