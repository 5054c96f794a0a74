import { Type } from 'typebox';
import { defineRoute } from './define.js';

/**
 * Request "encryption" of specification §7 / reference UI §8, one implementation for browser and server (both
 * have WebCrypto). It is OBFUSCATION, NOT SECURITY: the key is derived from the third segment of the session
 * token, which travels in the same request's Authorization header. It hides paths and parameters from casual
 * inspection of proxies' logs, nothing more; TLS is what protects traffic.
 *
 * Format (OpenSSL-style): base64("Salted__" + salt[8] + AES-128-CBC ciphertext), key = PBKDF2-SHA-256(token's
 * third segment, salt, 1 iteration, 128 bits), IV = the first 16 bytes of SHA-256(salt).
 */

/** What travels inside an envelope towards the server. */
export interface WrappedRequest {
  /** Path below the API base, with its query string, e.g. `/account/s?p=1&pageSize=20`. */
  path: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The JSON body (POST, PUT), or null. */
  params: unknown;
  /** Milliseconds since the epoch when the client wrapped it (requests older than a few minutes are refused). */
  ts: number;
  /** Random, new for every envelope (`envelopeNonce()`): the server runs an envelope once, a replay is refused. */
  nonce: string;
}

const MAGIC = new TextEncoder().encode('Salted__');

function subtle(): SubtleCrypto {
  const crypto = globalThis.crypto;
  if (!crypto?.subtle) throw new Error('WebCrypto is not available');
  return crypto.subtle;
}

/** The key material: the third segment of a JWT (its signature). */
export function keySourceOf(token: string): string {
  const segment = token.replace(/^Bearer /, '').split('.')[2];
  if (!segment) throw new Error('not a session token');
  return segment;
}

async function deriveKeyAndIv(keySource: string, salt: Uint8Array) {
  const material = await subtle().importKey('raw', new TextEncoder().encode(keySource), 'PBKDF2', false, ['deriveKey']);
  const key = await subtle().deriveKey(
    { name: 'PBKDF2', salt: salt as BufferSource, iterations: 1, hash: 'SHA-256' },
    material,
    { name: 'AES-CBC', length: 128 },
    false,
    ['encrypt', 'decrypt'],
  );
  const iv = new Uint8Array(await subtle().digest('SHA-256', salt as BufferSource)).slice(0, 16);
  return { key, iv };
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function sealEnvelope(keySource: string, value: unknown): Promise<string> {
  const salt = globalThis.crypto.getRandomValues(new Uint8Array(8));
  const { key, iv } = await deriveKeyAndIv(keySource, salt);
  const plain = new TextEncoder().encode(JSON.stringify(value));
  const cipher = new Uint8Array(await subtle().encrypt({ name: 'AES-CBC', iv }, key, plain));
  const out = new Uint8Array(MAGIC.length + salt.length + cipher.length);
  out.set(MAGIC, 0);
  out.set(salt, MAGIC.length);
  out.set(cipher, MAGIC.length + salt.length);
  return toBase64(out);
}

/** Opens an envelope; throws on anything malformed or sealed with another key. */
export async function openEnvelope(keySource: string, envelope: string): Promise<unknown> {
  const bytes = fromBase64(envelope);
  if (bytes.length < 32 || !MAGIC.every((b, i) => bytes[i] === b)) throw new Error('not an envelope');
  const salt = bytes.slice(8, 16);
  const { key, iv } = await deriveKeyAndIv(keySource, salt);
  const plain = await subtle().decrypt({ name: 'AES-CBC', iv }, key, bytes.slice(16));
  return JSON.parse(new TextDecoder().decode(plain));
}

/** A fresh nonce for `WrappedRequest.nonce`: 128 random bits, base64url (22 characters). */
export function envelopeNonce(): string {
  return toBase64(globalThis.crypto.getRandomValues(new Uint8Array(16)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** A stable-looking digest for the envelope url: hex SHA-256 of `path|method`, 32 characters. */
export async function envelopeDigest(path: string, method: string): Promise<string> {
  const hash = new Uint8Array(await subtle().digest('SHA-256', new TextEncoder().encode(`${path}|${method}`)));
  return [...hash.slice(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export const envelopeRoutes = {
  envelope: defineRoute({
    method: 'POST',
    path: '/sapi/:digest',
    access: 'signed-in',
    transport: 'raw',
    title: '加密请求',
    description:
      'Opens a request envelope {data} sealed with the caller’s token, runs the wrapped call with the same session and answers its status and `{code, msg, data}` with `data` sealed again. Each envelope runs once: its nonce is remembered until the envelope is stale, a replay answers 409. Only when the server runs with REQUEST_ENCRYPTION=on; obfuscation, not security.',
    params: Type.Object(
      { digest: Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9a-f]+$', title: '摘要' }) },
      { additionalProperties: false },
    ),
    body: Type.Object(
      { data: Type.String({ minLength: 1, maxLength: 2_000_000, title: '加密内容' }) },
      { additionalProperties: false },
    ),
    response: Type.Unsafe<never>({ type: 'object', description: 'The wrapped call’s envelope, data sealed' }),
  }),
};
