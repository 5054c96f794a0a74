import type { Kysely } from 'kysely';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  // GB/T 2260 codes of the region reference tree (served from a data package, not a table).
  await db.schema.alterTable('org').addColumn('region_id', 'integer').execute();
  await db.schema.alterTable('account').addColumn('region_id', 'integer').execute();
}
