import { AsyncLocalStorage } from 'node:async_hooks';
import { CRUDS, crudRouteName, type RouteDef, routes } from '@gatehouse/contract';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, openTestDatabase, startTestApp, type TestApp } from './harness.js';

const PASSWORD = 'Trips#2026-safe-pw';

/** What the statements of one request did: their kinds in order, and the rows they answered. */
interface Work {
  statements: string[];
  rows: number;
}

/** A Kysely plugin that counts, into the request's own store, each statement and the rows it answers. */
function workCounter(request: AsyncLocalStorage<Work>): KyselyPlugin {
  return {
    transformQuery({ node }) {
      request.getStore()?.statements.push(node.kind);
      return node;
    },
    async transformResult({ result }) {
      const work = request.getStore();
      if (work) work.rows += result.rows.length;
      return result;
    },
  };
}
const all = Object.entries(routes) as Array<[string, RouteDef]>;
/** The bulk routes, found in the contract by their `ids` body, as the bulk-action walk finds them. */
const bulk = all.filter(([, r]) =>
  Object.keys((r.body as { properties?: object } | undefined)?.properties ?? {}).includes('ids'),
);

/**
 * A bulk action's statements do not grow with its rows: a bulk disable of 500 on PostgreSQL took 450 ms
 * to 1.7 s because it ended each account's sessions (two statements per account) and read each row's audit snapshot
 * (two reads per row), 1,000–2,000 round trips inside and around its transaction; 16 at once answered nothing
 * within 5 s. Counted work, not time: each bulk route runs on a few rows and on more, and both runs issue the same
 * number of statements. The statements counted are those of the request itself (its async context), not the
 * background jobs of the app.
 */
describe.each(lanes)('bulk actions issue as many statements for 5 rows as for 2 on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  let rootOrg: number;
  let serial = 0;
  const request = new AsyncLocalStorage<Work>();
  const counter = workCounter(request);

  /** The call's answer and the statements it issued. */
  async function counted(route: RouteDef, body: Record<string, unknown>) {
    const work: Work = { statements: [], rows: 0 };
    const res = await request.run(work, () => t.call(route.method, route.path, { token: admin, body }));
    expect(res.status, res.body.msg).toBe(200);
    return { data: res.body.data as { done: unknown[]; refused: unknown[] }, statements: work.statements };
  }

  /** Accounts the admin may act on, each signed in twice (two live sessions to end). */
  async function signedIn(n: number) {
    const made: Array<{ id: number; sessions: string[] }> = [];
    for (let i = 0; i < n; i++) {
      const number = `trip${lane}${++serial}`;
      const res = await t.call('POST', '/account', {
        token: admin,
        body: { accountNumber: number, accountName: number, password: PASSWORD, orgId: rootOrg, state: 1 },
      });
      expect(res.status, res.body.msg).toBe(200);
      const sessions = [await t.login(number, PASSWORD), await t.login(number, PASSWORD)].map(
        (token) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string,
      );
      made.push({ id: (res.body.data as { id: number }).id, sessions });
    }
    return made;
  }

  async function dictItems(n: number) {
    const code = `trips_${lane}_${++serial}`;
    expect((await t.call('POST', '/dict', { token: admin, body: { dictName: code, dictCode: code } })).status).toBe(
      200,
    );
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await t.call('POST', '/dict/item', { token: admin, body: { dictCode: code, value: `v${i}` } });
      expect(res.status, res.body.msg).toBe(200);
      ids.push((res.body.data as { id: number }).id);
    }
    return ids;
  }

  beforeAll(async () => {
    const database = await openTestDatabase(lane, true);
    t = await startTestApp(lane, {}, { ...database, db: database.db.withPlugin(counter) });
    admin = await t.login();
    rootOrg = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
  });
  afterAll(() => t.close());

  it('covers every bulk route of the contract', () => {
    expect(bulk.map(([name]) => name).sort()).toEqual(
      [
        'batchAccountState',
        'batchDeleteAccounts',
        'batchDeleteDictItems',
        'batchForceLogout',
        ...CRUDS.flatMap((crud) => [crudRouteName(crud.name, 'batchState'), crudRouteName(crud.name, 'batchDelete')]),
      ].sort(),
    );
  });

  it('forces out, disables, enables and deletes accounts, and deletes dictionary items, in a fixed number of statements', async () => {
    const few = await signedIn(2);
    const more = await signedIn(5);
    const sizes = [few, more];
    const runs: Record<string, string[][]> = {};
    const run = async (name: string, body: (rows: typeof few) => Record<string, unknown>) => {
      runs[name] = [];
      for (const rows of sizes) {
        const { data, statements } = await counted(routes[name as keyof typeof routes] as RouteDef, body(rows));
        expect(data.refused, name).toEqual([]);
        expect(data.done, name).toHaveLength(rows.length);
        runs[name].push(statements);
      }
    };
    await run('batchForceLogout', (rows) => ({ ids: rows.map((r) => r.sessions[0]) }));
    // The second session of each account is still live: the disable ends it.
    await run('batchAccountState', (rows) => ({ ids: rows.map((r) => r.id), state: 0 }));
    const ended = await t.database.db
      .selectFrom('session')
      .select('end_reason')
      .where(
        'account_id',
        'in',
        more.map((r) => r.id),
      )
      .execute();
    expect(ended.map((s) => s.end_reason).sort()).toEqual([...Array(5).fill('disabled'), ...Array(5).fill('forced')]);
    const enable = await counted(routes.batchAccountState, { ids: more.map((r) => r.id), state: 1 });
    const enableFew = await counted(routes.batchAccountState, { ids: few.map((r) => r.id), state: 1 });
    runs.enable = [enableFew.statements, enable.statements];
    expect(enable.data.done).toHaveLength(5);
    await run('batchDeleteAccounts', (rows) => ({ ids: rows.map((r) => r.id) }));
    const fewItems = await dictItems(2);
    const moreItems = await dictItems(5);
    runs.batchDeleteDictItems = [];
    for (const ids of [fewItems, moreItems]) {
      const { data, statements } = await counted(routes.batchDeleteDictItems, { ids });
      expect(data).toEqual({ done: ids, refused: [] });
      runs.batchDeleteDictItems.push(statements);
    }
    // Each descriptor-served entity's bulk state and delete (岗位), on rows made through its own create route.
    for (const crud of CRUDS) {
      for (const role of ['batchState', 'batchDelete'] as const) runs[crudRouteName(crud.name, role)] = [];
      for (const n of [2, 5]) {
        const ids: number[] = [];
        for (let i = 0; i < n; i++) {
          const code = `trip${lane}${++serial}`;
          const body = Object.fromEntries(crud.required.map((key) => [key, code]));
          const res = await t.call('POST', crud.path, { token: admin, body });
          expect(res.status, res.body.msg).toBe(200);
          ids.push((res.body.data as { id: number }).id);
        }
        const state = routes[crudRouteName(crud.name, 'batchState') as keyof typeof routes] as RouteDef;
        const remove = routes[crudRouteName(crud.name, 'batchDelete') as keyof typeof routes] as RouteDef;
        const disabled = await counted(state, { ids, state: 0 });
        expect(disabled.data).toEqual({ done: ids, refused: [] });
        runs[crudRouteName(crud.name, 'batchState')]!.push(disabled.statements);
        const deleted = await counted(remove, { ids });
        expect(deleted.data).toEqual({ done: ids, refused: [] });
        runs[crudRouteName(crud.name, 'batchDelete')]!.push(deleted.statements);
      }
    }
    for (const [name, [small, large]] of Object.entries(runs)) {
      expect(small!.length, `${name}: statements`).toBeGreaterThan(0);
      expect(large, `${name}: 5 rows against 2`).toEqual(small);
    }
    expect(Object.keys(runs).sort()).toEqual([...bulk.map(([name]) => name), 'enable'].sort());
  });
});

