import { randomBytes } from 'node:crypto';
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { DB, MessageQueueTable } from '../../platform/db/schema.js';

export type QueuedMessage = Selectable<MessageQueueTable>;

/** The outbound queue's statements (message-queue.ts); rows are inserted with their code (verification.repository). */
export function createMessageQueueRepository(db: Kysely<DB>) {
  return {
    /**
     * Claims up to `batch` rows due at `now` that no live claim holds, for `leaseMs`, counting an attempt: the rows
     * this sender now holds (`due`: how many looked free). One conditional UPDATE decides, so no row is taken twice.
     */
    async claimDue(now: number, batch: number, leaseMs: number): Promise<{ due: number; rows: QueuedMessage[] }> {
      const at = new Date(now).toISOString();
      const free = (eb: ExpressionBuilder<DB, 'message_queue'>) =>
        eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]);
      // A read first: polling an empty queue writes nothing. Oldest due first, walking message_queue_due_idx: a backlog
      // of rows waiting for a later attempt (a provider outage) is not read on every poll.
      const due = await db
        .selectFrom('message_queue')
        .select('id')
        .where('next_attempt_at', '<=', at)
        .where(free)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(batch)
        .execute();
      if (due.length === 0) return { due: 0, rows: [] };
      // The conditions again in the UPDATE: a row another process claimed meanwhile no longer matches (PostgreSQL
      // re-checks them on the row it waited for), so each row goes to exactly one claim.
      const rows = await db
        .updateTable('message_queue')
        .set((eb) => ({
          claim: randomBytes(16).toString('hex'),
          claimed_until: new Date(now + leaseMs).toISOString(),
          attempts: eb('attempts', '+', 1),
        }))
        .where(
          'id',
          'in',
          due.map((r) => r.id),
        )
        .where('next_attempt_at', '<=', at)
        .where(free)
        .returningAll()
        .execute();
      return { due: due.length, rows };
    },

    /** Deletes a row this sender still holds (delivered, dropped or given up). */
    async remove(row: QueuedMessage): Promise<void> {
      await db
        .deleteFrom('message_queue')
        .where('id', '=', row.id)
        .where('claim', '=', row.claim ?? '')
        .execute();
    },

    /** Gives a held row back for another attempt at `nextAttemptAt`, noting the failure. */
    async retryLater(row: QueuedMessage, nextAttemptAt: string, failure: string): Promise<void> {
      await db
        .updateTable('message_queue')
        .set({ next_attempt_at: nextAttemptAt, claim: null, claimed_until: null, last_error: failure })
        .where('id', '=', row.id)
        .where('claim', '=', row.claim ?? '')
        .execute();
    },
  };
}
