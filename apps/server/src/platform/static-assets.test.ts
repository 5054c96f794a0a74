import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';

// The web build's static files (docs/frontend-budgets.md): pre-compressed twins sent when accepted, hashed assets
// cached for good, index.html revalidated. Static serving does not touch the database: SQLite lane only.
describe('static web assets', () => {
  let t: TestApp;
  const webDist = mkdtempSync(join(tmpdir(), 'gh-web-'));
  const script = `export const greeting = ${JSON.stringify('你好'.repeat(400))};\n`;
  const html = '<!doctype html><title>Gatehouse</title>';

  beforeAll(async () => {
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), html);
    writeFileSync(join(webDist, 'index.html.gz'), gzipSync(html));
    writeFileSync(join(webDist, 'assets', 'index-Ab12_-Cd.js'), script);
    writeFileSync(join(webDist, 'assets', 'index-Ab12_-Cd.js.br'), brotliCompressSync(script));
    writeFileSync(join(webDist, 'assets', 'index-Ab12_-Cd.js.gz'), gzipSync(script));
    t = await startTestApp('sqlite', { webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    t.app.fastify.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends the Brotli twin of a hashed asset when accepted, cached for a year as immutable', async () => {
    const res = await get('/assets/index-Ab12_-Cd.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('falls back to gzip, then to the plain file, keeping the cache header', async () => {
    const gz = await get('/assets/index-Ab12_-Cd.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await get('/assets/index-Ab12_-Cd.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates index.html, at / and for hash-routed paths alike', async () => {
    for (const url of ['/', '/index.html', '/no/such/page']) {
      const res = await get(url, 'gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const plain = await get('/');
    expect(plain.body).toBe(html);
  });
});
