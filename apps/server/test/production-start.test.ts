import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../src/app.js';
import { ADMIN_PASSWORD } from './harness.js';

const ROOT = resolve(import.meta.dirname, '../../..');

/**
 * Loaded with `--import` before main.ts: when the process exits it writes every loaded module file whose path
 * names light-my-request. That package is CommonJS only, so however it is reached (a require, or an import from
 * ESM) it lands in the CommonJS module cache.
 */
const REPORTER = `
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
const require = createRequire(import.meta.url);
process.on('exit', () => {
  const paths = Object.keys(require.cache);
  const loaded = paths.filter((path) => path.includes('light-my-request'));
  const fastify = paths.some((path) => /[\\\\/]fastify[\\\\/]fastify[.]js$/.test(path));
  writeFileSync(process.env.MODULE_REPORT, JSON.stringify({ loaded, fastify }));
});
`;

describe('the production start path', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gh-prod-start-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('sends helmet’s headers, computed once without a probe server', () => {
    expect(securityHeaders()).toEqual({
      'content-security-policy':
        "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'none';" +
        "img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';" +
        "style-src 'self' 'unsafe-inline';upgrade-insecure-requests",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
  });

  it('never loads light-my-request: main.ts started, serving a request and shut down with SIGTERM', async () => {
    const reporter = join(dir, 'reporter.mjs');
    const report = join(dir, 'modules.json');
    writeFileSync(reporter, REPORTER);
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', reporter, 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: join(dir, 'data'),
        ADMIN_PASSWORD,
        WEB_DIST: '/nonexistent',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        MODULE_REPORT: report,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    const base = await new Promise<string>((done, fail) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
        if (address) done(address);
      });
      child.once('exit', () => fail(new Error(`server exited:\n${output}`)));
    });

    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(health.headers.get('referrer-policy')).toBe('no-referrer');

    child.kill('SIGTERM');
    expect(await exited, output).toBe(0);
    const modules = JSON.parse(readFileSync(report, 'utf8')) as { loaded: string[]; fastify: boolean };
    // The reporter does see the CommonJS modules the server runs on: fastify (which would load it on inject()).
    expect(modules.fastify).toBe(true);
    expect(modules.loaded).toEqual([]);
  });
});
