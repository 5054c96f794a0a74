import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './frontend-perf.js';
import { LOG_DIR } from './support.js';

/**
 * `npm start` as a newcomer runs it: whatever NODE_ENV the shell holds, it builds what is stale for
 * production, never stops on a performance budget, and serves compiled JavaScript with plain node.
 */
const root = resolve(import.meta.dirname, '..');
const WEB_STAMP = join(root, 'node_modules', '.cache', 'gatehouse-build', 'web.digest');
const SERVE_WAIT_MS = 240_000;

interface Started {
  child: ChildProcess;
  output(): string;
  baseUrl: string;
}

let running: Started | undefined;
const dataDirs: string[] = [];

/** `npm start` in its own process group, with the given NODE_ENV, on a free port and a fresh data directory. */
async function npmStart(nodeEnv: string): Promise<Started> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'gh-start-'));
  dataDirs.push(dataDir);
  let printed = '';
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: nodeEnv,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'Start#Gatehouse2026',
      LOG_FILE: join(LOG_DIR, `server-npm-start-${port}.log`),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    printed += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    printed += chunk.toString('utf8');
  });
  running = { child, output: () => printed, baseUrl: `http://127.0.0.1:${port}` };
  // Waits for the first answer however long the build takes on a busy machine; an exit ends the wait at once.
  const deadline = Date.now() + SERVE_WAIT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${printed}`);
    const answered = await fetch(`${running.baseUrl}/api/auth/options`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return running;
    if (Date.now() > deadline) throw new Error(`npm start did not answer:\n${printed}`);
    await sleep(250);
  }
}

/** The command lines of every process in the group `npm start` leads (npm, sh, node). */
function commandLines(groupId: number): string[] {
  const lines: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      // Field 5 of /proc/<pid>/stat is the process group; the command name (field 2) may hold spaces, in parens.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== groupId) continue;
      lines.push(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim());
    } catch {
      // the process ended meanwhile
    }
  }
  return lines;
}

async function stop(started: Started) {
  const exited = new Promise((done) => started.child.once('exit', done));
  if (started.child.exitCode === null) process.kill(-started.child.pid!, 'SIGTERM');
  await exited;
}

afterEach(async () => {
  if (running) await stop(running);
  running = undefined;
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Lines that warn: npm's own (EBADENGINE, install scripts) and Node's (experimental, deprecated). */
function warnings(output: string): string[] {
  return output
    .split('\n')
    .filter((line) =>
      /EBADENGINE|install-scripts|invalid config|ExperimentalWarning|DeprecationWarning|\(node:\d+\) /.test(line),
    );
}

describe('npm start', () => {
  it(
    'with NODE_ENV=development rebuilds a stale web app for production and serves it with compiled JavaScript',
    async () => {
      // The web build is taken for stale (as after a pull that changed it): npm start must build it again.
      rmSync(WEB_STAMP, { force: true });
      const started = await npmStart('development');
      const output = started.output();
      expect(output).toContain('build: building web (production)');
      expect(warnings(output)).toEqual([]);

      // The server is the compiled bundle, run by plain node: nothing in the group loads tsx.
      const lines = commandLines(started.child.pid!);
      expect(lines.some((line) => /node .*dist\/main\.js/.test(line))).toBe(true);
      expect(lines.filter((line) => /tsx/.test(line))).toEqual([]);
      expect(existsSync(join(root, 'apps/server/dist/main.js'))).toBe(true);

      // React's development build (jsxDEV calls) would be a third bigger; the served scripts are production ones.
      const html = await (await fetch(`${started.baseUrl}/`)).text();
      const scripts = [...html.matchAll(/src="\.\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
      expect(scripts.length).toBeGreaterThan(0);
      const assets = readdirSync(join(root, 'apps/web/dist/assets')).filter((name) => name.endsWith('.js'));
      const development = assets.filter((name) =>
        readFileSync(join(root, 'apps/web/dist/assets', name), 'utf8').includes('jsxDEV'),
      );
      expect(development).toEqual([]);
      for (const script of scripts) expect((await fetch(`${started.baseUrl}/${script}`)).status).toBe(200);
    },
    SERVE_WAIT_MS + 30_000,
  );

  it(
    'with NODE_ENV=test builds nothing that is up to date and serves',
    async () => {
      const started = await npmStart('test');
      const output = started.output();
      expect(output).toContain('build: web is up to date');
      expect(output).toContain('build: server is up to date');
      expect(warnings(output)).toEqual([]);
      const options = await fetch(`${started.baseUrl}/api/auth/options`);
      expect(((await options.json()) as { code: number }).code).toBe(200);
    },
    SERVE_WAIT_MS + 30_000,
  );
});
