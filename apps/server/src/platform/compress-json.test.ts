import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES, installJsonCompression, negotiateEncoding } from './compress-json.js';

describe('negotiateEncoding', () => {
  it('prefers Brotli, then gzip, honouring q=0 and *', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});

describe('installJsonCompression', () => {
  const fastify = Fastify();
  const large = { list: Array.from({ length: 400 }, (_, i) => ({ id: i, name: `资源 ${i}`, url: `/api/r/${i}` })) };
  const largeJson = JSON.stringify(large);

  beforeAll(async () => {
    installJsonCompression(fastify);
    fastify.get('/large', async () => large);
    fastify.get('/small', async () => ({ ok: true }));
    fastify.post('/large', async () => large);
    fastify.get('/text', async (_request, reply) => reply.type('text/plain').send('x'.repeat(COMPRESS_MIN_BYTES * 2)));
    await fastify.ready();
  });
  afterAll(() => fastify.close());

  const get = (url: string, encoding?: string, method: 'GET' | 'POST' = 'GET') =>
    fastify.inject({ method, url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends a large JSON answer with Brotli or gzip as accepted, the same JSON inside', async () => {
    expect(Buffer.byteLength(largeJson)).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const br = await get('/large', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(largeJson.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(large);
    const gz = await get('/large', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(large);
  });

  it('sends it plain (still varying by Accept-Encoding) to a client that accepts neither', async () => {
    const plain = await get('/large');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.json()).toEqual(large);
  });

  it('leaves small answers, writes and non-JSON answers alone', async () => {
    for (const res of [await get('/small', 'br'), await get('/large', 'br', 'POST'), await get('/text', 'br')]) {
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toBeUndefined();
    }
    expect((await get('/large', 'br', 'POST')).json()).toEqual(large);
  });
});
