import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn } from './id-column.js';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // The sign-in log (登录日志): append-only, no API writes; its rows also count the per-client and
  // per-account sign-in limits (ADR 0011).
  await idColumn(db, dialect, 'signin_log')
    .addColumn('at', 'varchar(30)', (c) => c.notNull())
    .addColumn('account', 'varchar(100)', (c) => c.notNull())
    .addColumn('account_id', 'integer')
    .addColumn('outcome', 'varchar(10)', (c) => c.notNull())
    .addColumn('reason', 'varchar(30)', (c) => c.notNull())
    .addColumn('method', 'varchar(10)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(512)')
    .execute();
  await db.schema.createIndex('signin_log_at_idx').on('signin_log').column('at').execute();
  await db.schema.createIndex('signin_log_account_idx').on('signin_log').columns(['account', 'at']).execute();
  await db.schema.createIndex('signin_log_ip_idx').on('signin_log').columns(['ip', 'at']).execute();

  // Consecutive failures per account number as typed (known or not), and the lock they caused.
  await db.schema
    .createTable('signin_guard')
    .addColumn('account', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('locked_until', 'varchar(30)')
    .execute();
}
