import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // Issue 15: a lock caused from one client address must not keep the owner out from another (ADR 0011).
  // Streaks are kept per account number *and* address; the account number's own streak ('' scope, any
  // address) only asks for the captcha. Old streaks move over as those; old locks (at most 15 minutes,
  // account-wide) are dropped rather than turned into locks of an address nobody knows.
  await db.schema.alterTable('signin_guard').renameTo('signin_guard_0007').execute();
  await db.schema
    .createTable('signin_guard')
    .addColumn('account', 'varchar(100)', (c) => c.notNull())
    .addColumn('scope', 'varchar(64)', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('locked_until', 'varchar(30)')
    // Not signin_guard_pkey: on PostgreSQL the renamed table's key keeps that name until it is dropped.
    .addPrimaryKeyConstraint('signin_guard_scope_pkey', ['account', 'scope'])
    .execute();
  await sql`insert into signin_guard (account, scope, failures, last_failure_at, locked_until)
          select account, '', failures, last_failure_at, null from signin_guard_0007`.execute(db);
  await db.schema.dropTable('signin_guard_0007').execute();
  // 'password_check' (a signed-in account's own check) is longer than the methods so far; SQLite does not
  // enforce the length.
  if (dialect === 'postgres') {
    await db.schema
      .alterTable('signin_log')
      .alterColumn('method', (c) => c.setDataType('varchar(20)'))
      .execute();
  }
  // Whether this account was signed in from this address lately: such an address passes the account's
  // hourly cap (the owner keeps a way in while a botnet holds the cap).
  await db.schema
    .createIndex('signin_log_account_id_ip_idx')
    .on('signin_log')
    .columns(['account_id', 'ip', 'outcome', 'at'])
    .execute();
}
