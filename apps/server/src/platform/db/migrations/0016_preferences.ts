import type { Kysely } from 'kysely';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 18: per-account settings of the web app (a table's columns and density), kept on the server so they
  // follow the account to another browser. The value is the JSON text the account stored (at most 16 KiB, checked
  // by the preferences module); deleting the account deletes its preferences.
  await db.schema
    .createTable('account_preference')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('pref_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('update_time', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_preference_pkey', ['account_id', 'pref_key'])
    .execute();
}
