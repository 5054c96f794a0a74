import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, LOG_DIR, login, removeDataDir, type ServerProcess, startServer, stopServer } from './support.js';

const WORKERS_PER_SERVER = 8;
const WRITES_PER_WORKER = 25;

/**
 * Two server processes on one SQLite file, each taking concurrent writes (role creates and updates with their
 * resource sets, account updates, sign-ins writing sessions): BEGIN IMMEDIATE and busy_timeout make writers
 * queue, so nobody sees SQLITE_BUSY and nothing answers 5xx.
 */
describe('SQLite under concurrent writers', () => {
  let first: ServerProcess;
  let second: ServerProcess;

  beforeAll(async () => {
    first = await startServer();
    second = await startServer({ dataDir: first.dataDir });
  });
  afterAll(async () => {
    await Promise.all([first && stopServer(first), second && stopServer(second)]);
    if (first) removeDataDir(first.dataDir);
  });

  it(`takes ${2 * WORKERS_PER_SERVER * WRITES_PER_WORKER} concurrent writes from two processes without a busy error`, async () => {
    const token = await login(first.baseUrl);
    const resources = (await api<Array<{ id: number }>>(first.baseUrl, 'GET', '/resources', { token })).body.data!;
    const orgId = (await api<Array<{ id: number }>>(first.baseUrl, 'GET', '/orgs', { token })).body.data![0]!.id;
    const account = await api<{ id: number }>(first.baseUrl, 'POST', '/account', {
      token,
      body: { accountNumber: 'writers', accountName: '并发写入', password: 'Writers#Account1', state: 1, orgId },
    });
    expect(account.status).toBe(200);

    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const worker = async (server: ServerProcess, w: number) => {
      let roleId: number | undefined;
      for (let i = 0; i < WRITES_PER_WORKER; i++) {
        const set = resources.slice((i * 3) % 30, ((i * 3) % 30) + 5).map((r) => r.id);
        const kind = i % 5;
        const res =
          kind === 0 || roleId === undefined
            ? await api<{ id: number }>(server.baseUrl, 'POST', '/role', {
                token,
                body: { name: `writer-${server.port}-${w}-${i}`, resources: set },
              })
            : kind === 4 && i % 10 === 4
              ? await api(server.baseUrl, 'POST', '/login', {
                  body: { account: 'writers', password: 'Writers#Account1' },
                })
              : kind === 3
                ? await api(server.baseUrl, 'PUT', '/account', {
                    token,
                    body: {
                      id: account.body.data!.id,
                      accountNumber: 'writers',
                      accountName: `并发写入-${w}-${i}`,
                      state: 1,
                      orgId,
                      roleId,
                    },
                  })
                : await api(server.baseUrl, 'PUT', '/role', {
                    token,
                    body: { id: roleId, name: `writer-${server.port}-${w}-${i}`, resources: set },
                  });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status !== 200) failures.push(`${res.status} ${res.body.msg}`);
        if (kind === 0 && res.status === 200) roleId = (res.body.data as { id: number }).id;
      }
    };
    await Promise.all(
      [first, second].flatMap((server) => Array.from({ length: WORKERS_PER_SERVER }, (_, w) => worker(server, w))),
    );
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    console.info(
      `two processes, ${2 * WORKERS_PER_SERVER} writers: ${total} writes, ` +
        `answers ${JSON.stringify([...statuses])}`,
    );
    expect(failures).toEqual([]);
    expect(total).toBe(2 * WORKERS_PER_SERVER * WRITES_PER_WORKER);
    const logs = [first, second].map((s) => readFileSync(join(LOG_DIR, `server-resilience-${s.port}.log`), 'utf8'));
    for (const log of logs) expect(log).not.toMatch(/SQLITE_BUSY|database is locked/);
    // Both processes see every role written by either.
    const seen = await Promise.all(
      [first, second].map(
        async (s) => (await api<unknown[]>(s.baseUrl, 'GET', '/role/s', { token })).body.data!.length,
      ),
    );
    expect(seen[0]).toBe(seen[1]);
  });
});
