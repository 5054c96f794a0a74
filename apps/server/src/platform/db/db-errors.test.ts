import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './db-errors.js';

describe('isDatabaseUnavailable', () => {
  it('recognises a database that is down, restarting or refusing, on both dialects', () => {
    const err = (props: Record<string, unknown>) => Object.assign(new Error(String(props.message ?? 'x')), props);
    expect(isDatabaseUnavailable(err({ code: 'ECONNREFUSED' }))).toBe(true);
    expect(
      isDatabaseUnavailable(err({ code: '57P01', message: 'terminating connection due to administrator command' })),
    ).toBe(true);
    expect(isDatabaseUnavailable(err({ code: '08006' }))).toBe(true);
    expect(isDatabaseUnavailable(err({ message: 'Connection terminated unexpectedly' }))).toBe(true);
    expect(isDatabaseUnavailable(err({ message: 'timeout exceeded when trying to connect' }))).toBe(true);
    expect(isDatabaseUnavailable(err({ code: 'SQLITE_BUSY' }))).toBe(true);
    const refusedTwice = Object.assign(
      new AggregateError([err({ code: 'ECONNREFUSED' }), err({ code: 'ECONNREFUSED' })]),
      {},
    );
    expect(isDatabaseUnavailable(refusedTwice)).toBe(true);
  });

  it('leaves other failures to the 500 path', () => {
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('smtp'), { code: 'ESOCKET' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('disk'), { code: 'ENOSPC' }))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
