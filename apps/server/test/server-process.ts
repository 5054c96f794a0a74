import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ADMIN_PASSWORD } from './harness.js';

const ROOT = resolve(import.meta.dirname, '../../..');

/**
 * The V8 flags `npm run serve` starts the server with, read from apps/server/package.json's "start" script (declared
 * there once): the young generation's and the heap's size decide how much a request may hold resident.
 */
export const SERVE_HEAP_FLAGS: readonly string[] = (
  JSON.parse(readFileSync(join(ROOT, 'apps/server/package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .filter((arg) => /^--max-(semi|old)-space-size=\d+$/.test(arg));

/** A field of /proc/<pid>/status in bytes (VmRSS: resident now; VmHWM: the most resident since the last reset). */
export function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1];
  if (kb === undefined) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(kb) * 1024;
}

export interface ServerProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** A session token of `admin`. */
  token: string;
  dataDir: string;
  /** What the process printed (stdout and stderr), in order. */
  output: string[];
  /** Ends the process (if it still runs) and removes its data dir. */
  stop(): Promise<void>;
}

/**
 * The server in a process of its own, with `npm run serve`'s heap flags, from source (tsx): for tests that measure
 * its memory or watch it survive. Signed in as admin once it listens.
 */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gh-server-process-'));
  const child = spawn(process.execPath, [...SERVE_HEAP_FLAGS, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      LOGIN_CAPTCHA: 'off',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const base = await new Promise<string>((found, fail) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output.join(''))?.[1];
      if (address) found(address);
    });
    child.once('exit', () => fail(new Error(`server exited:\n${output.join('')}`)));
  });
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'admin', password: ADMIN_PASSWORD }),
  });
  const json = (await res.json()) as { msg: string; data: string };
  if (res.status !== 200) throw new Error(`admin sign-in failed: ${json.msg}`);
  return {
    child,
    base,
    token: json.data,
    dataDir,
    output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
