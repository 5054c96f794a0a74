import type { Job } from '../../platform/scheduler.js';
import type { SignInRepository } from './signin.repository.js';

/** Sign-in failure streaks end after a day without failures, hourly (the sign-in log itself is kept: log retention). */
export function signInGuardPurgeJob(repo: Pick<SignInRepository, 'purgeGuards'>): Job {
  return {
    name: 'signin-guard-purge',
    everyMs: 3_600_000,
    waitAtStart: true,
    run: ({ now }) => repo.purgeGuards(new Date(now.getTime() - 86_400_000).toISOString(), now.toISOString()),
  };
}
