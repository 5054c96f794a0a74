import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // Codes one account asked for (a new contact's binding codes are capped per account and day): counted by the
  // account, newest first, without reading every code of the day.
  await db.schema
    .createIndex('verification_code_account_idx')
    .on('verification_code')
    .columns(['account_id', 'purpose', 'created_at'])
    .execute();
}
