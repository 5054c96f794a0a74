import type { Kysely } from 'kysely';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('account').addColumn('company', 'varchar(100)').execute();
  await db.schema.createIndex('account_contact_number_idx').on('account').column('contact_number').execute();
  await db.schema.createIndex('account_email_idx').on('account').column('email').execute();

  // One row per image captcha or sent code: its hashed answer, and the record send limits count.
  await db.schema
    .createTable('verification_code')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(254)')
    .addColumn('account_id', 'integer')
    .addColumn('code_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('attempts_left', 'integer', (c) => c.notNull())
    .addColumn('client_ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('verification_code_recipient_idx')
    .on('verification_code')
    .columns(['kind', 'recipient', 'created_at'])
    .execute();
  await db.schema
    .createIndex('verification_code_client_idx')
    .on('verification_code')
    .columns(['client_ip', 'kind', 'created_at'])
    .execute();

  // Single-use proofs answered by the validate calls; only their SHA-256 is stored.
  await db.schema
    .createTable('verification_token')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(254)')
    .addColumn('account_id', 'integer')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('verification_token_expires_idx').on('verification_token').column('expires_at').execute();
}
