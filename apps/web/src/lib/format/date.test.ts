import { describe, expect, it } from 'vitest';
import { formatDateTime, parseTime } from './date';
import { fromNow } from './relative-time';

// The API answers times as epoch milliseconds (ADR 0029); the screens show them as local dates.
describe('formatDateTime', () => {
  it('shows epoch milliseconds as the local date and time, not as 1970', () => {
    const at = new Date(2024, 4, 1, 13, 45, 12).getTime();
    expect(formatDateTime(at)).toBe('2024/05/01 13:45');
    expect(formatDateTime(at, 'YYYY/MM/DD HH:mm:ss')).toBe('2024/05/01 13:45:12');
  });

  it('shows nothing for no time or an unreadable one', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime(Number.NaN)).toBe('');
  });
});

describe('fromNow', () => {
  it('reads epoch milliseconds', () => {
    const now = new Date(2024, 4, 1, 13, 45).getTime();
    expect(fromNow(now - 3 * 3_600_000, now)).toBe('3 小时前');
    expect(fromNow(null, now)).toBe('');
  });
});

describe('parseTime', () => {
  const at = new Date(2024, 4, 1, 13, 45, 12, 345).getTime();

  it('reads epoch milliseconds as a number or as the digits of a URL', () => {
    expect(parseTime(at)?.valueOf()).toBe(at);
    expect(parseTime(String(at))?.valueOf()).toBe(at);
  });

  it('reads an ISO 8601 text (a link written before times were milliseconds)', () => {
    expect(parseTime(new Date(at).toISOString())?.valueOf()).toBe(at);
  });

  it('answers null for what is no time', () => {
    for (const value of ['', ' ', 'yesterday', null, undefined, Number.NaN, {}]) {
      expect(parseTime(value), String(value)).toBeNull();
    }
  });
});
