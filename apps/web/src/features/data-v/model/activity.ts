import dayjs from 'dayjs';
import type { RecentSignIn } from '@/features/data-v/api/overview.api';

/** One sign-in's identity in the live list. */
export const signInKey = (signIn: RecentSignIn): string => `${signIn.accountNumber}@${signIn.at}`;

/** The sign-ins of `current` not in the previous answer (nothing is new on the first answer). */
export function freshKeys(previous: ReadonlySet<string> | null, current: readonly RecentSignIn[]): Set<string> {
  if (!previous) return new Set();
  return new Set(current.map(signInKey).filter((key) => !previous.has(key)));
}

/** A sign-in's time on the live list: HH:mm:ss today, MM/DD HH:mm on an earlier day (local time). */
export function activityTime(at: number, now: Date = new Date()): string {
  const time = dayjs(at);
  if (!time.isValid()) return '';
  return time.isSame(now, 'day') ? time.format('HH:mm:ss') : time.format('MM/DD HH:mm');
}
