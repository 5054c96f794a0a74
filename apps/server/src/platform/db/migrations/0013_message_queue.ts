import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn } from './id-column.js';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // Issue 15: codes leave through a queue a background sender delivers, so a send request takes the same
  // path and time whether or not the recipient has an account. Known and unknown recipients both get a row
  // (`deliver` 0: the sender drops it); the payload (recipient, code, text) is sealed with AES-GCM.
  await idColumn(db, dialect, 'message_queue')
    .addColumn('channel', 'varchar(10)', (c) => c.notNull())
    .addColumn('deliver', 'integer', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('claim', 'varchar(64)')
    .addColumn('claimed_until', 'varchar(30)')
    .addColumn('last_error', 'varchar(500)')
    .execute();
  await db.schema.createIndex('message_queue_due_idx').on('message_queue').column('next_attempt_at').execute();
}
