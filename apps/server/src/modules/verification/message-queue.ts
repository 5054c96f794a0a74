import { AsyncResource } from 'node:async_hooks';
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { DB, MessageQueueTable } from '../../platform/db/schema.js';
import type { Logger } from '../../platform/logger.js';
import { createMessageQueueRepository, type QueuedMessage } from './message-queue.repository.js';
import type { MessageSender, OutgoingMessage } from './messaging.js';

export type QueueChannel = 'sms' | 'email';

/** How the background sender works through the queue; `DEFAULT_DELIVERY` in production, tighter in tests. */
export interface DeliveryPolicy {
  /** Delivery attempts per message before it is given up (logged at error level and deleted). */
  readonly attempts: number;
  /** The wait after the first failure, doubled after each further one up to `maxDelayMs`. */
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
  /** How long a claimed message stays with its sender before another process may take it (a crashed sender). */
  readonly leaseMs: number;
  /** Messages claimed per statement. */
  readonly batch: number;
  /** How often the queue is looked at without a new message (retries, other processes' messages). */
  readonly pollMs: number;
}

// Six attempts 10 s, 20 s, 40 s, 80 s, 160 s apart: the last one still lands within a code's default 10 minutes.
export const DEFAULT_DELIVERY: DeliveryPolicy = Object.freeze({
  attempts: 6,
  firstDelayMs: 10_000,
  maxDelayMs: 300_000,
  leaseMs: 300_000,
  batch: 20,
  pollMs: 5_000,
});

export interface MessageQueueDeps {
  db: Kysely<DB>;
  /** Keys the sealing of payloads: every process on the database shares it (the JWT secret). */
  secret: string;
  senders: Record<QueueChannel, MessageSender>;
  log: Logger;
  policy?: DeliveryPolicy;
}

type Row = QueuedMessage;
type Sealed = Pick<OutgoingMessage, 'to' | 'code' | 'text' | 'subject'>;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The outbound queue ("no oracle"): a code send only inserts a row — the same statement for a recipient
 * with an account and one without (`deliver` 0) — and a background sender, outside any request, delivers through
 * the channel's MessageSender (outbox or SMTP), retries failures with doubling waits up to a cap, and deletes each
 * row once it is delivered, dropped or given up. The sender runs when a send kicks it (in the process that took the
 * request) and on the scheduler's poll (verification.jobs.ts: retries, and messages whose process went away). Several
 * processes may share one database: a sender claims rows with one conditional UPDATE, so a row is delivered by one of
 * them (another takes it over only after the lease).
 * Codes never reach a log line, and the stored payload is sealed (AES-256-GCM) like the codes' HMACs.
 */
export function createMessageQueue(deps: MessageQueueDeps) {
  const { log } = deps;
  const repo = createMessageQueueRepository(deps.db);
  const policy = deps.policy ?? DEFAULT_DELIVERY;
  const key = createHmac('sha256', deps.secret).update('gatehouse message queue').digest();

  function seal(message: Sealed): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(message), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  function open(payload: string): Sealed {
    const raw = Buffer.from(payload, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'));
  }

  /** Rows this sender now holds: due, not held by another live claim. */
  const claimDue = () => repo.claimDue(Date.now(), policy.batch, policy.leaseMs);
  const remove = (row: Row) => repo.remove(row);

  async function deliver(row: Row): Promise<void> {
    if (!row.deliver) return remove(row);
    if (row.expires_at <= iso(Date.now())) {
      log.warn({ queueId: row.id, channel: row.channel, attempts: row.attempts - 1 }, 'message expired undelivered');
      return remove(row);
    }
    let failure: string;
    try {
      await deps.senders[row.channel].send({ channel: row.channel, ...open(row.payload) });
      return remove(row);
    } catch (error) {
      // The message only: an error object may carry the envelope or the text, and with it the code.
      failure = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    }
    if (row.attempts >= policy.attempts) {
      log.error({ queueId: row.id, channel: row.channel, attempts: row.attempts, failure }, 'message not delivered');
      return remove(row);
    }
    const wait = Math.min(policy.firstDelayMs * 2 ** (row.attempts - 1), policy.maxDelayMs);
    log.warn({ queueId: row.id, channel: row.channel, attempts: row.attempts, failure }, 'message delivery failed');
    await repo.retryLater(row, iso(Date.now() + wait), failure);
  }

  /** Delivers until nothing is due; never throws (a database outage is logged and the next poll tries again). */
  async function drain(): Promise<void> {
    try {
      for (;;) {
        const { due, rows } = await claimDue();
        for (const row of rows) await deliver(row);
        // A full batch may have more behind it; a claim that lost rows to another sender looks again.
        if (due < policy.batch && rows.length === due) return;
      }
    } catch (error) {
      log.warn({ err: error }, 'message queue not worked through');
    }
  }

  // One drain at a time per process, run in the sender's own async context: not a request's (its logger, its
  // time), even when a request's send asked for it.
  const background = new AsyncResource('GatehouseMessageSender');
  let chain: Promise<void> = Promise.resolve();
  let queued = false;
  let stopped = false;
  const schedule = (): Promise<void> => {
    if (queued || stopped) return chain;
    queued = true;
    chain = chain.then(() => {
      queued = false;
      return stopped ? undefined : drain();
    });
    return chain;
  };
  const scheduleInBackground = background.bind(schedule);

  return {
    /** The row a code send inserts (in the transaction that records the code); `deliver` false: dropped unsent. */
    row(message: OutgoingMessage & { channel: QueueChannel }, deliver: boolean, expiresAt: string) {
      const now = iso(Date.now());
      return {
        channel: message.channel,
        deliver: deliver ? 1 : 0,
        payload: seal({ to: message.to, code: message.code, text: message.text, subject: message.subject }),
        created_at: now,
        expires_at: expiresAt,
        next_attempt_at: now,
        claim: null,
        claimed_until: null,
        last_error: null,
      } satisfies Insertable<MessageQueueTable>;
    },

    /** Asks the sender to look at the queue soon, after the current request's work. */
    kick(): void {
      if (!stopped) setImmediate(scheduleInBackground);
    },

    /**
     * Delivers everything due now: the scheduler's poll every `pollMs` (verification.jobs.ts), and tests, which read
     * the outbox right after a send.
     */
    flush: (): Promise<void> => background.runInAsyncScope(schedule),

    /** How often the queue is looked at without a new message (the scheduler's interval for the poll). */
    pollMs: policy.pollMs,

    /** Takes no more kicks and waits for the delivery under way; rows left are delivered by another process or the next start. */
    async stop(): Promise<void> {
      stopped = true;
      await chain;
    },
  };
}

export type MessageQueue = ReturnType<typeof createMessageQueue>;