/**
 * A role's edit reads that role, not every role's grants (the bench's role change read all 5,000 grants,
 * every 自定义 organisation and every resource id on each save). Counted work: the rows the edit's statements answer
 * are the same whether 2 or 12 other roles exist.
 */
describe.each(lanes)('a role edit reads rows of that role only on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  const request = new AsyncLocalStorage<Work>();

  beforeAll(async () => {
    const database = await openTestDatabase(lane, true);
    t = await startTestApp(lane, {}, { ...database, db: database.db.withPlugin(workCounter(request)) });
    admin = await t.login();
  });
  afterAll(() => t.close());

  it('answers the same rows with 2 and with 12 other roles', async () => {
    const resources = ((await t.call('GET', '/resources', { token: admin })).body.data as Array<{ id: number }>).map(
      (r) => r.id,
    );
    const makeRole = async (name: string, grants: number[]) => {
      const res = await t.call('POST', '/role', { token: admin, body: { name, resources: grants } });
      expect(res.status, res.body.msg).toBe(200);
      return (res.body.data as { id: number }).id;
    };
    const edited = await makeRole(`edited-${lane}`, resources.slice(0, 3));
    const edit = async (grants: number[]) => {
      const work: Work = { statements: [], rows: 0 };
      const res = await request.run(work, () =>
        t.call('PUT', '/role', { token: admin, body: { id: edited, name: `edited-${lane}`, resources: grants } }),
      );
      expect(res.status, res.body.msg).toBe(200);
      expect((res.body.data as { resources: number[] }).resources).toEqual(grants);
      return work;
    };
    for (let i = 0; i < 2; i++) await makeRole(`other-${lane}-${i}`, resources.slice(0, 10));
    const few = await edit(resources.slice(0, 3));
    for (let i = 2; i < 12; i++) await makeRole(`other-${lane}-${i}`, resources.slice(0, 10));
    const many = await edit(resources.slice(0, 3));
    expect(few.rows).toBeGreaterThan(0);
    expect(many.statements).toEqual(few.statements);
    expect(many.rows, 'rows answered with 12 other roles against 2').toBe(few.rows);
  });
});
