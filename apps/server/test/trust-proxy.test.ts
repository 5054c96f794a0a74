import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, type TrustProxy } from '../src/config.js';
import { startTestApp, type TestApp } from './harness.js';

/**
 * Who the client is, through real HTTP on a loopback listener (the connecting address is always 127.0.0.1, the
 * stand-in for a reverse proxy on the same host): with TRUST_PROXY unset a client's own X-Forwarded-For changes
 * nothing; with the proxy trusted (a hop count, or a list naming its address) each forwarded client is counted
 * and recorded on its own; a list that does not name the connecting address is not trusted.
 */
describe('TRUST_PROXY and the client address', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const defaults = loadConfig({ LOGIN_REFUSAL_DELAY_MS: '0' });

  /** A server with small per-client limits: 2 failed sign-ins a day, 1 code an hour, 3 captchas a minute. */
  async function serve(trustProxy: TrustProxy) {
    t = await startTestApp('sqlite', {
      trustProxy,
      signIn: { ...defaults.signIn, failuresPerClientDay: 2 },
      verification: { ...defaults.verification, perClientHour: 1, captchasPerClientMinute: 3 },
    });
    await t.app.fastify.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.fastify.server.address() as AddressInfo).port}/api`;
    const app = t;
    const send = async (method: string, path: string, forwardedFor: string, body?: unknown) => {
      const response = await fetch(base + path, {
        method,
        headers: {
          'x-forwarded-for': forwardedFor,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, body: (await response.json()) as { msg: string; data?: unknown } };
    };
    let accounts = 0;
    let mobiles = 0;
    return {
      /** One failed sign-in (an unknown account number each time, so only the per-client cap can refuse). */
      failedSignIn: async (forwardedFor: string) =>
        (await send('POST', '/login', forwardedFor, { account: `nobody${++accounts}`, password: 'Wrong#Pass1' }))
          .status,
      captcha: async (forwardedFor: string) => (await send('GET', '/captcha/image', forwardedFor)).status,
      /** A registration code to a fresh number, its captcha solved from the same client. */
      code: async (forwardedFor: string) => {
        const captcha = await send('GET', '/captcha/image', forwardedFor);
        expect(captcha.status, captcha.body.msg).toBe(200);
        const { id } = captcha.body.data as { id: string };
        const solved = await send('GET', `/captcha/image/validate?id=${id}&userInput=${app.codeFor(id)}`, forwardedFor);
        expect(solved.status, solved.body.msg).toBe(200);
        const mobile = `1390000${String(++mobiles).padStart(4, '0')}`;
        return (await send('POST', '/captcha/sms/register', forwardedFor, { mobile, captcha: solved.body.data }))
          .status;
      },
      /** The addresses the sign-in log recorded, oldest first. */
      signInLogAddresses: async () =>
        (await app.database.db.selectFrom('signin_log').select('ip').orderBy('id').execute()).map((row) => row.ip),
    };
  }

  it('unset: a spoofed X-Forwarded-For does not make a new client', async () => {
    const server = await serve(false);
    expect(await server.failedSignIn('203.0.113.1')).toBe(400);
    expect(await server.failedSignIn('203.0.113.2')).toBe(400);
    // The third failure from 127.0.0.1, whatever the header says: the per-client daily cap.
    expect(await server.failedSignIn('203.0.113.3')).toBe(429);
    expect(new Set(await server.signInLogAddresses())).toEqual(new Set(['127.0.0.1']));

    expect(await server.code('203.0.113.1')).toBe(200);
    expect(await server.code('203.0.113.2')).toBe(429);
    // Two captchas were spent on the codes; one more is the third and last of this minute.
    expect(await server.captcha('203.0.113.3')).toBe(200);
    expect(await server.captcha('203.0.113.4')).toBe(429);
  });

  it('TRUST_PROXY=1: each client behind the proxy has its own counts and its own address in the sign-in log', async () => {
    const server = await serve(1);
    expect(await server.failedSignIn('203.0.113.1')).toBe(400);
    expect(await server.failedSignIn('203.0.113.1')).toBe(400);
    expect(await server.failedSignIn('203.0.113.1')).toBe(429);
    expect(await server.failedSignIn('203.0.113.2')).toBe(400);
    // Only the address the trusted proxy appended counts; what the client put before it is its own word.
    expect(await server.failedSignIn('198.51.100.7, 203.0.113.3')).toBe(400);
    expect(await server.signInLogAddresses()).toEqual([
      '203.0.113.1',
      '203.0.113.1',
      '203.0.113.1',
      '203.0.113.2',
      '203.0.113.3',
    ]);

    expect(await server.code('203.0.113.1')).toBe(200);
    expect(await server.code('203.0.113.1')).toBe(429);
    expect(await server.code('203.0.113.2')).toBe(200);
    // 203.0.113.1 has spent two captchas, 203.0.113.2 one.
    expect(await server.captcha('203.0.113.1')).toBe(200);
    expect(await server.captcha('203.0.113.1')).toBe(429);
    expect(await server.captcha('203.0.113.2')).toBe(200);
  });

  it('a list naming the connecting address trusts it; a list that does not, does not', async () => {
    const trusted = await serve(['10.0.0.0/8', '127.0.0.1']);
    expect(await trusted.failedSignIn('203.0.113.1')).toBe(400);
    expect(await trusted.failedSignIn('203.0.113.1')).toBe(400);
    expect(await trusted.failedSignIn('203.0.113.2')).toBe(400);
    expect(await trusted.signInLogAddresses()).toEqual(['203.0.113.1', '203.0.113.1', '203.0.113.2']);
    await t?.close();

    const untrusted = await serve(['10.0.0.0/8', '192.168.1.10']);
    expect(await untrusted.failedSignIn('203.0.113.1')).toBe(400);
    expect(await untrusted.failedSignIn('203.0.113.2')).toBe(400);
    expect(await untrusted.failedSignIn('203.0.113.3')).toBe(429);
    expect(new Set(await untrusted.signInLogAddresses())).toEqual(new Set(['127.0.0.1']));
  });
});
