import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_BASE, routes } from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';

describe('HTTP conventions', () => {
  let t: TestApp;
  const webDist = mkdtempSync(join(tmpdir(), 'gh-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Gatehouse</title>');

  beforeAll(async () => {
    t = await startTestApp('sqlite', { webDist });
  });
  afterAll(() => t.close());

  it('documents every contract route in the OpenAPI document at /api/docs', async () => {
    const res = await t.app.fastify.inject({ method: 'GET', url: `${API_BASE}/docs/json` });
    const doc = res.json() as { paths: Record<string, Record<string, { summary: string }>> };
    for (const route of Object.values(routes)) {
      // OpenAPI writes path parameters as {name}.
      const path = API_BASE + route.path.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      expect(operation?.summary).toBe(route.title);
    }
    const ui = await t.app.fastify.inject({ method: 'GET', url: `${API_BASE}/docs/` });
    expect(ui.statusCode).toBe(200);
  });

  it('serves no API docs when API_DOCS is off (the production default)', async () => {
    const off = await startTestApp('sqlite', { apiDocs: false });
    try {
      for (const url of [`${API_BASE}/docs`, `${API_BASE}/docs/`, `${API_BASE}/docs/json`, `${API_BASE}/docs/yaml`]) {
        const res = await off.app.fastify.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toContain('openapi');
      }
      // The API itself is unchanged.
      expect((await off.call('GET', '/health')).status).toBe(200);
    } finally {
      await off.close();
    }
  });

  it('answers unknown API paths with a 404 envelope and serves the web app at /', async () => {
    const missing = await t.call('GET', '/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toContain('/api/nope');
    const page = await t.app.fastify.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Gatehouse</title>');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('turns malformed JSON into a 400 with a message, never a 500', async () => {
    const res = await t.app.fastify.inject({
      method: 'POST',
      url: `${API_BASE}/login`,
      headers: { 'content-type': 'application/json' },
      payload: '{"account":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: '请求内容格式不正确' });
  });

  it('checks the session before validating the body of a guarded route', async () => {
    const res = await t.call('POST', '/account', { body: { nonsense: true } });
    expect(res.status).toBe(401);
  });

  it('sends strict security headers, and no-store on API answers', async () => {
    const page = await t.app.fastify.inject({ method: 'GET', url: '/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const api = await t.call('GET', '/health');
    expect(api.headers['cache-control']).toBe('no-store');
  });
});
