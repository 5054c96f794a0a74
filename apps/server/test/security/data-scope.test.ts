import { type DataScopeKind, type RouteDef, resourceKey, routes, type Subject } from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../harness.js';

// 数据权限: the scope × route matrix, generated from the contract. Every route that names what it acts on
// (subjects) is called by an account whose role holds the route and whose data scope is 本组织及以下, 本组织, 自定义 or
// 仅本人, once against a target within the scope (served) and once against one outside it (403 naming the data
// scope), on SQLite and PostgreSQL. The routes and the kinds of subject come from the contract, so a new route
// acting on an account, a session, a role or an organisation is covered without a line here.

const PASSWORD = 'DataScope#2026-ok';
const withSubjects = (Object.entries(routes) as Array<[string, RouteDef]>).filter(([, r]) => r.subjects?.length);

/** Subjects that must be sent alone (view-as takes an account or a role, never both). */
const alone: Record<string, ReadonlyArray<ReadonlyArray<string>>> = { viewAs: [['accountId'], ['roleId', 'orgId']] };
const cases = withSubjects.flatMap(([name, route]) =>
  (alone[name] ?? [route.subjects!.map((s) => s.field)]).map(
    (fields) => [`${name}(${fields.join(',')})`, name, route, fields] as const,
  ),
);

type Limited = Exclude<DataScopeKind, 'all'>;

describe('the contract names the organisations each write acts on', () => {
  it('every write taking an organisation id (orgId; an organisation’s id or pid) declares it as a subject', () => {
    const props = (schema: unknown) => Object.keys((schema as { properties?: object } | undefined)?.properties ?? {});
    const undeclared: string[] = [];
    for (const [name, route] of Object.entries(routes) as Array<[string, RouteDef]>) {
      if (route.access !== 'permission' || route.method === 'GET') continue;
      for (const [where, schema] of [
        ['query', route.query],
        ['body', route.body],
      ] as const) {
        for (const field of props(schema)) {
          const orgPath = /^\/org(\/|$)/.test(route.path);
          const names = field === 'orgId' || (orgPath && (field === 'id' || field === 'pid'));
          if (names && !route.subjects?.some((s) => s.in === where && s.field === field)) {
            undeclared.push(`${name}.${where}.${field}`);
          }
        }
      }
    }
    expect(undeclared).toEqual([]);
  });
});

