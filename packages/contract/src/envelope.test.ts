import { describe, expect, it } from 'vitest';
import { envelopeDigest, envelopeNonce, keySourceOf, openEnvelope, sealEnvelope } from './envelope.js';

describe('request envelope', () => {
  const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXNlZ21lbnQ';

  it('takes the token’s third segment as key material', () => {
    expect(keySourceOf(token)).toBe('c2lnbmF0dXJlLXNlZ21lbnQ');
    expect(keySourceOf(`Bearer ${token}`)).toBe('c2lnbmF0dXJlLXNlZ21lbnQ');
    expect(() => keySourceOf('not-a-jwt')).toThrow();
  });

  it('round-trips a value in an OpenSSL-style Salted__ envelope, salted differently each time', async () => {
    const value = { path: '/account/s?p=1', method: 'GET', params: null, ts: 1 };
    const a = await sealEnvelope('key', value);
    const b = await sealEnvelope('key', value);
    expect(a).not.toBe(b);
    expect(atob(a).startsWith('Salted__')).toBe(true);
    expect(JSON.stringify(value)).not.toContain(atob(a).slice(16));
    expect(await openEnvelope('key', a)).toEqual(value);
  });

  it('refuses another key and malformed input', async () => {
    const sealed = await sealEnvelope('key', { secret: '账号' });
    await expect(openEnvelope('other', sealed)).rejects.toThrow();
    await expect(openEnvelope('key', btoa('plain text, not an envelope'))).rejects.toThrow();
  });

  it('makes a new 128-bit base64url nonce each time', () => {
    const nonces = new Set(Array.from({ length: 100 }, envelopeNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('digests path and method into 32 hex characters', async () => {
    expect(await envelopeDigest('/account/s', 'GET')).toMatch(/^[0-9a-f]{32}$/);
    expect(await envelopeDigest('/account/s', 'GET')).not.toBe(await envelopeDigest('/account/s', 'POST'));
  });
});
