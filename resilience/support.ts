import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { freePort, listensOn } from '../e2e/ports.js';

export { freePort };

export const ROOT = resolve(import.meta.dirname, '..');
/** Where every test server logs (unit harness, E2E and these runs); scanned by log-hygiene.test.ts. */
export const LOG_DIR = join(ROOT, 'test-results', 'logs');
export const ADMIN_PASSWORD = 'Resilience#Gate2026';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  dataDir: string;
  /** Resolves with the exit code (or the signal's name) once the process has gone. */
  exited: Promise<number | string>;
  /** What the process wrote to stdout and stderr (its log goes to LOG_FILE). */
  output(): string;
}

export interface StartOptions {
  /** Reuse a data dir (restart on the same SQLite file); a fresh temp dir otherwise. */
  dataDir?: string;
  env?: Record<string, string>;
  /** Give up waiting for /api/health after this long. */
  timeoutMs?: number;
}

/**
 * Starts the real server (compiled: `node apps/server/dist/main.js`, built by `npm run build`) on a free loopback port.
 * It is taken for started once it answers /api/health and it is the process listening on that port (`listensOn`):
 * another server handed the same port by `freePort` would answer too. A start that finds the port taken is tried
 * again on another.
 */
export async function startServer(options: StartOptions = {}): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'gh-res-'));
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(await freePort(), dataDir, options);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt >= 5) throw error;
    }
  }
}

/** The port was taken between `freePort` and the server's bind. */
class PortTaken extends Error {}

async function startOn(port: number, dataDir: string, options: StartOptions): Promise<ServerProcess> {
  mkdirSync(LOG_DIR, { recursive: true });
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      WEB_DIST: '/nonexistent',
      LOGIN_CAPTCHA: 'off',
      LOG_LEVEL: 'info',
      LOG_FILE: join(LOG_DIR, `server-resilience-${port}.log`),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | string>((r) =>
    child.once('exit', (code, signal) => r(code ?? signal ?? 'unknown')),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await exited;
      if (output.includes('EADDRINUSE')) throw new PortTaken(`port ${port} was taken`);
      throw new Error(`server exited with ${child.exitCode ?? child.signalCode}:\n${output}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok && listensOn(child.pid!, port)) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await sleep(50);
  }
  return { child, port, baseUrl, dataDir, exited, output: () => output };
}

/** Stops a server (SIGTERM, then SIGKILL after `graceMs`) and answers its exit code. */
export async function stopServer(server: ServerProcess, graceMs = 15_000): Promise<number | string> {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGTERM');
    const timer = setTimeout(() => server.child.kill('SIGKILL'), graceMs);
    const code = await server.exited;
    clearTimeout(timer);
    return code;
  }
  return server.exited;
}

/** Keeps the outbox of a data dir (for the log scan), then removes the dir. */
export function removeDataDir(dataDir: string): void {
  const outbox = join(dataDir, 'outbox.jsonl');
  if (existsSync(outbox)) {
    appendFileSync(join(LOG_DIR, `outbox-resilience-${process.pid}.jsonl`), readFileSync(outbox));
  }
  rmSync(dataDir, { recursive: true, force: true });
}

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data?: T;
}

/** One JSON call to the API; answers status and envelope. */
export async function api<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<{ status: number; body: Envelope<T> }> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: options.token } : {}),
      ...options.headers,
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
  });
  const text = await response.text();
  let body: Envelope<T>;
  try {
    body = JSON.parse(text) as Envelope<T>;
  } catch {
    body = { code: response.status, msg: text };
  }
  return { status: response.status, body };
}

export async function login(baseUrl: string, account = 'admin', password = ADMIN_PASSWORD): Promise<string> {
  const res = await api<string>(baseUrl, 'POST', '/login', { body: { account, password } });
  if (res.status !== 200) throw new Error(`login ${account} failed: ${res.status} ${res.body.msg}`);
  return res.body.data as string;
}

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A throw-away database on the shared PostgreSQL server; `drop()` removes it (terminating what is left). */
export async function createPgDatabase(): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `gh_res_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Resident memory of a process in MiB, from /proc (Linux). */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) / 1024 : Number.NaN;
}
