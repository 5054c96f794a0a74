import { spawn } from 'node:child_process';
import { once } from 'node:events';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, removeDataDir, rssMiB, type ServerProcess, startServer, stopServer } from './support.js';

/** Soak: connections held at once, for how long, and the bounds it must stay within. */
const SOAK_CONNECTIONS = 2_000;
const SOAK_SECONDS = 20;
const SOAK_MAX_ERROR_RATE = 0.01;
const SOAK_MAX_RSS_MIB = 512;
/**
 * Sign-in flood: concurrent wrong-password sign-ins while a list route is probed one call at a time. Its latency is
 * a figure for the bench, not a bound here (a shared machine would move it); what must hold is that the list route
 * keeps answering, at least FLOOD_MIN_PROBES times, each a 200.
 */
const FLOOD_CONNECTIONS = 300;
const FLOOD_SECONDS = 15;
const FLOOD_MIN_PROBES = 20;

/** Samples a process's resident memory until stopped; answers the peak in MiB. */
function sampleRss(pid: number) {
  let peak = rssMiB(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid));
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

/**
 * A separate node process that GETs /api/role/s one after another on one keep-alive connection: warmed up
 * first, it says "ready" and waits for `delayMs`, then probes for `ms` and prints each status.
 */
async function startListProbe(baseUrl: string, token: string, delayMs: number, ms: number) {
  const script = `
    const url = ${JSON.stringify(`${baseUrl}/api/role/s`)};
    const headers = { authorization: ${JSON.stringify(token)} };
    for (let i = 0; i < 5; i++) await (await fetch(url, { headers })).arrayBuffer();
    process.stdout.write('ready\\n');
    await new Promise((r) => setTimeout(r, ${delayMs}));
    const until = Date.now() + ${ms};
    const statuses = [];
    while (Date.now() < until) {
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      statuses.push(res.status);
      await new Promise((r) => setTimeout(r, 20));
    }
    process.stdout.write(JSON.stringify({ statuses }));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  let onReady: () => void = () => {};
  const ready = new Promise<void>((r) => {
    onReady = r;
  });
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (out.startsWith('ready\n')) onReady();
  });
  const exited = once(child, 'exit');
  await Promise.race([ready, exited]);
  return {
    async result() {
      await exited;
      return JSON.parse(out.slice('ready\n'.length)) as { statuses: number[] };
    },
  };
}

describe('load on loopback', () => {
  let server: ServerProcess;
  let token: string;

  beforeAll(async () => {
    server = await startServer();
    token = await login(server.baseUrl);
  });
  afterAll(async () => {
    if (server) {
      await stopServer(server);
      removeDataDir(server.dataDir);
    }
  });

  it(`holds ${SOAK_CONNECTIONS} concurrent connections for ${SOAK_SECONDS} s within error and memory bounds`, async () => {
    const rss = sampleRss(server.child.pid!);
    const before = rssMiB(server.child.pid!);
    const result = await autocannon({
      url: server.baseUrl,
      connections: SOAK_CONNECTIONS,
      duration: SOAK_SECONDS,
      timeout: 30,
      requests: [
        { method: 'GET', path: '/api/health' },
        { method: 'GET', path: '/api/role/s', headers: { authorization: token } },
      ],
    });
    const peak = rss.stop();
    const total = result.requests.total;
    const failed = result.errors + result.timeouts + result.non2xx;
    const errorRate = failed / Math.max(1, total + result.errors + result.timeouts);
    console.info(
      `soak: ${SOAK_CONNECTIONS} connections x ${SOAK_SECONDS} s: ${total} answers (${result.requests.average}/s), ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.errors} errors, ` +
        `${result.timeouts} timeouts, ${result.non2xx} non-2xx (rate ${(errorRate * 100).toFixed(2)} %), ` +
        `server RSS ${before.toFixed(0)} -> peak ${peak.toFixed(0)} MiB`,
    );
    expect(server.child.exitCode).toBeNull();
    expect(total).toBeGreaterThan(SOAK_CONNECTIONS);
    expect(errorRate).toBeLessThan(SOAK_MAX_ERROR_RATE);
    expect(peak).toBeLessThan(SOAK_MAX_RSS_MIB);
    expect((await api(server.baseUrl, 'GET', '/health')).status).toBe(200);
  }, 120_000);

  it(`keeps a list route answering during a flood of ${FLOOD_CONNECTIONS} concurrent sign-ins`, async () => {
    // The probe is warm before the flood starts (its first calls compile code paths and open its connection), so
    // what it measures is the flood's effect.
    const probe = await startListProbe(server.baseUrl, token, 1_000, (FLOOD_SECONDS - 2) * 1000);
    const flood = autocannon({
      url: `${server.baseUrl}/api/login`,
      connections: FLOOD_CONNECTIONS,
      duration: FLOOD_SECONDS,
      timeout: 60,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'admin', password: 'Wrong#Password123' }),
    });
    const { statuses } = await probe.result();
    const result = await flood;
    console.info(
      `sign-in flood: ${FLOOD_CONNECTIONS} connections x ${FLOOD_SECONDS} s, ${result.requests.total} sign-ins answered ` +
        `(${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts); list route meanwhile: ` +
        `${statuses.length} probes answered`,
    );
    expect(server.child.exitCode).toBeNull();
    expect([...new Set(statuses)]).toEqual([200]);
    expect(statuses.length).toBeGreaterThan(FLOOD_MIN_PROBES);
  }, 120_000);
});
