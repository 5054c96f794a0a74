import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // Issue 32. SQLite's ANALYZE counts the NULLs of an indexed column as one value: where no account has an e-mail (the
  // bench's million accounts) sqlite_stat1 says each e-mail matches every account, and the planner read the whole
  // table for the e-mail check rather than account_email_lower_idx (0028). Indexes of the rows that have a value are
  // counted over those rows only, and a check for a value implies the row has one, so the planner takes them whatever
  // the share of accounts without. The same for the mobile (`contact_number in (…)` implies it is not null).
  // PostgreSQL keeps the share of NULLs in its statistics and needs neither.
  if (dialect !== 'sqlite') return;
  await sql`drop index account_email_lower_idx`.execute(db);
  // `lower(email) is not null`, not `email is not null`: SQLite proves the first from `lower(email) = ?`, not the second.
  await sql`create index account_email_lower_set_idx on account (lower(email)) where lower(email) is not null`.execute(
    db,
  );
  await sql`create index account_contact_number_set_idx on account (contact_number) where contact_number is not null`.execute(
    db,
  );
}
