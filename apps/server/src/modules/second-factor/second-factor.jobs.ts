import type { Job } from '../../platform/scheduler.js';
import type { SecondFactorRepository } from './second-factor.repository.js';

/** Second-factor tickets and WebAuthn challenges live minutes: deleted hourly, an hour after they expired. */
export function secondFactorPurgeJob(repo: Pick<SecondFactorRepository, 'purge'>): Job {
  return {
    name: 'second-factor-purge',
    everyMs: 3_600_000,
    waitAtStart: true,
    run: ({ now }) => repo.purge(new Date(now.getTime() - 3_600_000).toISOString()),
  };
}
