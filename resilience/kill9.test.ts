import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { api, login, removeDataDir, type ServerProcess, sleep, startServer } from './support.js';

const ROUNDS = Number(process.env.KILL9_ROUNDS ?? 50);
/** Independent data dirs killed side by side: a round is mostly the server's start, which uses one core. */
const LANES = 2;
const WRITERS = 6;
const GROUP_SIZE = 6;
const PASSWORDS = ['Kill9#Account0x', 'Kill9#Account1x', 'Kill9#Account2x'];

interface RoleOut {
  id: number;
  name: string;
  resources: number[];
  builtin: boolean;
}

/**
 * `kill -9` in the middle of writes, 50 times on one SQLite file: after each kill the file passes
 * `integrity_check` and `foreign_key_check`, and every role's grant set is exactly one of the complete sets
 * written to it (the sets are disjoint, so half of one write can never look like another).
 */
describe('kill -9 during writes (SQLite)', () => {
  const dataDirs: string[] = [];
  afterAll(() => {
    for (const dir of dataDirs) removeDataDir(dir);
  });

  it(`leaves a consistent database after ${ROUNDS} rounds`, async () => {
    const lanes = await Promise.all(
      Array.from({ length: LANES }, (_, lane) => runLane(Math.ceil((ROUNDS - lane) / LANES))),
    );
    const sum = (key: keyof (typeof lanes)[number]) => lanes.reduce((a, l) => a + l[key], 0);
    console.info(
      `kill -9: ${sum('rounds')} rounds in ${LANES} lanes, ${sum('acknowledged')} acknowledged writes, ` +
        `${sum('created')} roles created, ${sum('cutMidWrite')} kills with writes in flight; integrity ok every round`,
    );
    expect(sum('rounds')).toBe(ROUNDS);
    expect(sum('cutMidWrite')).toBe(ROUNDS);
  }, 600_000);

  async function runLane(rounds: number) {
    let server: ServerProcess = await startServer();
    const dataDir = server.dataDir;
    dataDirs.push(dataDir);
    const token = await login(server.baseUrl);
    const resources = (await api<Array<{ id: number }>>(server.baseUrl, 'GET', '/resources', { token })).body.data!;
    const groups = [0, 1, 2].map((g) => resources.slice(g * GROUP_SIZE, (g + 1) * GROUP_SIZE).map((r) => r.id));
    expect(groups.every((g) => g.length === GROUP_SIZE)).toBe(true);
    const orgId = (await api<Array<{ id: number }>>(server.baseUrl, 'GET', '/orgs', { token })).body.data![0]!.id;

    // Every grant set ever sent for a role (by name), acknowledged or not.
    const submitted = new Map<string, Set<number>>();
    const send = (name: string, group: number) => {
      if (!submitted.has(name)) submitted.set(name, new Set());
      submitted.get(name)!.add(group);
    };
    const roleIds = new Map<string, number>();
    for (let i = 0; i < 4; i++) {
      const name = `kill9-base-${i}`;
      send(name, 0);
      const res = await api<RoleOut>(server.baseUrl, 'POST', '/role', {
        token,
        body: { name, resources: groups[0] },
      });
      expect(res.status).toBe(200);
      roleIds.set(name, res.body.data!.id);
    }
    const accountIds: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await api<{ id: number }>(server.baseUrl, 'POST', '/account', {
        token,
        body: {
          accountNumber: `kill9-${i}`,
          accountName: `断电测试${i}`,
          password: PASSWORDS[i],
          state: 1,
          orgId,
          roleId: roleIds.get('kill9-base-0'),
        },
      });
      expect(res.status).toBe(200);
      accountIds.push(res.body.data!.id);
    }

    let acknowledged = 0;
    let cutMidWrite = 0;
    let created = 0;
    for (let round = 0; round < rounds; round++) {
      if (round > 0) server = await startServer({ dataDir });
      const base = server.baseUrl;
      let stop = false;
      let outstanding = 0;
      const write = async (writer: number, step: number) => {
        const pick = Math.random();
        const group = Math.floor(Math.random() * groups.length);
        if (pick < 0.5) {
          const names = [...roleIds.keys()];
          const name = names[Math.floor(Math.random() * names.length)]!;
          send(name, group);
          return api(base, 'PUT', '/role', {
            token,
            body: { id: roleIds.get(name), name, resources: groups[group] },
          });
        }
        if (pick < 0.7) {
          const name = `kill9-r${round}-w${writer}-s${step}`;
          send(name, group);
          const res = await api<RoleOut>(base, 'POST', '/role', { token, body: { name, resources: groups[group] } });
          if (res.status === 200) {
            roleIds.set(name, res.body.data!.id);
            created++;
          }
          return res;
        }
        const names = [...roleIds.keys()];
        const roleName = names[Math.floor(Math.random() * names.length)]!;
        const id = accountIds[Math.floor(Math.random() * accountIds.length)]!;
        return api(base, 'PUT', '/account', {
          token,
          body: {
            id,
            accountNumber: `kill9-${accountIds.indexOf(id)}`,
            accountName: `断电测试-${round}-${step}`,
            state: 1,
            orgId,
            roleId: roleIds.get(roleName),
          },
        });
      };
      const writers = Array.from({ length: WRITERS }, async (_, writer) => {
        for (let step = 0; !stop; step++) {
          outstanding++;
          try {
            const res = await write(writer, step);
            if (res.status === 200) acknowledged++;
            else if (!stop) throw new Error(`write answered ${res.status}: ${res.body.msg}`);
          } catch (error) {
            if (!stop) throw error;
          } finally {
            outstanding--;
          }
        }
      });
      // Once writes are landing, let them run for a random moment, then pull the plug.
      const ackedBefore = acknowledged;
      const deadline = Date.now() + 30_000;
      while (acknowledged === ackedBefore && Date.now() < deadline) await sleep(5);
      await sleep(Math.random() * 250);
      if (outstanding > 0) cutMidWrite++;
      stop = true;
      server.child.kill('SIGKILL');
      expect(await server.exited).toBe('SIGKILL');
      await Promise.all(writers);

      const sqlite = new SQLite(join(dataDir, 'gatehouse.db'));
      try {
        expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(sqlite.pragma('foreign_key_check')).toEqual([]);
        const roles = sqlite.prepare('select id, name from role where builtin = 0').all() as Array<{
          id: number;
          name: string;
        }>;
        const grants = sqlite.prepare('select resource_id from role_resource where role_id = ? order by resource_id');
        for (const role of roles) {
          const held = (grants.all(role.id) as Array<{ resource_id: number }>).map((g) => g.resource_id);
          const sent = [...(submitted.get(role.name) ?? [])].map((g) => [...groups[g]!].sort((a, b) => a - b));
          expect(sent, `role ${role.name} holds ${held}`).toContainEqual(held);
          roleIds.set(role.name, role.id);
        }
        // A role whose creation was cut off is not there; forget it so later writes aim at real roles.
        const present = new Set(roles.map((r) => r.name));
        for (const name of roleIds.keys()) if (!present.has(name)) roleIds.delete(name);
      } finally {
        sqlite.close();
      }
    }

    // The server starts on the file and serves.
    server = await startServer({ dataDir });
    const roles = await api<RoleOut[]>(server.baseUrl, 'GET', '/role/s', { token });
    expect(roles.status).toBe(200);
    expect(roles.body.data!.length).toBeGreaterThanOrEqual(5);
    expect((await api(server.baseUrl, 'GET', '/account/s?p=1&pageSize=20', { token })).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    return { rounds, acknowledged, created, cutMidWrite };
  }
});
