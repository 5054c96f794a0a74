import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenIssuer } from './tokens.js';

const SECRET = 'a-test-secret-of-enough-length-0123456789';
const now = () => Math.floor(Date.now() / 1000);

describe('token issuer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the same claims for a token checked again, and refuses it once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const issuer = createTokenIssuer(SECRET);
    const token = await issuer.sign('session-1', 7, now() + 60);
    const first = await issuer.verify(token);
    expect(first).toEqual({ sid: 'session-1', sub: '7', exp: now() + 60 });
    expect(await issuer.verify(token)).toEqual(first);
    // Past its expiry the remembered check does not keep it alive.
    vi.setSystemTime(Date.now() + 61_000);
    expect(await issuer.verify(token)).toBeUndefined();
    expect(await issuer.verify(token)).toBeUndefined();
  });

  it('never remembers a refusal as an acceptance: a tampered twin of a checked token stays refused', async () => {
    const issuer = createTokenIssuer(SECRET);
    const token = await issuer.sign('session-2', 8, now() + 600);
    expect(await issuer.verify(token)).toBeDefined();
    const [head, , signature] = token.split('.') as [string, string, string];
    const forgedBody = Buffer.from(JSON.stringify({ sid: 'session-2', sub: '1', exp: now() + 600 })).toString(
      'base64url',
    );
    const forged = `${head}.${forgedBody}.${signature}`;
    expect(await issuer.verify(forged)).toBeUndefined();
    expect(await issuer.verify(forged)).toBeUndefined();
    // Another issuer (another secret) refuses the token the first one accepted.
    expect(await createTokenIssuer(`${SECRET}-other`).verify(token)).toBeUndefined();
  });
});
