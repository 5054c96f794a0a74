import type { Kysely } from 'kysely';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  // Sudo mode renewed by use (issue 36, ADR 0035): when the session last used it for a sensitive action. The window
  // runs from that or the verification, whichever is later, within SUDO_MAX_SECONDS of the verification itself.
  await db.schema.alterTable('session').addColumn('sudo_used_at', 'text').execute();
}
