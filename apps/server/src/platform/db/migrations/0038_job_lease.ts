import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // The background jobs' leases (platform/scheduler.ts, ADR 0039): one row per job, written by whichever server
  // instance runs it. A conditional UPDATE claims the row while the job is due and no live lease holds it, so among the
  // instances sharing the database one runs the job at a time, once per interval. Times are ISO 8601 UTC text.
  await db.schema
    .createTable('job_lease')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('due_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('holder', 'varchar(64)')
    .addColumn('held_until', 'varchar(30)')
    .addColumn('finished_at', 'varchar(30)')
    .addColumn('last_error', 'varchar(500)')
    .execute();
}
