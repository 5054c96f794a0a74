import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_PASSWORD } from './harness.js';

/**
 * Two real server processes (`tsx apps/server/src/main.ts`) started at the same moment on one database and one
 * shared DATA_DIR serve the same users: tokens, sign-out, disabling, codes, rate limits and uploads hold across
 * them. PostgreSQL (the deployment this is for) when TEST_DATABASE_URL names a server; SQLite on one file (two
 * processes on one host) always.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const lanes = process.env.TEST_DATABASE_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

interface Proc {
  child: ChildProcess;
  base: string;
  output: string[];
}

/** Starts a server on a port the system picks; answers once it listens (the address is read from its log). */
async function startServer(env: Record<string, string>): Promise<Proc> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const base = await new Promise<string>((resolveBase, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output.join(''))?.[1];
      if (address) resolveBase(address);
    });
    child.once('exit', () => reject(new Error(`server exited:\n${output.join('')}`)));
  });
  return { child, base, output };
}

async function call(
  proc: Proc,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: { code: number; msg: string; data?: unknown } }> {
  const res = await fetch(`${proc.base}/api${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: options.token } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data?: unknown } };
}

describe.each(lanes)('two server processes on one %s database', (lane) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gh-multi-'));
  let a: Proc;
  let b: Proc;
  let dropDatabase: (() => Promise<void>) | undefined;
  const codeFor = (to: string) => {
    const lines = readFileSync(join(dataDir, 'outbox.jsonl'), 'utf8').split('\n').filter(Boolean);
    const line = lines
      .map((l) => JSON.parse(l) as { to: string; code: string })
      .filter((l) => l.to === to)
      .pop();
    if (!line) throw new Error(`no outbox line for ${to}`);
    return line.code;
  };

  beforeAll(async () => {
    let databaseUrl: string | undefined;
    if (lane === 'postgres') {
      const serverUrl = process.env.TEST_DATABASE_URL!;
      const name = `gh_multi_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      dropDatabase = async () => {
        const dropper = new pg.Client({ connectionString: serverUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      };
    }
    // No JWT_SECRET: both generate-or-read the stored one at the same moment and must agree.
    const env = {
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ADMIN_PASSWORD,
      LOGIN_CAPTCHA: 'off',
      CAPTCHA_TEST_MODE: '1',
      VERIFY_CAPTCHAS_PER_CLIENT_MINUTE: '4',
      VERIFY_RESEND_SECONDS: '0',
      WEB_DIST: '/nonexistent',
    };
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
  }, 120_000);

  afterAll(async () => {
    for (const proc of [a, b]) {
      if (proc && proc.child.exitCode === null) {
        const exited = new Promise((r) => proc.child.once('exit', r));
        proc.child.kill('SIGTERM');
        await exited;
      }
    }
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const login = async (proc: Proc, account = 'admin', password = ADMIN_PASSWORD) => {
    const res = await call(proc, 'POST', '/login', { body: { account, password } });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as string;
  };

  it('started together, agree on one admin and one token secret: a token from A is accepted by B', async () => {
    const token = await login(a);
    const info = await call(b, 'GET', '/getAccountInfo', { token });
    expect(info.status, info.body.msg).toBe(200);
    expect((info.body.data as { accountNumber: string }).accountNumber).toBe('admin');
    const back = await login(b);
    expect((await call(a, 'GET', '/getAccountInfo', { token: back })).status).toBe(200);
  });

  it('signing out on A ends the session on B', async () => {
    const token = await login(a);
    expect((await call(b, 'GET', '/getAccountInfo', { token })).status).toBe(200);
    expect((await call(a, 'POST', '/logout', { token })).status).toBe(200);
    expect((await call(b, 'GET', '/getAccountInfo', { token })).status).toBe(401);
  });

  it('disabling an account through A ends its sessions on B', async () => {
    const admin = await login(a);
    const orgs = (await call(a, 'GET', '/orgs', { token: admin })).body.data as { id: number }[];
    const created = await call(a, 'POST', '/account', {
      token: admin,
      body: {
        accountNumber: `multi${lane}`,
        accountName: '多进程',
        password: 'Multi#Proc2026',
        state: 1,
        orgId: orgs[0]!.id,
        roleId: null,
      },
    });
    expect(created.status, created.body.msg).toBe(200);
    const account = created.body.data as { id: number; accountNumber: string; accountName: string; orgId: number };
    const theirs = await login(b, `multi${lane}`, 'Multi#Proc2026');
    expect((await call(b, 'GET', '/getAccountInfo', { token: theirs })).status).toBe(200);
    const disabled = await call(a, 'PUT', '/account', {
      token: admin,
      body: {
        id: account.id,
        accountNumber: account.accountNumber,
        accountName: account.accountName,
        state: 0,
        orgId: account.orgId,
        roleId: null,
      },
    });
    expect(disabled.status, disabled.body.msg).toBe(200);
    expect((await call(b, 'GET', '/getAccountInfo', { token: theirs })).status).toBe(401);
  });

  it('an SMS code sent through A is checked through B', async () => {
    const captcha = (await call(a, 'GET', '/captcha/image')).body.data as { id: string };
    // The captcha made on A is answered on B: the answer lives in the shared database.
    const solved = await call(b, 'GET', `/captcha/image/validate?id=${captcha.id}&userInput=${codeFor(captcha.id)}`);
    expect(solved.status, solved.body.msg).toBe(200);
    const sent = await call(a, 'POST', '/captcha/sms/register', {
      body: { mobile: '13900000077', captcha: solved.body.data },
    });
    expect(sent.status, sent.body.msg).toBe(200);
    const { id } = sent.body.data as { id: string };
    // Codes leave through the outbound queue: A's background sender writes it to the outbox just after answering.
    const code = await vi.waitFor(() => codeFor('13900000077'), { timeout: 30_000, interval: 20 });
    const checked = await call(b, 'GET', `/captcha/sms/validate?id=${id}&userInput=${code}`);
    expect(checked.status, checked.body.msg).toBe(200);
  });

  it('counts one image-captcha rate limit across both processes', async () => {
    // Four a minute per client (VERIFY_CAPTCHAS_PER_CLIENT_MINUTE=4) over both processes: asked in turn, B then A,
    // they answer three or four (the previous test's one, on A, counts while it is under a minute old, however long
    // that test took) before refusing; counted per process, they would answer seven or eight.
    const statuses: number[] = [];
    for (let i = 0; i < 9 && !statuses.includes(429); i++) {
      statuses.push((await call(i % 2 ? a : b, 'GET', '/captcha/image')).status);
    }
    expect(statuses.at(-1)).toBe(429);
    const answered = statuses.filter((status) => status === 200).length;
    expect(answered).toBeGreaterThanOrEqual(3);
    expect(answered).toBeLessThanOrEqual(4);
    expect((await call(a, 'GET', '/captcha/image')).status).toBe(429);
    expect((await call(b, 'GET', '/captcha/image')).status).toBe(429);
  });

  it('a file uploaded through A downloads through B (shared DATA_DIR)', async () => {
    const token = await login(a);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'dot.png');
    const uploaded = await fetch(`${a.base}/api/file/upload`, {
      method: 'POST',
      headers: { authorization: token },
      body: form,
    });
    const body = (await uploaded.json()) as { msg: string; data: { url: string } };
    expect(uploaded.status, body.msg).toBe(200);
    const download = await fetch(`${b.base}${body.data.url}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(png);
  });
});
