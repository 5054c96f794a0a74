/**
 * Fake session tokens: JWT-shaped (three dot-separated base64url segments, so the client's request-envelope
 * code can take the third one as key material) but unsigned. The payload names the account, so a token kept in
 * localStorage still works after a page reload has re-seeded the in-memory store.
 */
export interface MockTokenPayload {
  /** The account acting. */
  sub: number;
  /** The account that switched identity to `sub` (GET /account/front/identity/switch), if any. */
  orig?: number;
  iat: number;
}

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): string {
  const padded = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  return new TextDecoder().decode(Uint8Array.from(atob(padded), (c) => c.charCodeAt(0)));
}

export function issueToken(payload: Omit<MockTokenPayload, 'iat'>): string {
  const header = base64url(encoder.encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' })));
  const body = base64url(encoder.encode(JSON.stringify({ ...payload, iat: Math.floor(Date.now() / 1000) })));
  const signature = base64url(globalThis.crypto.getRandomValues(new Uint8Array(32)));
  return `${header}.${body}.${signature}`;
}

/** The payload of a token from `issueToken` (with or without a `Bearer ` prefix), or null. */
export function readToken(authorization: string | null): MockTokenPayload | null {
  const segment = authorization?.replace(/^Bearer /, '').split('.')[1];
  if (!segment) return null;
  try {
    const payload = JSON.parse(fromBase64url(segment)) as Partial<MockTokenPayload>;
    return typeof payload.sub === 'number' ? (payload as MockTokenPayload) : null;
  } catch {
    return null;
  }
}

/** An opaque one-shot id or token (captcha ids, verification tokens, file keys). */
export function randomId(bytes = 16): string {
  return base64url(globalThis.crypto.getRandomValues(new Uint8Array(bytes)));
}
