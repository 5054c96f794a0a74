import {
  API_BASE,
  keySourceOf,
  openEnvelope,
  sealEnvelope,
  VERIFICATION_REQUIRED_HEADER,
  type WrappedRequest,
} from '@gatehouse/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { t } from '../../platform/i18n.js';
import type { NonceStore } from './envelope.repository.js';

/** An envelope older (or newer) than this is refused, so a captured one cannot be replayed much later. */
export const MAX_SKEW_MS = 5 * 60_000;
const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);
/** Headers of the wrapped answer the client needs (token renewal, permission stamp). */
// The renewal and permission stamp as on any call, and sudo mode's refusal marker (the web opens the identity dialog).
const PASSED_HEADERS = ['jwt-update-token', 'x-permission-stamp', VERIFICATION_REQUIRED_HEADER];
/** What a client's nonce looks like: 16-64 base64url characters (the web client sends 22, 128 random bits). */
const NONCE = /^[A-Za-z0-9_-]{16,64}$/;
/**
 * Set on every request the envelope runs. An envelope whose request carries it is refused, however its path was
 * spelled: the recursion guard does not depend on how the router reads a path.
 */
const INNER_HEADER = 'x-gatehouse-envelope';

function isWrapped(value: unknown): value is WrappedRequest {
  const v = value as Partial<WrappedRequest> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.path === 'string' &&
    v.path.startsWith('/') &&
    typeof v.method === 'string' &&
    METHODS.has(v.method) &&
    typeof v.ts === 'number' &&
    Number.isFinite(v.ts) &&
    typeof v.nonce === 'string' &&
    NONCE.test(v.nonce)
  );
}

/**
 * The url the wrapped path is run at, normalised as the injected request will see it (dot segments resolved,
 * backslashes as slashes), or undefined when it leaves the API or names the envelope route itself, also when
 * spelled `/./sapi`, `/x/../sapi` or `/%73api`.
 */
export function innerUrl(path: string): string | undefined {
  let url: URL;
  let decoded: string;
  try {
    url = new URL(API_BASE + path, 'http://localhost');
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return undefined;
  }
  if (!decoded.startsWith(`${API_BASE}/`)) return undefined;
  if (decoded.toLowerCase().startsWith(`${API_BASE}/sapi/`) || decoded.toLowerCase() === `${API_BASE}/sapi`) {
    return undefined;
  }
  return url.pathname + url.search;
}

/**
 * POST /api/sapi/:digest — opens the envelope with the caller's token, runs the wrapped call through the
 * whole server again (same session, same checks, same address), and answers its status and envelope with
 * `data` sealed. Each envelope runs once (its nonce). Obfuscation only (see packages/contract/src/envelope.ts).
 */
export async function envelope(
  app: FastifyInstance,
  options: { enabled: boolean; nonces: NonceStore },
  sealed: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  if (!options.enabled) throw notFound(t('envelope.disabled'));
  if (request.headers[INNER_HEADER] !== undefined) throw badRequest(t('envelope.invalid'));
  const token = request.headers.authorization ?? '';
  let keySource: string;
  let wrapped: unknown;
  try {
    keySource = keySourceOf(token);
    wrapped = await openEnvelope(keySource, sealed);
  } catch {
    throw badRequest(t('envelope.invalid'));
  }
  if (!isWrapped(wrapped)) throw badRequest(t('envelope.invalid'));
  const url = innerUrl(wrapped.path);
  if (!url) throw badRequest(t('envelope.invalid'));
  const now = Date.now();
  if (Math.abs(now - wrapped.ts) > MAX_SKEW_MS) throw badRequest(t('envelope.stale'));
  // Past ts + MAX_SKEW_MS the envelope is refused as stale anyway, so its nonce need not be kept longer.
  if (!(await options.nonces.claim(wrapped.nonce, new Date(wrapped.ts + MAX_SKEW_MS)))) {
    throw new AppError(409, t('envelope.replayed'));
  }

  const withBody = wrapped.params != null && wrapped.method !== 'GET' && wrapped.method !== 'DELETE';
  const inner = await app.inject({
    method: wrapped.method,
    url,
    headers: {
      authorization: token,
      'user-agent': request.headers['user-agent'] ?? '',
      ...(request.headers['accept-language'] ? { 'accept-language': request.headers['accept-language'] } : {}),
      [INNER_HEADER]: '1',
      ...(withBody ? { 'content-type': 'application/json' } : {}),
    },
    remoteAddress: request.ip,
    ...(withBody ? { payload: JSON.stringify(wrapped.params) } : {}),
  });
  let body: { code?: number; msg?: string; data?: unknown };
  try {
    body = inner.json();
  } catch {
    throw new AppError(400, t('envelope.invalid'));
  }
  for (const name of PASSED_HEADERS) {
    const value = inner.headers[name];
    if (typeof value === 'string') reply.header(name, value);
  }
  const data = 'data' in body ? await sealEnvelope(keySource, body.data ?? null) : undefined;
  return reply
    .status(inner.statusCode)
    .header('content-type', 'application/json; charset=utf-8')
    .send({ code: body.code ?? inner.statusCode, msg: body.msg ?? '', ...(data === undefined ? {} : { data }) });
}
