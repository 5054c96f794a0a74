import type { Kysely } from 'kysely';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 15: each request envelope carries a random nonce, accepted once. Kept in the database (not in a
  // process) so every server process on the data refuses a replay; a row goes once its envelope is stale.
  await db.schema
    .createTable('envelope_nonce')
    .addColumn('nonce', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('envelope_nonce_expires_idx').on('envelope_nonce').column('expires_at').execute();
}
