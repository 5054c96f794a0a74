import { API_BASE, keySourceOf, openEnvelope, sealEnvelope, type WrappedRequest } from '@gatehouse/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { t } from '../../platform/i18n.js';

/** An envelope older (or newer) than this is refused, so a captured one cannot be replayed much later. */
const MAX_SKEW_MS = 5 * 60_000;
const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);
/** Headers of the wrapped answer the client needs (token renewal, permission stamp). */
const PASSED_HEADERS = ['jwt-update-token', 'x-permission-stamp'];

function isWrapped(value: unknown): value is WrappedRequest {
  const v = value as Partial<WrappedRequest> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.path === 'string' &&
    v.path.startsWith('/') &&
    typeof v.method === 'string' &&
    METHODS.has(v.method) &&
    typeof v.ts === 'number'
  );
}

/**
 * POST /api/sapi/:digest — opens the envelope with the caller's token, runs the wrapped call through the
 * whole server again (same session, same checks, same address), and answers its status and envelope with
 * `data` sealed. Obfuscation only (see packages/contract/src/envelope.ts).
 */
export async function envelope(
  app: FastifyInstance,
  enabled: boolean,
  sealed: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  if (!enabled) throw notFound(t('envelope.disabled'));
  const token = request.headers.authorization ?? '';
  let keySource: string;
  let wrapped: unknown;
  try {
    keySource = keySourceOf(token);
    wrapped = await openEnvelope(keySource, sealed);
  } catch {
    throw badRequest(t('envelope.invalid'));
  }
  if (!isWrapped(wrapped) || wrapped.path.startsWith('/sapi/')) throw badRequest(t('envelope.invalid'));
  if (Math.abs(Date.now() - wrapped.ts) > MAX_SKEW_MS) throw badRequest(t('envelope.stale'));

  const inner = await app.inject({
    method: wrapped.method,
    url: API_BASE + wrapped.path,
    headers: {
      authorization: token,
      'user-agent': request.headers['user-agent'] ?? '',
      ...(wrapped.params != null && wrapped.method !== 'GET' && wrapped.method !== 'DELETE'
        ? { 'content-type': 'application/json' }
        : {}),
    },
    remoteAddress: request.ip,
    ...(wrapped.params != null && wrapped.method !== 'GET' && wrapped.method !== 'DELETE'
      ? { payload: JSON.stringify(wrapped.params) }
      : {}),
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
