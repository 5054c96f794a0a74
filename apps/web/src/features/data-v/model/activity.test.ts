import { describe, expect, it } from 'vitest';
import type { RecentSignIn } from '@/features/data-v/api/overview.api';
import { activityTime, freshKeys, signInKey } from './activity';

const signIn = (accountNumber: string, at: string): RecentSignIn => ({
  accountNumber,
  accountName: accountNumber,
  at: Date.parse(at),
  ip: null,
  userAgent: null,
});

describe('freshKeys', () => {
  const older = [signIn('admin', '2026-05-01T01:00:00.000Z')];
  const newer = [signIn('zhang', '2026-05-01T02:00:00.000Z'), ...older];

  it('marks nothing new on the first answer', () => {
    expect(freshKeys(null, newer).size).toBe(0);
  });

  it('marks the sign-ins that were not in the previous answer', () => {
    expect([...freshKeys(new Set(older.map(signInKey)), newer)]).toEqual([
      `zhang@${Date.parse('2026-05-01T02:00:00.000Z')}`,
    ]);
    expect(freshKeys(new Set(newer.map(signInKey)), newer).size).toBe(0);
  });

  it('tells two sign-ins of one account apart by their time', () => {
    const again = [signIn('admin', '2026-05-01T03:00:00.000Z'), ...older];
    expect([...freshKeys(new Set(older.map(signInKey)), again)]).toEqual([
      `admin@${Date.parse('2026-05-01T03:00:00.000Z')}`,
    ]);
  });
});

describe('activityTime', () => {
  const now = new Date(2026, 4, 1, 15, 0, 0);

  it('shows the time of day, with seconds, for a sign-in today', () => {
    expect(activityTime(new Date(2026, 4, 1, 9, 5, 7).getTime(), now)).toBe('09:05:07');
  });

  it('shows month, day and minutes for an earlier day', () => {
    expect(activityTime(new Date(2026, 3, 30, 23, 59, 0).getTime(), now)).toBe('04/30 23:59');
  });

  it('shows nothing for an unreadable time', () => {
    expect(activityTime(Number.NaN, now)).toBe('');
  });
});
