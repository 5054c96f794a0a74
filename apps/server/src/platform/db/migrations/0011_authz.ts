import type { Kysely } from 'kysely';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  // Sudo mode: when the session's owner last proved who they are (the sign-in, then identity verifications).
  await db.schema.alterTable('session').addColumn('verified_at', 'text').execute();
  // A mobile number or e-mail proven by a code (registration, the personal page) belongs to one account only.
  await db.schema
    .alterTable('account')
    .addColumn('contact_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('account')
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
