import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

/**
 * Nonces of the envelopes already run, in the database so that every server process on it agrees. `claim`
 * answers false when the nonce was seen before (the primary key decides between racing replays).
 */
export function createNonceStore(db: Kysely<DB>) {
  return {
    async claim(nonce: string, expiresAt: Date): Promise<boolean> {
      const result = await db
        .insertInto('envelope_nonce')
        .values({ nonce, expires_at: expiresAt.toISOString() })
        .onConflict((oc) => oc.column('nonce').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Deletes the nonces whose envelope is stale at `now` anyway (envelope.jobs.ts, every minute). */
    async purge(now: Date): Promise<void> {
      await db.deleteFrom('envelope_nonce').where('expires_at', '<', now.toISOString()).execute();
    },
  };
}

export type NonceStore = ReturnType<typeof createNonceStore>;
