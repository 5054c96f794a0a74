import { type RouteDef, resourceKey, routes } from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../harness.js';

const PASSWORD = 'Matrix#2026-ok';
const all = Object.entries(routes) as Array<[string, RouteDef]>;

/** A concrete url for a route: path parameters get harmless placeholder values. */
const urlOf = (route: RouteDef) => route.path.replace(/:(\w+)/g, 'x1');

/** Routes whose call ends the caller's session: they get a session of their own. */
const ENDS_SESSION = new Set(['logout']);

/**
 * The authorization matrix, generated from the contract: every route called as anonymous, as an account
 * without a role, as an account holding exactly that route's API resource, and as admin. Anonymous callers get
 * 401 on every non-open route; an account without a role gets 403 on every permission route; holding the
 * resource (or being admin) always gets past the guard (any answer but 401 / 403 — the placeholder input may
 * still be refused with 400 / 404, which proves the handler was reached).
 */
describe.each(lanes)('authorization matrix on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  let rootOrg: number;
  const resourceIds = new Map<string, number>();

  async function account(accountNumber: string, roleId: number | null) {
    const res = await t.call('POST', '/account', {
      token: admin,
      body: { accountNumber, accountName: accountNumber, password: PASSWORD, orgId: rootOrg, roleId, state: 1 },
    });
    expect(res.status, res.body.msg).toBe(200);
  }

  const call = (route: RouteDef, token: string | undefined) =>
    t.call(route.method, urlOf(route), {
      token,
      body: route.method === 'POST' || route.method === 'PUT' ? {} : undefined,
    });

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    rootOrg = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
    const resources = (await t.call('GET', '/resources', { token: admin })).body.data as Array<{
      id: number;
      type: number;
      method: string | null;
      url: string | null;
    }>;
    for (const r of resources) if (r.type === 1 && r.method && r.url) resourceIds.set(`${r.method},${r.url}`, r.id);
    await account('matrix.none', null);
  });
  afterAll(() => t.close());

  it('has an API resource for every permission route (a route without one fails here)', () => {
    const missing = all
      .filter(([, r]) => r.access === 'permission')
      .filter(([, r]) => !resourceIds.has(resourceKey(r.method, r.path)))
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('answers 401 to anonymous callers on every route that is not open', async () => {
    for (const [name, route] of all) {
      const res = await call(route, undefined);
      if (route.access === 'open') expect([401, 403], name).not.toContain(res.status);
      else expect(res.status, name).toBe(401);
    }
  });

  it('answers 403 to an account without a role on every permission route, and serves the signed-in ones', async () => {
    for (const [name, route] of all) {
      const token = await t.login('matrix.none', PASSWORD);
      const res = await call(route, token);
      if (route.access === 'permission') expect(res.status, name).toBe(403);
      else expect([401, 403], `${name} → ${res.status} ${res.body.msg}`).not.toContain(res.status);
    }
  });

  it('lets an account holding exactly a route’s resource through that route, and admin through all', async () => {
    for (const [name, route] of all.filter(([, r]) => r.access === 'permission')) {
      const role = await t.call('POST', '/role', {
        token: admin,
        body: { name: `matrix-${name}`, resources: [resourceIds.get(resourceKey(route.method, route.path))!] },
      });
      expect(role.status, role.body.msg).toBe(200);
      const accountNumber = `matrix.${name}`.slice(0, 100);
      await account(accountNumber, (role.body.data as { id: number }).id);
      const holder = await t.login(accountNumber, PASSWORD);
      const res = await call(route, holder);
      expect([401, 403], `${name} as holder → ${res.status} ${res.body.msg}`).not.toContain(res.status);
    }
    for (const [name, route] of all) {
      const token = ENDS_SESSION.has(name) ? await t.login() : admin;
      const res = await call(route, token);
      expect([401, 403], `${name} as admin → ${res.status} ${res.body.msg}`).not.toContain(res.status);
    }
  }, 120_000);
});
