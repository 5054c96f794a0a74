import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // What an entry records (issue 36): 'signin' a sign-in attempt (a success opened a session), 'first_factor' a first
  // factor that was right and asked for the second step, 'verification' a signed-in account proving who it is (its
  // password checked again, a step-up with the authenticator app or a passkey). Earlier entries were all counted as
  // sign-ins; the password checks among them are known by their method.
  await db.schema
    .alterTable('signin_log')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('signin'))
    .execute();
  await db.updateTable('signin_log').set({ kind: 'verification' }).where('method', '=', 'password_check').execute();
}
