import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../test/harness.js';
import { deriveKey } from './keys.js';

const SECRET = 'a-test-secret-of-enough-length-0123456789';

describe('keys derived from the one secret', () => {
  it('gives each use its own 256-bit key, none of them the secret, the same in every process', () => {
    const token = deriveKey(SECRET, 'session-token');
    const codes = deriveKey(SECRET, 'verification-hmac');
    expect(token).toHaveLength(32);
    expect(codes).toHaveLength(32);
    expect(token.equals(codes)).toBe(false);
    expect(token.equals(Buffer.from(SECRET).subarray(0, 32))).toBe(false);
    expect(deriveKey(SECRET, 'session-token').equals(token)).toBe(true);
    expect(deriveKey(`${SECRET}x`, 'session-token').equals(token)).toBe(false);
  });
});

describe.each(lanes)('session tokens and the raw secret on %s', (lane) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(lane);
  });
  afterAll(() => t.close());

  const probe = (authorization: string) =>
    t.app.fastify.inject({ method: 'GET', url: '/api/getAccountInfo', headers: { authorization } });
  /** The token's header and claims signed again with `key` (HS256). */
  const resign = (token: string, key: Buffer | string) => {
    const [head, body] = token.split('.') as [string, string];
    return `${head}.${body}.${createHmac('sha256', key).update(`${head}.${body}`).digest('base64url')}`;
  };

  it('accepts only tokens signed with the derived token key: not the raw secret, not the code key', async () => {
    const token = await t.login();
    expect((await probe(token)).statusCode).toBe(200);
    const secret = t.app.setup.jwtSecret;
    // The server's own signature is the derived key's.
    expect(resign(token, deriveKey(secret, 'session-token'))).toBe(token);
    for (const [label, key] of [
      ['raw secret', secret],
      ['code HMAC key', deriveKey(secret, 'verification-hmac')],
    ] as const) {
      const res = await probe(resign(token, key));
      expect(res.statusCode, label).toBe(401);
    }
  });
});
