import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // Issue 22, a second factor. `account.second_factor` is 1 while the account holds an authenticator app or a
  // passkey (kept by the second-factor module with those rows, in their transaction): the sign-in, the session
  // check and the account list read it without a join.
  await db.schema
    .alterTable('account')
    .addColumn('second_factor', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // 需要双因素认证: the role's accounts add a second factor at their next sign-in before anything else.
  await db.schema
    .alterTable('role')
    .addColumn('require_second_factor', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The authenticator app: its secret sealed with a key derived from the server secret (AES-256-GCM);
  // `enabled_at` null while the setup awaits its first code; `last_step` the newest 30-second step used, so a
  // code works once.
  await db.schema
    .createTable('account_totp')
    .addColumn('account_id', 'integer', (c) => c.primaryKey().references('account.id').onDelete('cascade'))
    .addColumn('secret', 'varchar(200)', (c) => c.notNull())
    .addColumn('enabled_at', 'varchar(30)')
    .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('account_passkey')
    .addColumn('id', 'varchar(1024)', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'varchar(200)')
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_used_time', 'varchar(30)')
    .execute();
  await db.schema.createIndex('account_passkey_account_idx').on('account_passkey').column('account_id').execute();
  // Ten per account, hashed (HMAC with the verification key); used ones keep `used_at`.
  await db.schema
    .createTable('account_recovery_code')
    .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('used_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('account_recovery_code_account_idx')
    .on('account_recovery_code')
    .column('account_id')
    .execute();
  // A sign-in's second step: the ticket's hash, its account, its passkey challenge once asked for, attempts left.
  await db.schema
    .createTable('signin_ticket')
    .addColumn('ticket_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('challenge', 'varchar(200)')
    .addColumn('attempts_left', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('signin_ticket_expires_idx').on('signin_ticket').column('expires_at').execute();
  // WebAuthn challenges (passwordless sign-in, adding a passkey, an identity verification): in the database so any
  // server process can check the answer; single-use and short-lived.
  await db.schema
    .createTable('webauthn_challenge')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.references('account.id').onDelete('cascade'))
    .addColumn('challenge', 'varchar(200)', (c) => c.notNull())
    .addColumn('client_ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(30)')
    .execute();
  // Asked for without a session: counted per client address (at most a few a minute, like image captchas).
  await db.schema
    .createIndex('webauthn_challenge_client_idx')
    .on('webauthn_challenge')
    .columns(['client_ip', 'created_at'])
    .execute();
  await db.schema.createIndex('webauthn_challenge_expires_idx').on('webauthn_challenge').column('expires_at').execute();
}
