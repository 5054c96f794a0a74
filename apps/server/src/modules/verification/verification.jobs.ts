import type { Job } from '../../platform/scheduler.js';
import type { MessageQueue } from './message-queue.js';
import type { VerificationRepository } from './verification.repository.js';

const HOUR_MS = 3_600_000;

/**
 * The outbound queue's poll: retries that came due, and messages a process queued and could not send (it went away).
 * A send still kicks its own process's sender at once; this runs on one instance at a time.
 */
export function messageQueueJob(queue: Pick<MessageQueue, 'flush' | 'pollMs'>): Job {
  return { name: 'message-queue', everyMs: queue.pollMs, run: () => queue.flush() };
}

/** Codes are dropped two days after they were sent, tokens an hour after they expired (rows of the last day count for limits). */
export function verificationPurgeJob(repo: Pick<VerificationRepository, 'purge'>): Job {
  return {
    name: 'verification-purge',
    everyMs: HOUR_MS,
    waitAtStart: true,
    run: ({ now }) =>
      repo.purge(new Date(now.getTime() - 48 * HOUR_MS).toISOString(), new Date(now.getTime() - HOUR_MS).toISOString()),
  };
}
