import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn } from './id-column.js';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // 操作日志: one row per write through the API. Actor numbers are copied so rows outlive accounts.
  await idColumn(db, dialect, 'audit_log')
    .addColumn('at', 'varchar(30)', (c) => c.notNull())
    .addColumn('actor_account_id', 'integer')
    .addColumn('actor_account_number', 'varchar(100)')
    .addColumn('origin_account_id', 'integer')
    .addColumn('origin_account_number', 'varchar(100)')
    .addColumn('route_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('method', 'varchar(10)', (c) => c.notNull())
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(30)')
    .addColumn('target_id', 'varchar(100)')
    .addColumn('target_label', 'varchar(255)')
    .addColumn('outcome', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('message', 'varchar(500)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(500)')
    .addColumn('diff', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').column('actor_account_number').execute();
  await db.schema.createIndex('audit_log_target_idx').on('audit_log').columns(['target_type', 'target_id']).execute();
}
