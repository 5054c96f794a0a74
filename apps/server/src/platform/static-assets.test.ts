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

  it('serves a build swapped in after the start: files are looked up when asked, not listed at start', async () => {
    // scripts/build.mjs swaps a new build in under a running server (npm start beside the E2E servers). A server
    // that listed the files at its start missed those written after it (a CSS chunk 404ed, the page never showed).
    const css = '.later{display:block}';
    writeFileSync(join(webDist, 'assets', 'later-Zz98_-Yx.css'), css);
    const res = await get('/assets/later-Zz98_-Yx.css');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(css);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A file that is not there is still the app's index.html (hash routing), an API path the JSON 404.
    expect((await get('/assets/missing-Zz98_-Yx.css')).body).toBe(html);
    // Nothing outside WEB_DIST, however the path is spelled, and never a 5xx.
    for (const url of [
      '/../package.json',
      '/assets/..%2f..%2fpackage.json',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/%00',
      '/.env',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBeLessThan(500);
      // The app's index.html, or the JSON refusal ({ code, msg }): never a file from outside.
      if (res.body !== html) expect(Object.keys(JSON.parse(res.body)).sort(), url).toEqual(['code', 'msg']);
    }
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