describe.each(lanes)('data scope on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  let serial = 0;
  const org = { root: 0, a: 0, a1: 0, b: 0 };
  let held: number[] = [];
  let targetRole = 0;
  let widerRole = 0;
  const actors = new Map<DataScopeKind, { id: number; token: string; roleId: number }>();

  const ok = (res: { status: number; body: { msg?: string } }) => {
    expect(res.status, res.body.msg).toBe(200);
    return (res.body as { data: unknown }).data;
  };
  const idOf = (data: unknown) => (data as { id: number }).id;

  /** The parent of each organisation made here: which branch an account's organisation lies in. */
  const parents = new Map<number, number>();
  const within = (orgId: number, root: number): boolean =>
    orgId === root || (parents.has(orgId) && within(parents.get(orgId)!, root));
  async function makeOrg(pid: number, name = `scope-org-${lane}-${++serial}`) {
    const id = idOf(ok(await t.call('POST', '/org', { token: admin, body: { name, pid } })));
    parents.set(id, pid);
    return id;
  }
  async function makeRole(dataScope: DataScopeKind, resources: number[], scopeOrgIds?: number[]) {
    const body = { name: `scope-role-${lane}-${++serial}`, resources, dataScope, scopeOrgIds };
    return idOf(ok(await t.call('POST', '/role', { token: admin, body })));
  }
  async function makeAccount(orgId: number, roleId: number) {
    const accountNumber = `scope${lane}${++serial}`;
    const body = { accountNumber, accountName: accountNumber, password: PASSWORD, orgId, roleId, state: 1 };
    return { id: idOf(ok(await t.call('POST', '/account', { token: admin, body }))), accountNumber };
  }
  async function sessionOf(orgId: number) {
    const account = await makeAccount(orgId, targetRole);
    await t.login(account.accountNumber, PASSWORD);
    const res = await t.call('GET', '/online/s', {
      token: admin,
      query: { p: 1, pageSize: 10, account: account.accountNumber },
    });
    return (ok(res) as { list: Array<{ id: string }> }).list[0]!.id;
  }

  /** A subject's value: within the actor's scope (organisation A) or outside it (organisation B). */
  async function target(kind: Subject['kind'], inside: boolean): Promise<number | string> {
    const home = inside ? org.a : org.b;
    switch (kind) {
      case 'account':
        return (await makeAccount(home, targetRole)).id;
      case 'session':
        return sessionOf(home);
      case 'org':
        // Acted on (edited, deleted) or given an account: a fresh organisation below A or B.
        return makeOrg(home);
      case 'parentOrg':
        return home;
      case 'role': {
        // Edited or deleted: a fresh role, held by nobody, or held by an account outside the scope.
        const role = await makeRole('self', [held[0]!]);
        if (!inside) await makeAccount(org.b, role);
        return role;
      }
      case 'assignRole':
        return inside ? targetRole : widerRole;
    }
  }

  async function request(name: string, route: RouteDef, fields: readonly string[], token: string, inside: boolean) {
    const bases: Record<string, Record<string, unknown>> = {
      createAccount: {
        accountNumber: `scopenew${lane}${++serial}`,
        accountName: '新账号',
        password: PASSWORD,
        state: 1,
      },
      updateAccount: { accountNumber: `scopeedit${lane}${++serial}`, accountName: '改名', state: 1 },
      updateRole: { name: `scope-edit-${lane}-${++serial}`, resources: [held[0]!] },
      createOrg: { name: `scope-new-${lane}-${++serial}` },
      updateOrg: { name: `scope-moved-${lane}-${++serial}` },
    };
    const query: Record<string, string | number> = {};
    const body: Record<string, unknown> = { ...(bases[name] ?? {}) };
    for (const subject of route.subjects!) {
      if (!fields.includes(subject.field)) continue;
      const value = await target(subject.kind, inside);
      if (subject.in === 'query') query[subject.field] = value;
      else body[subject.field] = value;
    }
    // An account edited keeps its place unless the case moves it: its organisation is the subject's side too.
    if (name === 'updateAccount' && body.orgId === undefined) body.orgId = inside ? org.a : org.b;
    return t.call(route.method, route.path, {
      token,
      query,
      body: route.method === 'POST' || route.method === 'PUT' ? body : undefined,
    });
  }

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    org.root = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
    org.a = await makeOrg(org.root, `华东区-${lane}`);
    org.a1 = await makeOrg(org.a, `上海分公司-${lane}`);
    org.b = await makeOrg(org.root, `华南区-${lane}`);
    const resources = (await t.call('GET', '/resources', { token: admin })).body.data as Array<{
      id: number;
      method: string | null;
      url: string | null;
      route: string | null;
    }>;
    const api = (route: RouteDef) =>
      resources.find((r) => r.method && r.url && `${r.method},${r.url}` === resourceKey(route.method, route.path))!.id;
    const menu = (path: string) => resources.find((r) => r.route === path)!.id;
    held = [
      menu('/user/Account'),
      ...withSubjects.map(([, route]) => api(route)),
      api(routes.listAccounts),
      api(routes.listOnline),
      api(routes.listRoles),
      api(routes.listOrgs),
      api(routes.createRole),
      api(routes.batchAccountState),
      api(routes.batchDeleteAccounts),
    ];
    targetRole = await makeRole('self', [menu('/user/Account')]);
    widerRole = await makeRole('all', [menu('/user/Account')]);
    for (const scope of ['all', 'orgTree', 'org', 'custom', 'self'] as const) {
      const roleId = await makeRole(scope, held, scope === 'custom' ? [org.a] : undefined);
      const account = await makeAccount(org.a, roleId);
      actors.set(scope, { id: account.id, roleId, token: await t.login(account.accountNumber, PASSWORD) });
    }
  });
  afterAll(() => t.close());

  it('covers every kind of subject and the data-scope routes', () => {
    const kinds = new Set(withSubjects.flatMap(([, r]) => r.subjects!.map((s) => s.kind)));
    expect([...kinds].sort()).toEqual(['account', 'assignRole', 'org', 'parentOrg', 'role', 'session']);
    for (const name of ['createAccount', 'updateAccount', 'createOrg', 'updateOrg', 'deleteOrg', 'switchIdentity']) {
      expect(withSubjects.map(([n]) => n)).toContain(name);
    }
  });

  describe.each(['orgTree', 'custom'] as const)('a %s scope over 华东区', (scope) => {
    it.each(cases)('%s: served within the scope', async (_, name, route, fields) => {
      const res = await request(name, route, fields, actors.get(scope)!.token, true);
      expect(res.status, `${name}: ${res.body.msg}`).toBe(200);
    });
  });

  describe.each(['orgTree', 'org', 'custom', 'self'] as const satisfies readonly Limited[])('a %s scope', (scope) => {
    it.each(cases)('%s: refused (403) outside the scope', async (_, name, route, fields) => {
      const res = await request(name, route, fields, actors.get(scope)!.token, false);
      expect(res.status, `${name}: ${res.body.msg}`).toBe(403);
      expect(res.body.msg).toMatch(/数据权限/);
    });
  });

  it.each(cases)('%s: a 全部 scope is served on either side', async (_, name, route, fields) => {
    // A role held by an account cannot be deleted by anyone: the role to delete is one held by nobody.
    const res = await request(name, route, fields, actors.get('all')!.token, name === 'deleteRole');
    expect(res.status, `${name}: ${res.body.msg}`).toBe(200);
  });

  it('lists and counts only what the scope reaches, in the rows and in totalCount', async () => {
    const inA = await makeAccount(org.a, targetRole);
    const inA1 = await makeAccount(org.a1, targetRole);
    const inB = await makeAccount(org.b, targetRole);
    const list = async (scope: DataScopeKind, query: Record<string, string | number> = {}) => {
      const res = await t.call('GET', '/account/s', {
        token: actors.get(scope)!.token,
        query: { p: 1, pageSize: 100, ...query },
      });
      return ok(res) as { list: Array<{ id: number; orgId: number }>; totalCount: number };
    };
    for (const scope of ['orgTree', 'custom'] as const) {
      const page = await list(scope);
      const ids = page.list.map((row) => row.id);
      expect(ids).toEqual(expect.arrayContaining([inA.id, inA1.id]));
      expect(ids).not.toContain(inB.id);
      expect(page.list.every((row) => within(row.orgId, org.a))).toBe(true);
      expect(page.totalCount).toBe(page.list.length);
      // A filter outside the scope finds nothing rather than the other branch.
      expect((await list(scope, { orgId: org.b })).totalCount).toBe(0);
      // Sorted pages are scoped alike.
      expect((await list(scope, { sort: 'accountNumber', order: 'asc' })).totalCount).toBe(page.totalCount);
      // So is the contains search (keyword), in its rows and its count: the other branch's account is not found by
      // any part of its number, while an account in reach is.
      const outside = await list(scope, { keyword: inB.accountNumber.slice(1) });
      expect(outside.list).toEqual([]);
      expect(outside.totalCount).toBe(0);
      expect((await list(scope, { keyword: inA1.accountNumber.slice(1) })).list.map((row) => row.id)).toEqual([
        inA1.id,
      ]);
    }
    const own = await list('org');
    expect(own.list.map((row) => row.id)).toContain(inA.id);
    expect(own.list.map((row) => row.id)).not.toContain(inA1.id);
    expect(own.list.every((row) => row.orgId === org.a)).toBe(true);
    const self = await list('self');
    expect(self.list.map((row) => row.id)).toEqual([actors.get('self')!.id]);
    expect(self.totalCount).toBe(1);
    expect((await list('self', { keyword: inA.accountNumber.slice(1) })).totalCount).toBe(0);
    expect((await list('all')).list.map((row) => row.id)).toContain(inB.id);
  });

  it('仅本人 edits its own account where it stands, and cannot move it', async () => {
    const self = actors.get('self')!;
    const edit = (orgId: number) =>
      t.call('PUT', '/account', {
        token: self.token,
        body: {
          id: self.id,
          accountNumber: `scope-self-${lane}`,
          accountName: '仅本人',
          orgId,
          roleId: self.roleId,
          state: 1,
        },
      });
    const stay = await edit(org.a);
    expect(stay.status, stay.body.msg).toBe(200);
    const moved = await edit(org.a1);
    expect(moved.status).toBe(403);
    expect(moved.body.msg).toMatch(/数据权限/);
  });

  it('applies the scope to each row of a bulk action: the rows inside are done, each outside refused saying why', async () => {
    const token = actors.get('orgTree')!.token;
    const inside = await makeAccount(org.a1, targetRole);
    const outside = await makeAccount(org.b, targetRole);
    const state = ok(
      await t.call('PUT', '/account/batch-state', { token, body: { ids: [inside.id, outside.id], state: 0 } }),
    ) as { done: number[]; refused: Array<{ id: number; message: string }> };
    expect(state.done).toEqual([inside.id]);
    expect(state.refused).toEqual([{ id: outside.id, message: expect.stringMatching(/数据权限/) }]);
    const removed = ok(
      await t.call('POST', '/account/batch-delete', { token, body: { ids: [inside.id, outside.id] } }),
    ) as { done: number[]; refused: Array<{ id: number; message: string }> };
    expect(removed.done).toEqual([inside.id]);
    expect(removed.refused.map((r) => r.id)).toEqual([outside.id]);
    // The account outside is untouched: still enabled, still listed for a 全部 scope.
    const all = ok(
      await t.call('GET', '/account/s', {
        token: actors.get('all')!.token,
        query: { p: 1, pageSize: 10, accountNumber: outside.accountNumber },
      }),
    ) as { list: Array<{ id: number; state: boolean }> };
    expect(all.list).toEqual([expect.objectContaining({ id: outside.id, state: true })]);
  });

  it('shows the tree within the scope, with the ancestors as the path and nothing of the other branch', async () => {
    const token = actors.get('orgTree')!.token;
    const children = async (pid?: number) =>
      ok(await t.call('GET', '/orgs', { token, query: pid === undefined ? {} : { pid } })) as Array<{
        id: number;
        inScope: boolean;
        hasChildren: boolean;
      }>;
    const roots = await children();
    expect(roots.map((o) => [o.id, o.inScope])).toEqual([[org.root, false]]);
    const below = await children(org.root);
    expect(below.map((o) => o.id)).toContain(org.a);
    expect(below.map((o) => o.id)).not.toContain(org.b);
    expect(below.find((o) => o.id === org.a)!.inScope).toBe(true);
    expect(await children(org.b)).toEqual([]);
    const named = ok(await t.call('GET', '/orgs', { token, query: { name: lane } })) as Array<{
      id: number;
      ancestors: Array<{ id: number }>;
    }>;
    expect(named.map((o) => o.id)).not.toContain(org.b);
    expect(named.map((o) => o.id)).toContain(org.a1);
    // A hit's ancestors (the picker names it by them) are the path it already sees: nothing of the other branch.
    expect(named.find((o) => o.id === org.a1)!.ancestors.map((a) => a.id)).toEqual([org.root, org.a]);
    const outside = ok(await t.call('GET', '/orgs', { token, query: { id: org.b } }));
    expect(outside).toEqual([]);
    // 本组织 cannot place an organisation below its own: it would be out of its reach.
    const child = await t.call('POST', '/org', {
      token: actors.get('org')!.token,
      body: { name: `scope-child-${lane}`, pid: org.a },
    });
    expect(child.status).toBe(403);
    expect(child.body.msg).toMatch(/本组织/);
    // 本组织: A is shown without an expand arrow (its children are not in scope).
    const own = ok(
      await t.call('GET', '/orgs', { token: actors.get('org')!.token, query: { pid: org.root } }),
    ) as Array<{ id: number; hasChildren: boolean }>;
    expect(own.find((o) => o.id === org.a)!.hasChildren).toBe(false);
    // The top of the scope is edited where it stands (its parent lies outside the scope), not moved out of it.
    const edit = (pid: number) =>
      t.call('PUT', '/org', { token, body: { id: org.a, name: `华东区-${lane}`, fullName: '华东大区', pid } });
    expect((await edit(org.root)).status).toBe(200);
    const moved = await edit(org.b);
    expect(moved.status).toBe(403);
    expect(moved.body.msg).toMatch(/数据权限/);
    // A top-level organisation is written only by a 全部 scope.
    const root = await t.call('POST', '/org', { token, body: { name: `scope-root-${lane}` } });
    expect(root.status).toBe(403);
    expect(root.body.msg).toMatch(/全部/);
  });

  it('hands out no scope wider than the caller’s, and marks roles it may not hand out', async () => {
    const token = actors.get('orgTree')!.token;
    const create = (dataScope: DataScopeKind, scopeOrgIds?: number[]) =>
      t.call('POST', '/role', {
        token,
        body: { name: `scope-grant-${lane}-${++serial}`, resources: [held[0]!], dataScope, scopeOrgIds },
      });
    expect((await create('all')).status).toBe(403);
    expect((await create('custom', [org.b])).status).toBe(403);
    expect((await create('orgTree')).status).toBe(200);
    expect((await create('custom', [org.a1])).status).toBe(200);
    // 本组织 cannot hand out 本组织及以下 (its holders would reach the organisations below).
    const narrow = await t.call('POST', '/role', {
      token: actors.get('org')!.token,
      body: { name: `scope-grant-${lane}-${++serial}`, resources: [held[0]!], dataScope: 'orgTree' },
    });
    expect(narrow.status).toBe(403);
    const custom = await create('custom', []);
    expect(custom.status).toBe(400);
    expect(custom.body.msg).toBe('自定义数据权限须至少选择一个组织');
    const roles = ok(await t.call('GET', '/role/s', { token })) as Array<{
      id: number;
      assignable: boolean;
      dataScope: string;
    }>;
    expect(roles.find((r) => r.id === widerRole)).toMatchObject({ assignable: false, dataScope: 'all' });
    expect(roles.find((r) => r.id === targetRole)).toMatchObject({ assignable: true, dataScope: 'self' });
  });

  it('explains an account: each resource with its role, and the scope in words', async () => {
    const actor = actors.get('orgTree')!;
    const res = await t.call('GET', '/authz/explain/account', {
      token: actors.get('all')!.token,
      query: { id: actor.id },
    });
    const explained = ok(res) as {
      role: { id: number };
      resources: Array<{ id: number; grantedBy: string[] }>;
      scope: { dataScope: string; text: string; orgCount: number; accountCount: number };
    };
    expect(explained.role.id).toBe(actor.roleId);
    expect(explained.resources.find((r) => r.id === held[0])!.grantedBy).toHaveLength(1);
    expect(explained.scope.dataScope).toBe('orgTree');
    expect(explained.scope.orgCount).toBeGreaterThanOrEqual(2);
    expect(explained.scope.text).toMatch(
      new RegExp(`^本组织及以下：华东区-${lane}（含 \\d+ 个下级组织，${explained.scope.accountCount} 个账号）$`),
    );
  });

  it('previews an account and a role: their permissions and the accounts they would list', async () => {
    const token = actors.get('all')!.token;
    const scoped = actors.get('orgTree')!;
    const asAccount = ok(await t.call('GET', '/authz/view-as', { token, query: { accountId: scoped.id } })) as {
      permissions: Array<{ id: number }>;
      accounts: { list: Array<{ orgId: number }>; totalCount: number };
    };
    expect(asAccount.permissions.map((p) => p.id)).toEqual(expect.arrayContaining(held));
    expect(asAccount.accounts.list.every((row) => within(row.orgId, org.a))).toBe(true);
    const own = ok(await t.call('GET', '/account/s', { token: scoped.token, query: { p: 1, pageSize: 20 } })) as {
      totalCount: number;
    };
    expect(asAccount.accounts.totalCount).toBe(own.totalCount);
    const asRole = ok(
      await t.call('GET', '/authz/view-as', { token, query: { roleId: scoped.roleId, orgId: org.b } }),
    ) as { accounts: { list: Array<{ orgId: number }> }; scope: { text: string } };
    expect(asRole.accounts.list.length).toBeGreaterThan(0);
    expect(asRole.accounts.list.every((row) => within(row.orgId, org.b))).toBe(true);
    expect(asRole.scope.text).toContain(`华南区-${lane}`);
    const both = await t.call('GET', '/authz/view-as', { token, query: { accountId: scoped.id, roleId: targetRole } });
    expect(both.status).toBe(400);
  });

  it('previews a role that may not load the account list as its session would be: refused with the guard’s message', async () => {
    const token = actors.get('all')!.token;
    // targetRole grants the 账号管理 menu alone, not 账号列表.
    const preview = ok(
      await t.call('GET', '/authz/view-as', { token, query: { roleId: targetRole, orgId: org.a } }),
    ) as {
      accounts: unknown;
      accountsRefused?: string;
    };
    const holder = await makeAccount(org.a, targetRole);
    const own = await t.call('GET', '/account/s', {
      token: await t.login(holder.accountNumber, PASSWORD),
      query: { p: 1, pageSize: 20 },
    });
    expect(own.status).toBe(403);
    expect(preview).toMatchObject({ accountsRefused: own.body.msg, accounts: { list: [], totalCount: 0 } });
    expect(own.body.msg).toBe('无权访问“账号列表”，请联系企业管理员');
    // One that may: no refusal.
    const allowed = ok(
      await t.call('GET', '/authz/view-as', { token, query: { roleId: actors.get('orgTree')!.roleId, orgId: org.a } }),
    );
    expect(allowed).not.toHaveProperty('accountsRefused');
  });
});
