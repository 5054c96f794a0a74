import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // Issue 19: why a session ended (forced by an administrator, ended by its owner elsewhere, a password change,
  // the per-account cap, …), so the 401 of its next request can tell the user on the sign-in page. Null for
  // sessions that ended before the column and for those still live.
  await db.schema.alterTable('session').addColumn('end_reason', 'varchar(32)').execute();
}
