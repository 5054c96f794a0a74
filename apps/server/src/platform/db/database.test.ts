import { describe, expect, it } from 'vitest';
import { whileBusy } from './database.js';

const busy = () => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });

describe('whileBusy', () => {
  it('tries again while SQLite answers busy, pausing between tries, and answers the first success', () => {
    let calls = 0;
    const pauses: number[] = [];
    const result = whileBusy(
      () => {
        calls += 1;
        if (calls < 3) throw busy();
        return 'wal';
      },
      10,
      25,
      (ms) => pauses.push(ms),
    );
    expect(result).toBe('wal');
    expect(calls).toBe(3);
    expect(pauses).toEqual([25, 25]);
  });

  it('throws any other error at once', () => {
    let calls = 0;
    const other = Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
    expect(() =>
      whileBusy(
        () => {
          calls += 1;
          throw other;
        },
        10,
        25,
        () => {},
      ),
    ).toThrow(other);
    expect(calls).toBe(1);
  });

  it('gives up after the last try with the busy error', () => {
    let calls = 0;
    expect(() =>
      whileBusy(
        () => {
          calls += 1;
          throw busy();
        },
        4,
        1,
        () => {},
      ),
    ).toThrow('database is locked');
    expect(calls).toBe(4);
  });
});
