/**
 * Start time and idle memory of the server process, as `npm run serve` starts it: the time from spawning `node` to
 * the first answer of GET /api/auth/options, and the resident memory once it has served that and sat idle.
 *
 * Each start is a second start on an existing SQLite data directory (the first start, which migrates and hashes the
 * generated admin password, is run once before and not counted). Used by bench/run.ts; on its own:
 * `npx tsx bench/startup.ts [compiled|tsx]` prints the medians of STARTUP_RUNS (5) starts.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../e2e/frontend-perf.js';

const ROOT = resolve(import.meta.dirname, '..');

/** The node flags of `npm run serve` (apps/server/package.json "start"). */
export const SERVE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=4', '--max-old-space-size=192'];

/** How the server is started: compiled JavaScript (what `npm start` runs) or TypeScript through tsx (`npm run dev`). */
export const START_COMMANDS = {
  compiled: [...SERVE_FLAGS, 'apps/server/dist/main.js'],
  tsx: ['--max-semi-space-size=4', '--max-old-space-size=192', '--import', 'tsx', 'apps/server/src/main.ts'],
} as const;

export interface StartupFigures {
  /** Median milliseconds from spawn to the first answer. */
  startMs: number;
  /** Median resident memory (MiB) after the first answer and one idle second. */
  idleRssMiB: number;
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function startOnce(args: readonly string[], dataDir: string): Promise<{ ms: number; rss: number }> {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, [...args], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'Bench-Admin-1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<never>((_, fail) =>
    child.once('exit', (code) => fail(new Error(`server exited with ${code} before answering`))),
  );
  try {
    for (;;) {
      const answered = await Promise.race([
        fetch(`http://127.0.0.1:${port}/api/auth/options`).then(
          (response) => response.ok,
          () => false,
        ),
        exited,
      ]);
      if (answered) break;
      await sleep(5);
    }
    const ms = performance.now() - began;
    await sleep(1000);
    return { ms, rss: rssMiB(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((done) => (child.exitCode === null ? child.once('exit', done) : done(undefined)));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Medians over `runs` second starts of the given command on one throw-away data directory. */
export async function measureStartup(args: readonly string[], runs = 5): Promise<StartupFigures> {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'gatehouse-startup-'));
  try {
    await startOnce(args, dataDir);
    const samples: { ms: number; rss: number }[] = [];
    for (let i = 0; i < runs; i++) samples.push(await startOnce(args, dataDir));
    return { startMs: median(samples.map((s) => s.ms)), idleRssMiB: median(samples.map((s) => s.rss)) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const which = (process.argv[2] ?? 'compiled') as keyof typeof START_COMMANDS;
  const figures = await measureStartup(START_COMMANDS[which], Number(process.env.STARTUP_RUNS ?? 5));
  console.log(`${which}: start ${figures.startMs.toFixed(0)} ms, idle RSS ${figures.idleRssMiB.toFixed(1)} MiB`);
}
