import { type RouteDef, resourceKey, routes, type Subject } from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../harness.js';

const PASSWORD = 'Dominance#2026-ok';
const all = Object.entries(routes) as Array<[string, RouteDef]>;
/** The kinds the dominance rule judges by holdings; organisations are the data scope's (test/security/data-scope.test.ts). */
const HOLDING_KINDS: ReadonlySet<Subject['kind']> = new Set(['account', 'session', 'role', 'assignRole']);
const withSubjects = all.filter(([, route]) => route.subjects?.some((s) => HOLDING_KINDS.has(s.kind)));
/** Subjects sent alone: view-as previews an account or a role, never both (the role side: data-scope.test.ts). */
const alone: Record<string, readonly string[]> = { viewAs: ['accountId'] };

type Kind = Subject['kind'];
interface Fixture {
  /** The account, role or session id that goes in the subject's field. */
  target: (kind: Kind, wide: boolean) => Promise<number | string>;
}

interface ResourceOut {
  id: number;
  method: string | null;
  url: string | null;
  route: string | null;
}

/** The permission tree as the resource screen reads it. */
async function resourceTable(t: TestApp, admin: string): Promise<ResourceOut[]> {
  return (await t.call('GET', '/resources', { token: admin })).body.data as ResourceOut[];
}

/** Schema property names of a route's query and body. */
function fieldsOf(route: RouteDef): Array<{ in: 'query' | 'body'; name: string }> {
  const props = (schema: unknown) => Object.keys((schema as { properties?: object } | undefined)?.properties ?? {});
  return [
    ...props(route.query).map((name) => ({ in: 'query' as const, name })),
    ...props(route.body).map((name) => ({ in: 'body' as const, name })),
  ];
}

describe('the contract names what each route acts on', () => {
  it('every route taking an account, role or session id declares it as a subject (a new one without fails here)', () => {
    const undeclared: string[] = [];
    for (const [name, route] of all) {
      if (route.access !== 'permission') continue;
      const actsOnIds = /^\/(account|role|online)(\/|$)/.test(route.path);
      // A role filter of a read of the 'personal' class (the account list's 角色) narrows rows the caller sees anyway
      // (roleName is a column, the rows stay in its data scope): it acts on no role. An account or session id does.
      const scopedRead = route.method === 'GET' && route.security?.includes('personal') === true;
      for (const field of fieldsOf(route)) {
        if (scopedRead && field.in === 'query' && field.name === 'roleId') continue;
        const named = field.name === 'roleId' || field.name === 'accountId' || (actsOnIds && field.name === 'id');
        if (named && !route.subjects?.some((s) => s.in === field.in && s.field === field.name)) {
          undeclared.push(`${name}.${field.in}.${field.name}`);
        }
      }
    }
    expect(undeclared).toEqual([]);
  });

  it('routes taking many ids are bulk actions answering per row, the rule applied per id (test/security/bulk-actions.test.ts)', () => {
    const many = all.filter(([, route]) => fieldsOf(route).some((field) => field.name === 'ids'));
    expect(many.length).toBeGreaterThan(0);
    for (const [name, route] of many) {
      expect(route.access, name).toBe('permission');
      // The rule is applied to each id by the action (modules/authz accountRefusals / sessionRefusals), not as a
      // subject of the whole request: one wider row refuses that row, not the others.
      expect(route.subjects, name).toBeUndefined();
      expect(Object.keys((route.response as { properties?: object }).properties ?? {}).sort(), name).toEqual([
        'done',
        'refused',
      ]);
    }
  });
});

/**
 * The dominance rule, generated from the contract: every route that names a subject, called by an account of a narrow
 * role that holds the route, against a target wider than itself (403) and against a target within its holdings
 * (success), on SQLite and PostgreSQL.
 */
