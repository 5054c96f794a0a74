import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, api, LOG_DIR, removeDataDir, type ServerProcess, sleep, startServer } from './support.js';

const IN_FLIGHT = 40;

describe('SIGTERM', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    // Room in the password-hash queue for the whole burst (the default 2 + 32 would refuse the last ones with 429).
    // At debug the log has a line per request as it arrives ("incoming request"; at info only the completed one).
    // One account's sign-ins from one address are counted before their check (M-2: at most
    // LOGIN_LOCK_AFTER checks at once); this test is about the shutdown, so all 40 may be checked.
    server = await startServer({
      env: { PASSWORD_HASH_QUEUE: String(IN_FLIGHT), LOGIN_LOCK_AFTER: String(IN_FLIGHT * 2), LOG_LEVEL: 'debug' },
    });
  });
  afterAll(() => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    removeDataDir(server.dataDir);
  });

  it('finishes every in-flight request with 200, refuses new connections and exits 0', async () => {
    const log = join(LOG_DIR, `server-resilience-${server.port}.log`);
    const loginsLogged = () =>
      readFileSync(log, 'utf8')
        .split('\n')
        .filter((l) => l.includes('"msg":"incoming request"') && l.includes('"url":"/api/login"'));
    const before = loginsLogged().length;
    // A burst of sign-ins: each one is an argon2id verification, so together they take seconds.
    let settled = 0;
    const inFlight = Array.from({ length: IN_FLIGHT }, () =>
      api<string>(server.baseUrl, 'POST', '/login', { body: { account: 'admin', password: ADMIN_PASSWORD } }).finally(
        () => {
          settled++;
        },
      ),
    );
    // Every request has reached the server (its "incoming request" line is written synchronously).
    const deadline = Date.now() + 10_000;
    while (loginsLogged().length - before < IN_FLIGHT && Date.now() < deadline) await sleep(10);
    expect(loginsLogged().length - before).toBe(IN_FLIGHT);

    server.child.kill('SIGTERM');
    // The listener closes at once: a new connection is refused while the old requests still run.
    let late = 'not tried';
    let pendingWhenRefused = -1;
    for (const until = Date.now() + 3_000; Date.now() < until; await sleep(20)) {
      late = await fetch(`${server.baseUrl}/api/health`).then(
        (r) => `answered ${r.status}`,
        (error: { cause?: { code?: string } }) => error.cause?.code ?? 'failed',
      );
      if (late === 'ECONNREFUSED') {
        pendingWhenRefused = IN_FLIGHT - settled;
        break;
      }
    }
    const results = await Promise.all(inFlight);
    const code = await server.exited;
    console.info(
      `SIGTERM with ${IN_FLIGHT} sign-ins in flight: new connections refused while ${pendingWhenRefused} were ` +
        `still running; exit ${code}`,
    );

    expect(late).toBe('ECONNREFUSED');
    expect(pendingWhenRefused).toBeGreaterThan(0);
    expect(results.map((r) => r.status)).toEqual(Array(IN_FLIGHT).fill(200));
    expect(results.every((r) => typeof r.body.data === 'string' && r.body.data.length > 20)).toBe(true);
    // Exit code 0: it closed by itself; close-with-grace's 10 s delay running out would exit with 1.
    expect(code, server.output()).toBe(0);
  });
});
