import { connect, createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createPgDatabase,
  freePort,
  login,
  removeDataDir,
  type ServerProcess,
  sleep,
  startServer,
  stopServer,
  TEST_DATABASE_URL,
} from './support.js';

const UNAVAILABLE = '数据库暂时不可用，请稍后再试';
/** Each request while the database is gone must be answered within this. */
const FAST_FAIL_MS = 2_000;
/** After the database is back, the app serves again within this, without a restart. */
const RECOVERY_MS = 5_000;

/**
 * A TCP proxy between the app and the shared PostgreSQL server: cutting it is, for the app, the database going
 * away (connections reset, new ones refused), without touching any other database on the server.
 */
class CuttableProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async open(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    const server = this.server;
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
  }

  /** Drops every connection and stops listening, as a stopped or restarting server does. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.resetAndDestroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe('PostgreSQL goes away and comes back', () => {
  let database: Awaited<ReturnType<typeof createPgDatabase>>;
  let proxy: CuttableProxy;
  let server: ServerProcess;
  let token: string;

  beforeAll(async () => {
    database = await createPgDatabase();
    const target = new URL(TEST_DATABASE_URL);
    proxy = new CuttableProxy(await freePort(), { host: target.hostname, port: Number(target.port || 5432) });
    await proxy.open();
    const viaProxy = new URL(database.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    server = await startServer({ env: { DATABASE_URL: viaProxy.toString() } });
    token = await login(server.baseUrl);
  });
  afterAll(async () => {
    if (server) {
      await stopServer(server);
      removeDataDir(server.dataDir);
    }
    await proxy?.cut();
    await database?.drop();
  });

  it('answers 503 fast while the database is down and recovers within seconds after it returns', async () => {
    expect((await api(server.baseUrl, 'GET', '/role/s', { token })).status).toBe(200);

    await proxy.cut();
    const down: Array<{ path: string; status: number; msg: string; ms: number }> = [];
    const until = Date.now() + 3_000;
    while (Date.now() < until) {
      for (const [method, path, body] of [
        ['GET', '/role/s', undefined],
        ['GET', '/health', undefined],
        ['POST', '/login', { account: 'admin', password: 'not-the-password' }],
      ] as const) {
        const res = await api(server.baseUrl, method, path, { token, body });
        down.push({ path, status: res.status, msg: res.body.msg, ms: res.ms });
      }
    }
    const english = await api(server.baseUrl, 'GET', '/role/s', { token, headers: { 'accept-language': 'en-US' } });
    const slowest = Math.max(...down.map((d) => d.ms));
    console.info(`database cut: ${down.length} requests, all 503, slowest ${slowest.toFixed(0)} ms`);
    expect(down.length).toBeGreaterThanOrEqual(6);
    for (const d of down) expect(d, JSON.stringify(d)).toMatchObject({ status: 503, msg: UNAVAILABLE });
    expect(slowest).toBeLessThan(FAST_FAIL_MS);
    expect(english.status).toBe(503);
    expect(english.body.msg).toBe('The database is temporarily unavailable; please retry later');

    await proxy.open();
    const restored = performance.now();
    let recoveredMs = Number.POSITIVE_INFINITY;
    while (performance.now() - restored < 15_000) {
      const res = await api(server.baseUrl, 'GET', '/role/s', { token });
      if (res.status === 200) {
        recoveredMs = performance.now() - restored;
        break;
      }
      expect(res.status).toBe(503);
      await sleep(50);
    }
    console.info(`database back: serving again after ${recoveredMs.toFixed(0)} ms`);
    expect(recoveredMs).toBeLessThan(RECOVERY_MS);
    expect((await api(server.baseUrl, 'GET', '/health')).body.data).toEqual({ status: 'ok', database: 'postgres' });
    expect(server.child.exitCode).toBeNull();
  });

  it("survives pg_terminate_backend of all the app's connections under load: only 200 or 503, then 200", async () => {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    const statuses = new Map<number, number>();
    let stop = false;
    const load = Array.from({ length: 8 }, async () => {
      while (!stop) {
        const res = await api(server.baseUrl, 'GET', '/role/s', { token });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    });
    let terminated = 0;
    try {
      for (let i = 0; i < 3; i++) {
        await sleep(300);
        const result = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [database.name],
        );
        terminated += result.rowCount ?? 0;
      }
      await sleep(300);
    } finally {
      stop = true;
      await Promise.all(load);
      await admin.end();
    }
    console.info(`pg_terminate_backend: ${terminated} backends ended; answers ${JSON.stringify([...statuses])}`);
    expect(terminated).toBeGreaterThan(0);
    expect([...statuses.keys()].filter((s) => s !== 200 && s !== 503)).toEqual([]);
    // Right after, every request is served again.
    for (let i = 0; i < 10; i++) expect((await api(server.baseUrl, 'GET', '/role/s', { token })).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });
});