describe.each(lanes)('the dominance rule on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  let rootOrg: number;
  let narrowRole: number;
  let wideRole: number;
  let subsetRole: number;
  let superRole: number;
  let actor: { id: number; token: string };
  let resourceIds: Map<string, number>;
  let menuIds: Map<string, number>;
  let serial = 0;

  async function makeRole(name: string, resources: number[]): Promise<number> {
    const res = await t.call('POST', '/role', { token: admin, body: { name, resources } });
    expect(res.status, res.body.msg).toBe(200);
    return (res.body.data as { id: number }).id;
  }

  async function makeAccount(roleId: number | null, token = admin): Promise<{ id: number; number: string }> {
    const number = `dom${lane}${++serial}`;
    const res = await t.call('POST', '/account', {
      token,
      body: { accountNumber: number, accountName: number, password: PASSWORD, orgId: rootOrg, roleId, state: 1 },
    });
    expect(res.status, res.body.msg).toBe(200);
    return { id: (res.body.data as { id: number }).id, number };
  }

  async function sessionOf(accountNumber: string): Promise<string> {
    await t.login(accountNumber, PASSWORD);
    const res = await t.call('GET', '/online/s', {
      token: admin,
      query: { p: 1, pageSize: 10, account: accountNumber },
    });
    return (res.body.data as { list: Array<{ id: string }> }).list[0]!.id;
  }

  const fixture: Fixture = {
    async target(kind, wide) {
      // The actor's data scope is 全部 (a role's default): any organisation is within it.
      if (kind === 'org' || kind === 'parentOrg') return rootOrg;
      if (kind === 'role' || kind === 'assignRole') {
        // A role edited or deleted is used up: each call gets a fresh one.
        if (kind === 'assignRole') return wide ? wideRole : subsetRole;
        return makeRole(`dom-role-${lane}-${++serial}`, wide ? roleResources.wide : roleResources.subset);
      }
      const account = await makeAccount(wide ? wideRole : subsetRole);
      return kind === 'session' ? sessionOf(account.number) : account.id;
    },
  };
  const roleResources = { narrow: [] as number[], wide: [] as number[], subset: [] as number[] };

  /** A valid request for `route` with each subject field set to `targets`. */
  async function request(name: string, route: RouteDef, wide: boolean) {
    const values = new Map<string, number | string>();
    const sent = (route.subjects ?? []).filter((subject) => alone[name]?.includes(subject.field) ?? true);
    for (const subject of sent) values.set(subject.field, await fixture.target(subject.kind, wide));
    const bases: Record<string, Record<string, unknown>> = {
      createAccount: {
        accountNumber: `domnew${lane}${++serial}`,
        accountName: '新账号',
        password: PASSWORD,
        orgId: rootOrg,
        state: 1,
      },
      updateAccount: { accountNumber: `domedit${lane}${++serial}`, accountName: '改名', orgId: rootOrg, state: 1 },
      updateRole: { name: `dom-edit-${lane}-${++serial}`, resources: roleResources.subset },
    };
    const base = bases[name];
    const query: Record<string, string | number> = {};
    const body: Record<string, unknown> = { ...(base ?? {}) };
    for (const subject of sent) {
      const value = values.get(subject.field)!;
      if (subject.in === 'query') query[subject.field] = value;
      else body[subject.field] = value;
    }
    return t.call(route.method, route.path, {
      token: actor.token,
      query,
      body: route.method === 'POST' || route.method === 'PUT' ? body : undefined,
    });
  }

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    rootOrg = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
    const resources = await resourceTable(t, admin);
    resourceIds = new Map(resources.filter((r) => r.method && r.url).map((r) => [`${r.method},${r.url}`, r.id]));
    menuIds = new Map(resources.filter((r) => r.route).map((r) => [r.route!, r.id]));
    const api = (route: RouteDef) => resourceIds.get(resourceKey(route.method, route.path))!;
    // The narrow role holds every route that acts on a subject, the lists it needs, and one screen.
    roleResources.narrow = [
      menuIds.get('/user/Account')!,
      ...withSubjects.map(([, route]) => api(route)),
      api(routes.listAccounts),
      api(routes.listOnline),
      api(routes.listRoles),
    ];
    // Wider: one resource more (the dictionaries' list). Within: a part of the narrow role.
    roleResources.wide = [...roleResources.narrow, api(routes.listDicts)];
    roleResources.subset = [menuIds.get('/user/Account')!, api(routes.listAccounts)];
    narrowRole = await makeRole(`dom-narrow-${lane}`, roleResources.narrow);
    wideRole = await makeRole(`dom-wide-${lane}`, roleResources.wide);
    subsetRole = await makeRole(`dom-subset-${lane}`, roleResources.subset);
    superRole = (
      (await t.call('GET', '/role/s', { token: admin })).body.data as Array<{ id: number; builtin: boolean }>
    ).find((r) => r.builtin)!.id;
    const made = await makeAccount(narrowRole);
    actor = { id: made.id, token: await t.login(made.number, PASSWORD) };
  });
  afterAll(() => t.close());

  it('names at least the account actions', () => {
    const names = withSubjects.map(([name]) => name);
    for (const name of [
      'createAccount',
      'updateAccount',
      'deleteAccount',
      'resetAccountPassword',
      'switchIdentity',
      'forceLogout',
      'updateRole',
      'deleteRole',
    ]) {
      expect(names).toContain(name);
    }
  });

  it.each(withSubjects)('%s: refused (403) against a wider target', async (name, route) => {
    const res = await request(name, route, true);
    expect(res.status, `${name}: ${res.body.msg}`).toBe(403);
    expect(res.body.msg).toMatch(/拥有您没有的权限/);
  });

  it.each(withSubjects)('%s: served against a target within the caller’s holdings', async (name, route) => {
    const res = await request(name, route, false);
    expect(res.status, `${name}: ${res.body.msg}`).toBe(200);
  });

  it('nobody but admin itself acts on the built-in admin, not even another super-admin', async () => {
    const other = await makeAccount(superRole);
    const token = await t.login(other.number, PASSWORD);
    const adminId = ((await t.call('GET', '/getAccountInfo', { token: admin })).body.data as { id: number }).id;
    const reset = await t.call('PUT', '/account/reset', { token, body: { id: adminId } });
    expect(reset.status).toBe(403);
    expect(reset.body.msg).toMatch(/内置管理员/);
    const edit = await t.call('PUT', '/account', {
      token,
      body: { id: adminId, accountNumber: 'admin', accountName: 'x', orgId: rootOrg, roleId: superRole, state: 0 },
    });
    expect(edit.status).toBe(403);
    // The super-admin may still act on accounts other than admin.
    const plain = await makeAccount(wideRole);
    expect((await t.call('PUT', '/account/reset', { token, body: { id: plain.id } })).status).toBe(200);
    // And admin reaches the password sign-in as before.
    expect(await t.login()).toBeTruthy();
  });

  it('a narrow role cannot widen itself, create a wider account, or strip a super-admin by omitting roleId', async () => {
    const self = await t.call('PUT', '/account', {
      token: actor.token,
      body: { id: actor.id, accountNumber: 'x-self', accountName: 'x', orgId: rootOrg, roleId: wideRole, state: 1 },
    });
    expect(self.status).toBe(403);
    const create = await t.call('POST', '/account', {
      token: actor.token,
      body: {
        accountNumber: `x-super-${lane}`,
        accountName: 'x',
        password: PASSWORD,
        orgId: rootOrg,
        roleId: superRole,
        state: 1,
      },
    });
    expect(create.status).toBe(403);
    const victim = await makeAccount(superRole);
    const strip = await t.call('PUT', '/account', {
      token: actor.token,
      body: { id: victim.id, accountNumber: victim.number, accountName: 'x', orgId: rootOrg, state: 0 },
    });
    expect(strip.status).toBe(403);
    // Nothing changed: the super-admin account still signs in and holds everything.
    const victimToken = await t.login(victim.number, PASSWORD);
    expect((await t.call('GET', '/dict/s', { token: victimToken, query: { p: 1, pageSize: 10 } })).status).toBe(200);
  });

  it('a switched session counts as the session of the account really acting in it', async () => {
    const within = await makeAccount(subsetRole);
    const operator = await t.login();
    const switched = await t.call('GET', '/account/front/identity/switch', {
      token: operator,
      query: { id: within.id },
    });
    expect(switched.status, switched.body.msg).toBe(200);
    const sid = JSON.parse(Buffer.from(String(switched.body.data).split('.')[1]!, 'base64url').toString()).sid;
    // The target is within the actor's reach, but admin is the one acting: forcing it off is refused.
    const res = await t.call('DELETE', '/online', { token: actor.token, query: { id: sid } });
    expect(res.status, res.body.msg).toBe(403);
    expect((await t.call('GET', '/getAccountInfo', { token: String(switched.body.data) })).status).toBe(200);
  });

  it('lists mark the rows the caller may act on, and 在线用户 shows only their sessions', async () => {
    const wide = await makeAccount(wideRole);
    const within = await makeAccount(subsetRole);
    await t.login(wide.number, PASSWORD);
    await t.login(within.number, PASSWORD);
    const list = (await t.call('GET', '/account/s', { token: actor.token, query: { p: 1, pageSize: 100 } })).body
      .data as { list: Array<{ id: number; builtin: boolean; manageable: boolean }> };
    const row = (id: number) => list.list.find((r) => r.id === id)!;
    expect(row(wide.id).manageable).toBe(false);
    expect(row(within.id).manageable).toBe(true);
    expect(row(actor.id).manageable).toBe(true);
    expect(list.list.find((r) => r.builtin)!.manageable).toBe(false);
    const roles = (await t.call('GET', '/role/s', { token: actor.token })).body.data as Array<{
      id: number;
      assignable: boolean;
    }>;
    expect(roles.find((r) => r.id === wideRole)!.assignable).toBe(false);
    expect(roles.find((r) => r.id === subsetRole)!.assignable).toBe(true);
    expect(roles.find((r) => r.id === superRole)!.assignable).toBe(false);
    const online = (await t.call('GET', '/online/s', { token: actor.token, query: { p: 1, pageSize: 100 } })).body
      .data as { list: Array<{ accountId: number }> };
    const shown = new Set(online.list.map((s) => s.accountId));
    expect(shown.has(within.id)).toBe(true);
    expect(shown.has(wide.id)).toBe(false);
    // admin's sessions (it signed in above) are not shown to anyone else.
    const adminId = ((await t.call('GET', '/getAccountInfo', { token: admin })).body.data as { id: number }).id;
    expect(shown.has(adminId)).toBe(false);
  });
});

