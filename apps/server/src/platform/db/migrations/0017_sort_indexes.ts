import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // Issue 18: the lists sort on the server. Each sort's first page walks an index in order and stops at its limit
  // (query-plans.test.ts): equal values are ordered by id, so every index ends in the id. SQLite's indexes carry
  // the rowid (the id of these tables) after their columns anyway; PostgreSQL's need it spelled out.

  // The account list by organisation name: organisations walked by (name, id), and for each its accounts by
  // (org_id, id) through account_org_idx (SQLite appends the rowid; PostgreSQL sorts each organisation's accounts,
  // a few at a time, as an incremental sort).
  await db.schema.createIndex('org_name_idx').on('org').columns(['name', 'id']).execute();
  // The account list by creation time.
  await db.schema.createIndex('account_create_time_idx').on('account').columns(['create_time', 'id']).execute();
  // The online list by sign-in or last use: only live sessions (not signed out) are listed, so only they are indexed.
  await sql`create index session_live_created_idx on session (created_at, id) where ended_at is null`.execute(db);
  await sql`create index session_live_seen_idx on session (last_seen_at, id) where ended_at is null`.execute(db);
  if (dialect === 'postgres') {
    // The account list by name, and both logs by time: (column, id) replaces the single-column index.
    await db.schema.createIndex('account_name_id_idx').on('account').columns(['account_name', 'id']).execute();
    await db.schema.dropIndex('account_name_idx').execute();
    await db.schema.createIndex('audit_log_at_id_idx').on('audit_log').columns(['at', 'id']).execute();
    await db.schema.dropIndex('audit_log_at_idx').execute();
    await db.schema.createIndex('signin_log_at_id_idx').on('signin_log').columns(['at', 'id']).execute();
    await db.schema.dropIndex('signin_log_at_idx').execute();
  }
}
