import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../src/platform/http-platform.js';
import { verifyPassword } from '../src/platform/passwords.js';

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

  /** main.ts on a fresh data dir, without ADMIN_PASSWORD: the first start, as an operator runs it. */
  let server: { child: ChildProcessWithoutNullStreams; base: string; output(): string; exited: Promise<number | null> };
  const report = join(dir, 'modules.json');
  beforeAll(async () => {
    const reporter = join(dir, 'reporter.mjs');
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
        WEB_DIST: '/nonexistent',
        LOGIN_CAPTCHA: 'off',
        LOG_LEVEL: 'info',
        MODULE_REPORT: report,
      },
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    // The banner is printed once the server listens.
    const base = await new Promise<string>((done, fail) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        // Told as localhost (passkeys need a host name); the server listens on HOST, 127.0.0.1.
        const port = /打开 http:\/\/localhost:(\d+)，/.exec(output)?.[1];
        if (port) done(`http://127.0.0.1:${port}`);
      });
      child.once('exit', () => fail(new Error(`server exited:\n${output}`)));
    });
    server = { child, base, output: () => output, exited };
  });
  afterAll(() => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  });

  it('prints what to do next: the address, the account, its shell-safe password, and that it must be changed', async () => {
    const banner = /={64}\n((?: {2}.*\n)+)={64}/.exec(server.output())?.[1];
    const [password, signIn, change] = (banner ?? '').split('\n').map((row) => row.trim());
    expect(password).toMatch(/^管理员账号 admin 的初始密码（仅显示一次）: [A-Za-z0-9]{20}$/);
    expect(signIn).toBe(`打开 ${server.base.replace('127.0.0.1', 'localhost')}，用账号 admin 和这个密码登录`);
    expect(change).toBe('首次登录时必须修改这个密码');
    // The printed password is admin's.
    const response = await fetch(`${server.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'admin', password: password?.split(': ')[1] }),
    });
    expect(response.status).toBe(200);
  });

  it('never loads light-my-request: main.ts started, serving requests and shut down with SIGTERM', async () => {
    const health = await fetch(`${server.base}/api/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(health.headers.get('referrer-policy')).toBe('no-referrer');

    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
    const modules = JSON.parse(readFileSync(report, 'utf8')) as { loaded: string[]; fastify: boolean };
    // The reporter does see the CommonJS modules the server runs on: fastify (which would load it on inject()).
    expect(modules.fastify).toBe(true);
    expect(modules.loaded).toEqual([]);
  });

  it('resets a missed admin password with `npm run reset-admin-password`: printed once, changed at the next sign-in, sessions ended', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', '--reset-admin-password'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', DATA_DIR: join(dir, 'data') },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    // It serves nothing: it ends by itself once the password is set.
    expect(await new Promise<number | null>((done) => child.once('exit', (code) => done(code))), output).toBe(0);
    const banner = /={64}\n((?: {2}.*\n)+)={64}/.exec(output)?.[1];
    const [reset, change] = (banner ?? '').split('\n').map((row) => row.trim());
    expect(reset).toMatch(/^管理员账号 admin 的新密码（仅显示一次）: [A-Za-z0-9]{20}；它的会话已全部结束$/);
    expect(change).toBe('首次登录时必须修改这个密码');
    const password = /: ([A-Za-z0-9]{20})；/.exec(reset ?? '')?.[1] ?? '';
    const db = new SQLite(join(dir, 'data', 'gatehouse.db'), { readonly: true });
    try {
      const admin = db
        .prepare("select id, password_hash, must_change_password from account where account_number = 'admin'")
        .get() as { id: number; password_hash: string; must_change_password: number };
      expect(await verifyPassword(admin.password_hash, password)).toBe(true);
      expect(admin.must_change_password).toBe(1);
      // The first test's sign-in opened a session: ended now.
      const open = db
        .prepare('select count(*) as n from session where account_id = ? and ended_at is null')
        .get(admin.id);
      expect(open).toEqual({ n: 0 });
      expect(db.prepare('select count(*) as n from session where account_id = ?').get(admin.id)).not.toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });
});
