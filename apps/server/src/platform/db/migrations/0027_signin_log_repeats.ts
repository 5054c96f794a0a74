import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // Issue 31, M-5: a flood of refused sign-ins from one client adds to a few rows instead of one row each. `repeats`
  // counts the attempts a row stands for (1: itself alone), `last_at` is the time of the newest one folded into it.
  await db.schema
    .alterTable('signin_log')
    .addColumn('repeats', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('signin_log').addColumn('last_at', 'varchar(30)').execute();
}
