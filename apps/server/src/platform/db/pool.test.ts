import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { type Database, openPostgres } from './database.js';
import { isDatabaseUnavailable } from './db-errors.js';

/** Resolves once `condition` holds, checking again after each turn of the event loop (no clock involved). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

/** What a promise came to, without waiting for it. */
function track<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: unknown } = { settled: false };
  const done = promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  );
  return { state, done };
}

/**
 * At 16 concurrent account creates the pool ran dry and its queue wait (the connect timeout, 3 s) answered
 * 503 "database unavailable" while the database was fine. A query of a busy pool now waits for a connection within the
 * request's budget; only a database that does not answer is reported unavailable.
 */
describe.each(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])('the PostgreSQL pool (%s)', () => {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `gh_pool_${randomBytes(6).toString('hex')}`;
  let database: Database;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    // One connection: a second request must wait for the first to give it back.
    database = openPostgres(url.toString(), { max: 1 });
    t = await startTestApp('postgres', {}, { ...database, dispose: async () => {} });
    token = await t.login();
  });

  afterAll(async () => {
    await t?.close();
    await database?.close();
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });

  it('queues a request behind a held connection and serves it once the connection is released', async () => {
    const stats = database.poolStats!;
    let request: ReturnType<typeof track<Awaited<ReturnType<TestApp['call']>>>> | undefined;
    await database.db.connection().execute(async (held) => {
      await sql`select 1`.execute(held);
      expect(stats()).toMatchObject({ total: 1, idle: 0 });
      request = track(t.call('PUT', '/preferences/pool-probe', { token, body: { waited: true } }));
      // The request reaches the pool and waits there: nothing refuses it while the connection is held.
      await until(() => stats().waiting > 0 || request!.state.settled);
      expect(request.state.settled).toBe(false);
      expect(stats().waiting).toBe(1);
    });
    await request!.done;
    expect(request!.state.error).toBeUndefined();
    expect(request!.state.value?.status).toBe(200);
    const read = await t.call('GET', '/preferences/pool-probe', { token });
    expect(read.body.data).toEqual({ waited: true });
  });

  it('serves 16 concurrent writes through one connection without a refusal', async () => {
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => t.call('PUT', `/preferences/pool-burst-${i % 4}`, { token, body: { i } })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(16).fill(200));
  });

  it('reports a database that refuses connections as unavailable (503)', async () => {
    // A port nobody listens on: the connection is refused at once.
    const probe = await new Promise<Server>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => resolve(server));
    });
    const { port } = probe.address() as { port: number };
    await new Promise((resolve) => probe.close(resolve));
    const down = openPostgres(`postgres://postgres@127.0.0.1:${port}/test`, { max: 1 });
    try {
      const error = await sql`select 1`.execute(down.db).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    } finally {
      await down.close();
    }
  });

  it('reports a database that accepts but never answers as unavailable within the connect timeout, not the pool wait', async () => {
    // A listener that takes the connection and says nothing (a hung server, a black-holed proxy).
    const sockets: Socket[] = [];
    const silent = await new Promise<Server>((resolve) => {
      const server = createServer((socket) => sockets.push(socket));
      server.listen(0, '127.0.0.1', () => resolve(server));
    });
    const { port } = silent.address() as { port: number };
    // A pool wait far longer than any test: only the connect timeout can end this query.
    const hung = openPostgres(`postgres://postgres@127.0.0.1:${port}/test`, {
      max: 1,
      connectTimeoutMs: 200,
      poolWaitMs: 3_600_000,
    });
    try {
      const error = await sql`select 1`.execute(hung.db).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
      expect(sockets.length).toBeGreaterThan(0);
    } finally {
      await hung.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
