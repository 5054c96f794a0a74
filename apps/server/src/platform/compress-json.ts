import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';

/**
 * Answers at least this large travel compressed when the client accepts it. Below it the bytes saved do not pay for
 * the CPU (an account page is ~1–8 KiB); above it are the permission list of a large system (~290 KiB for a
 * super-admin over 2,000 resources, ~10 KiB with Brotli), resource trees and long dictionaries.
 */
export const COMPRESS_MIN_BYTES = 8 * 1024;

export type ContentEncoding = 'br' | 'gzip';

const ENCODINGS: ContentEncoding[] = ['br', 'gzip'];

/**
 * The encoding to answer with for an `Accept-Encoding` header: Brotli or gzip by the client's qualities (Brotli on a
 * tie), `*` included; null for none. @fastify/static negotiates its pre-compressed files with the same library.
 */
export function negotiateEncoding(header: string | undefined): ContentEncoding | null {
  return header ? (negotiate(header, ENCODINGS) as ContentEncoding | null) : null;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses large JSON answers to reads (GET) on the way out, on libuv's thread pool (not the event loop): Brotli
 * at quality 4 (fast, and still ~10x on JSON) or gzip. Writes are left alone: their answers are small, and the
 * audit trail reads a write's answer in a route hook that runs after this one. `Vary: Accept-Encoding` is set on
 * every answer large enough to be compressed, so a cache never mixes the two forms.
 */
export function installJsonCompression(fastify: FastifyInstance, minBytes = COMPRESS_MIN_BYTES) {
  fastify.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    const size = Buffer.byteLength(payload);
    if (size < minBytes) return payload;
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const body =
      encoding === 'br'
        ? await brotli(payload, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 4,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: size,
            },
          })
        : await gzipAsync(payload, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
