import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // Issue 32: every statement of a write path served by an index (query-plans.test.ts explains them all).

  // The e-mail checks of creates, edits, registration, codes and imports match `lower(email)` (any case is the same
  // address), which account_email_idx on the stored spelling cannot serve: at a million accounts each check read every
  // account (~300 ms). An index on the expression itself, on both engines (the statements write the same expression).
  await sql`create index account_email_lower_idx on account (lower(email))`.execute(db);

  // Deleting an account checks (and cascades to) every table that references it; these three had no index on their
  // reference, so each delete read them whole.
  await db.schema.createIndex('import_job_account_idx').on('import_job').column('account_id').execute();
  await db.schema.createIndex('signin_ticket_account_idx').on('signin_ticket').column('account_id').execute();
  await db.schema.createIndex('webauthn_challenge_account_idx').on('webauthn_challenge').column('account_id').execute();

  // Ending sessions ends the identity switches opened from them (`id in (…) or origin_session_id in (…)`). Almost every
  // session has no origin, so session_origin_idx looks useless to SQLite's planner (its statistics count the nulls as
  // one value) and it read every session instead. An index of the switches only: small, and the planner takes it.
  await sql`create index session_origin_set_idx on session (origin_session_id) where origin_session_id is not null`.execute(
    db,
  );

  if (dialect === 'sqlite') {
    // Deep pages of the account list find their ids by walking the primary key past `offset` rows. In SQLite the
    // primary key is the table itself (every column of every row): a page at offset 500,000 read half the table
    // (96 ms at 1M). This index holds the ids alone, a fraction of the width, and the planner walks it instead (2.7 ms).
    // PostgreSQL's primary key is already such an index (the rows live apart from it).
    await sql`create index account_id_idx on account (id)`.execute(db);
  }
}