/** A switched identity is re-checked on every request. */
describe.each(lanes)('switched identities on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  let rootOrg: number;
  let switcherRole: number;
  let switcherResources: number[];
  let plainRole: number;
  let serial = 0;

  async function account(roleId: number | null) {
    const number = `sw${lane}${++serial}`;
    const res = await t.call('POST', '/account', {
      token: admin,
      body: { accountNumber: number, accountName: number, password: PASSWORD, orgId: rootOrg, roleId, state: 1 },
    });
    expect(res.status, res.body.msg).toBe(200);
    return { id: (res.body.data as { id: number }).id, number };
  }

  async function switched() {
    const switcher = await account(switcherRole);
    const target = await account(plainRole);
    const token = await t.login(switcher.number, PASSWORD);
    const res = await t.call('GET', '/account/front/identity/switch', { token, query: { id: target.id } });
    expect(res.status, res.body.msg).toBe(200);
    return { switcher, target, origin: token, token: res.body.data as string };
  }

  const info = (token: string) => t.call('GET', '/getAccountInfo', { token });
  /** The administrator gives an account a role and a state. */
  const edit = (who: { id: number; number: string }, roleId: number, state: 0 | 1) =>
    t.call('PUT', '/account', {
      token: admin,
      body: { id: who.id, accountNumber: who.number, accountName: 'x', orgId: rootOrg, roleId, state },
    });

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    rootOrg = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
    const resources = await resourceTable(t, admin);
    const api = (route: RouteDef) =>
      resources.find((r) => r.method === route.method.toLowerCase() && r.url === route.path)!.id;
    const menu = resources.find((r) => r.route === '/user/Account')!.id;
    switcherResources = [menu, api(routes.switchIdentity), api(routes.listAccounts)];
    switcherRole = (
      (await t.call('POST', '/role', { token: admin, body: { name: `sw-${lane}`, resources: switcherResources } })).body
        .data as { id: number }
    ).id;
    plainRole = (
      (await t.call('POST', '/role', { token: admin, body: { name: `sw-plain-${lane}`, resources: [menu] } })).body
        .data as { id: number }
    ).id;
  });
  afterAll(() => t.close());

  it('ends when the switcher loses the switch permission', async () => {
    const s = await switched();
    expect((await info(s.token)).status).toBe(200);
    // Another role without the switch route is given to the switcher.
    await edit(s.switcher, plainRole, 1);
    const after = await info(s.token);
    expect(after.status).toBe(401);
    expect(after.body.msg).toMatch(/代操作已失效/);
    // The switched session is over for good, whatever happens to the role later.
    await edit(s.switcher, switcherRole, 1);
    expect((await info(s.token)).status).toBe(401);
  });

  it('ends when the target becomes wider than the switcher', async () => {
    const s = await switched();
    // A role holding the dictionaries too, which the switcher lacks.
    const dicts = (await resourceTable(t, admin)).find(
      (r) => r.method === 'get' && r.url === routes.listDicts.path,
    )!.id;
    const wider = (
      (
        await t.call('POST', '/role', {
          token: admin,
          body: { name: `sw-wide-${lane}-${++serial}`, resources: [...switcherResources, dicts] },
        })
      ).body.data as { id: number }
    ).id;
    await edit(s.target, wider, 1);
    expect((await info(s.token)).status).toBe(401);
  });

  it('ends when the switcher is disabled', async () => {
    const s = await switched();
    await edit(s.switcher, switcherRole, 0);
    expect((await info(s.token)).status).toBe(401);
  });

  it('cannot end the target’s other sessions or change its password', async () => {
    const s = await switched();
    const ownerToken = await t.login(s.target.number, PASSWORD);
    const others = await t.call('DELETE', '/account/sessions/others', { token: s.token });
    expect(others.status).toBe(403);
    const sessions = (await t.call('GET', '/account/sessions', { token: s.token })).body.data as Array<{
      id: string;
      current: boolean;
    }>;
    const owners = sessions.find((x) => !x.current)!;
    expect((await t.call('DELETE', '/account/sessions', { token: s.token, query: { id: owners.id } })).status).toBe(
      403,
    );
    const change = await t.call('PUT', '/auth/password', {
      token: s.token,
      body: { newPassword: 'Another#2026-pw', token: 'x'.repeat(20) },
    });
    expect(change.status).toBe(403);
    // The owner's own session lives on.
    expect((await info(ownerToken)).status).toBe(200);
  });
});
