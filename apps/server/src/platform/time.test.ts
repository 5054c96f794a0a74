import { TimeInput } from '@gatehouse/contract';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { epochMs, epochMsOrNull, parseRequestTime, storedTime } from './time.js';
import { bodyValidator } from './validation.js';

// ADR 0029: answers carry epoch milliseconds, requests name a time in milliseconds or ISO 8601.
describe('times at the edge', () => {
  const iso = '2024-05-01T05:45:12.345Z';
  const ms = Date.parse(iso);

  it('answers a stored time (ISO text, or a Date from a timestamptz column) as epoch milliseconds', () => {
    expect(epochMs(iso)).toBe(1_714_542_312_345);
    expect(epochMs(new Date(ms))).toBe(ms);
    expect(epochMsOrNull(null)).toBeNull();
    expect(epochMsOrNull(iso)).toBe(ms);
    expect(() => epochMs('not a time')).toThrow();
  });

  it('reads a request time in milliseconds, their digits or ISO 8601 with an offset, as the stored text', () => {
    for (const value of [ms, String(ms), iso, '2024-05-01T13:45:12.345+08:00']) {
      expect(parseRequestTime(value).getTime(), String(value)).toBe(ms);
      expect(storedTime(value), String(value)).toBe(iso);
    }
  });

  it('takes every form in a JSON body and refuses anything else naming the field', () => {
    const check = bodyValidator(Type.Object({ at: TimeInput('开始时间') }, { additionalProperties: false }));
    for (const at of [ms, String(ms), iso, 0]) expect(check({ at }), String(at)).toBeNull();
    for (const at of ['yesterday', '2024-02-30T00:00:00Z', '2024-05-01', '']) {
      expect(check({ at }), at).toEqual({ field: 'at', message: '开始时间不是有效的日期时间' });
    }
    for (const at of [-1, 1.5]) expect(check({ at })?.field, String(at)).toBe('at');
  });
});
