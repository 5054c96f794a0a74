import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../../platform/keys.js';

export interface TokenClaims {
  /** Session id. */
  sid: string;
  /** Account id. */
  sub: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

/** Checked tokens kept by one issuer (a few hundred bytes each). */
const VERIFIED_CACHE = 10_000;

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const HEADER = encode({ alg: 'HS256', typ: 'JWT' });

function decode(segment: string): Record<string, unknown> | undefined {
  // Buffer.from is lenient about base64url; a segment must round-trip exactly.
  const bytes = Buffer.from(segment, 'base64url');
  if (bytes.toString('base64url') !== segment) return undefined;
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * HS256 JWTs that name their session. Only HS256 is accepted on the way in (no alg confusion, no `none`).
 * Signed and checked with node:crypto's synchronous HMAC (microseconds): WebCrypto (jose) runs each check on
 * the libuv thread pool, where every signed-in request then queued behind the argon2 hashes of a sign-in flood.
 */
export function createTokenIssuer(secret: string) {
  // One key object: given a Buffer, createHmac would make a new one for every signature. The key is derived for
  // this use alone (platform/keys.ts): the raw secret and the code HMAC key sign no token.
  const key = createSecretKey(deriveKey(secret, 'session-token'));
  const mac = (input: string) => createHmac('sha256', key).update(input).digest();
  /**
   * Tokens already checked, with their claims: a token's signature and claims never change, so each is checked
   * once (the session behind it is still read on every request). Bounded; the oldest entry goes first.
   */
  const verified = new Map<string, TokenClaims>();
  return {
    async sign(sessionId: string, accountId: number, expiresAt: number): Promise<string> {
      const iat = Math.floor(Date.now() / 1000);
      const input = `${HEADER}.${encode({ sid: sessionId, sub: String(accountId), iat, exp: expiresAt })}`;
      return `${input}.${mac(input).toString('base64url')}`;
    },
    /** Whether the token is one this issuer signed whose life is over (a 401 then says 'expired'). */
    expired(token: string): boolean {
      const claims = check(token, true);
      return claims !== undefined && claims.exp <= Math.floor(Date.now() / 1000);
    },
    /** Answers the claims, or undefined for anything invalid or expired. */
    async verify(token: string): Promise<TokenClaims | undefined> {
      const known = verified.get(token);
      if (known) {
        if (known.exp > Math.floor(Date.now() / 1000)) return known;
        verified.delete(token);
        return undefined;
      }
      const claims = check(token);
      if (claims) {
        if (verified.size >= VERIFIED_CACHE) verified.delete(verified.keys().next().value!);
        verified.set(token, claims);
      }
      return claims;
    },
  };

  /** The claims of a token this issuer signed; undefined when expired, unless `anyExpiry`. */
  function check(token: string, anyExpiry = false): TokenClaims | undefined {
    const parts = token.split('.');
    if (parts.length !== 3) return undefined;
    const [head, body, signature] = parts as [string, string, string];
    const header = decode(head);
    if (header?.alg !== 'HS256' || 'crit' in header) return undefined;
    const given = Buffer.from(signature, 'base64url');
    if (given.toString('base64url') !== signature) return undefined;
    const expected = mac(`${head}.${body}`);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const payload = decode(body);
    if (!payload) return undefined;
    const { sid, sub, exp, nbf } = payload;
    if (typeof sid !== 'string' || typeof sub !== 'string' || typeof exp !== 'number') return undefined;
    const now = Math.floor(Date.now() / 1000);
    if ((!anyExpiry && exp <= now) || (nbf !== undefined && (typeof nbf !== 'number' || nbf > now))) return undefined;
    return { sid, sub, exp };
  }
}

export type TokenIssuer = ReturnType<typeof createTokenIssuer>;
