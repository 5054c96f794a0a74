import type { Kysely } from 'kysely';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  // 1: the password was generated (first start, administrator reset); only a password change is served.
  await db.schema
    .alterTable('account')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Force logout ends the switched sessions opened from a session.
  await db.schema.createIndex('session_origin_idx').on('session').column('origin_session_id').execute();
}
