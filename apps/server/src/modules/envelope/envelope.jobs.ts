import type { Job } from '../../platform/scheduler.js';
import type { NonceStore } from './envelope.repository.js';

/** Spent nonces are kept while their envelope could still be replayed, then deleted (every minute). */
export function nonceExpiryJob(nonces: Pick<NonceStore, 'purge'>): Job {
  return { name: 'envelope-nonce-expiry', everyMs: 60_000, waitAtStart: true, run: ({ now }) => nonces.purge(now) };
}
