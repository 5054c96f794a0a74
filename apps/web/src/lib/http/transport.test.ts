import { describe, expect, it } from 'vitest';
import { queryString, send, TransportError } from './transport';

describe('transport', () => {
  it('writes the query as axios did: null and undefined left out, arrays as key[], axios-style encoding', () => {
    expect(queryString(undefined)).toBe('');
    expect(
      queryString({ p: 1, s: 20, name: '张 三', empty: null, gone: undefined, ok: true, ids: [1, 2], at: 'a:b,c$[d]' }),
    ).toBe('p=1&s=20&name=%E5%BC%A0+%E4%B8%89&ok=true&ids[]=1&ids[]=2&at=a:b,c$[d]');
    expect(queryString({ when: new Date('2026-03-01T00:00:00.000Z') })).toBe('when=2026-03-01T00:00:00.000Z');
  });

  it('refuses a URL that is not http(s), and a request whose signal is already aborted, without sending', async () => {
    const unsupported = await send('ftp://127.0.0.1/api', { method: 'get', url: '/x' }).catch((e: unknown) => e);
    expect(unsupported).toBeInstanceOf(TransportError);
    expect(unsupported).toMatchObject({ failure: 'client', message: 'Unsupported protocol ftp:' });
    const controller = new AbortController();
    controller.abort();
    const cancelled = await send('http://127.0.0.1:9/api', {
      method: 'get',
      url: '/x',
      signal: controller.signal,
    }).catch((e: unknown) => e);
    expect(cancelled).toMatchObject({ failure: 'cancelled' });
  });
});
