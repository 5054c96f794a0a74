import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

/** Spent nonces past their envelope's staleness are deleted at most this often per process. */
const PURGE_INTERVAL_MS = 60_000;

/**
 * Nonces of the envelopes already run, in the database so that every server process on it agrees. `claim`
 * answers false when the nonce was seen before (the primary key decides between racing replays).
 */
export function createNonceStore(db: Kysely<DB>) {
  let purgedAt = 0;
  return {
    async claim(nonce: string, expiresAt: Date, now: Date): Promise<boolean> {
      if (now.getTime() - purgedAt > PURGE_INTERVAL_MS) {
        purgedAt = now.getTime();
        await db.deleteFrom('envelope_nonce').where('expires_at', '<', now.toISOString()).execute();
      }
      const result = await db
        .insertInto('envelope_nonce')
        .values({ nonce, expires_at: expiresAt.toISOString() })
        .onConflict((oc) => oc.column('nonce').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },
  };
}

export type NonceStore = ReturnType<typeof createNonceStore>;
