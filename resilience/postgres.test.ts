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
/**
 * While the database is gone, requests are made one after another for this long; a server that hung on each (waiting
 * out a connection timeout) would answer only one or two. Counted, not timed: each answer's duration is not bounded.
 */
const DOWN_WINDOW_MS = 3_000;
const DOWN_MIN_ANSWERS = 6;
/** A hang guard, not a speed limit: attempts 50 ms apart before the server must serve again. */
const RECOVERY_ATTEMPTS = 300;

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

  it('answers 503 at once while the database is down and serves again by itself after it returns', async () => {
    expect((await api(server.baseUrl, 'GET', '/role/s', { token })).status).toBe(200);

    await proxy.cut();
    const down: Array<{ path: string; status: number; msg: string }> = [];
    const until = Date.now() + DOWN_WINDOW_MS;
    while (Date.now() < until) {
      for (const [method, path, body] of [
        ['GET', '/role/s', undefined],
        ['GET', '/health', undefined],
        ['POST', '/login', { account: 'admin', password: 'not-the-password' }],
      ] as const) {
        const res = await api(server.baseUrl, method, path, { token, body });
        down.push({ path, status: res.status, msg: res.body.msg });
      }
    }
    const english = await api(server.baseUrl, 'GET', '/role/s', { token, headers: { 'accept-language': 'en-US' } });
    console.info(`database cut: ${down.length} requests answered in ${DOWN_WINDOW_MS} ms`);
    expect(down.length).toBeGreaterThanOrEqual(DOWN_MIN_ANSWERS);
    for (const d of down) expect(d, JSON.stringify(d)).toMatchObject({ status: 503, msg: UNAVAILABLE });
    expect(english.status).toBe(503);
    expect(english.body.msg).toBe('The database is temporarily unavailable; please retry later');

    await proxy.open();
    // Counted in attempts, not timed: the server serves again on its own (no restart), each answer meanwhile a 503.
    let attempts = 0;
    let recovered = false;
    while (!recovered && attempts < RECOVERY_ATTEMPTS) {
      attempts++;
      const res = await api(server.baseUrl, 'GET', '/role/s', { token });
      recovered = res.status === 200;
      if (!recovered) {
        expect(res.status).toBe(503);
        await sleep(50);
      }
    }
    console.info(`database back: serving again at attempt ${attempts}`);
    expect(recovered).toBe(true);
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
