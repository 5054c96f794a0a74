import { type DataScopeKind, resourceKey, routes } from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../../test/harness.js';
import { cstDate } from './stats.service.js';

interface OverviewOut {
  accounts: { total: number; enabled: number; disabled: number };
  orgs: number;
  roles: number;
  dicts: number;
  signInsToday: number;
  liveSessions: number;
  accountsPerOrg: Array<{ orgId: number; name: string; count: number }>;
  newAccountsPerDay: Array<{ date: string; count: number }>;
  recentSignIns: Array<{ accountNumber: string; accountName: string; at: number; ip: string | null }>;
  generatedAt: number;
}

describe('cstDate', () => {
  it('answers the China Standard Time calendar day', () => {
    expect(cstDate(Date.parse('2026-11-22T15:59:59Z'))).toBe('2026-11-22');
    expect(cstDate(Date.parse('2026-11-22T16:00:00Z'))).toBe('2026-11-23');
  });
});

describe.each(lanes)('statistics overview on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
  });
  afterAll(() => t.close());

  it('counts what is in the database, now', async () => {
    const root = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
    const dept = (await t.call('POST', '/org', { token: admin, body: { name: '研发部', pid: root } })).body.data as {
      id: number;
    };
    for (const [n, state] of [
      ['s1', 1],
      ['s2', 1],
      ['s3', 0],
    ] as const) {
      const res = await t.call('POST', '/account', {
        token: admin,
        body: { accountNumber: n, accountName: n, password: 'Stats#2026-ok', orgId: dept.id, state },
      });
      expect(res.status, res.body.msg).toBe(200);
    }
    await t.call('POST', '/dict', { token: admin, body: { dictName: '性别', dictCode: 'gender' } });
    await t.login('s1', 'Stats#2026-ok');

    const before = Date.now();
    const res = await t.call('GET', '/stats/overview', { token: admin });
    expect(res.status, res.body.msg).toBe(200);
    const data = res.body.data as OverviewOut;
    expect(data.accounts).toEqual({ total: 4, enabled: 3, disabled: 1 });
    expect(data.orgs).toBe(2);
    expect(data.roles).toBe(1);
    expect(data.dicts).toBe(1);
    expect(data.signInsToday).toBe(2);
    expect(data.liveSessions).toBe(2);
    expect(data.accountsPerOrg[0]).toEqual({ orgId: dept.id, name: '研发部', count: 3 });
    expect(data.newAccountsPerDay).toHaveLength(30);
    expect(data.newAccountsPerDay.at(-1)).toEqual({ date: cstDate(Date.now()), count: 4 });
    expect(data.recentSignIns.map((s) => s.accountNumber)).toEqual(['s1', 'admin']);
    // Times answer as epoch milliseconds (ADR 0029).
    expect(data.generatedAt).toBeGreaterThanOrEqual(before);
    expect(data.recentSignIns.every((s) => Number.isInteger(s.at) && s.at <= data.generatedAt)).toBe(true);
    expect(data.recentSignIns[0]!.at).toBeGreaterThanOrEqual(data.recentSignIns[1]!.at);
  });

  it('is a permission of its own: an account without it is refused', async () => {
    await t.call('POST', '/account', {
      token: admin,
      body: {
        accountNumber: 'plain',
        accountName: 'plain',
        password: 'Stats#2026-ok',
        orgId: ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id,
        state: 1,
      },
    });
    const plain = await t.login('plain', 'Stats#2026-ok');
    expect((await t.call('GET', '/stats/overview', { token: plain })).status).toBe(403);
  });

  it('counts accounts, organisations, sign-ins and sessions within the caller’s data scope', async () => {
    const root = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
    const org = async (name: string, pid: number) => {
      const res = await t.call('POST', '/org', { token: admin, body: { name, pid } });
      expect(res.status, res.body.msg).toBe(200);
      return (res.body.data as { id: number }).id;
    };
    const a = await org('统计-分公司A', root);
    const a1 = await org('统计-A1', a);
    const b = await org('统计-分公司B', root);
    const resources = (await t.call('GET', '/resources', { token: admin })).body.data as Array<{
      id: number;
      method: string | null;
      url: string | null;
    }>;
    const overview = resources.find(
      (r) => r.method && r.url && resourceKey(r.method, r.url) === resourceKey('GET', routes.overview.path),
    )!.id;
    const role = async (dataScope: DataScopeKind) => {
      const res = await t.call('POST', '/role', {
        token: admin,
        body: { name: `统计-${dataScope}`, resources: [overview], dataScope },
      });
      expect(res.status, res.body.msg).toBe(200);
      return (res.body.data as { id: number }).id;
    };
    const member = async (accountNumber: string, orgId: number, roleId: number | null = null, state = 1) => {
      const body = { accountNumber, accountName: accountNumber, password: 'Stats#2026-ok', orgId, roleId, state };
      const res = await t.call('POST', '/account', { token: admin, body });
      expect(res.status, res.body.msg).toBe(200);
      return state === 1 ? t.login(accountNumber, 'Stats#2026-ok') : '';
    };
    await member('st.ds.a', a);
    await member('st.ds.a1', a1, null, 0);
    await member('st.ds.b', b);
    const tree = await member('st.ds.tree', a, await role('orgTree'));
    const self = await member('st.ds.self', a, await role('self'));
    const all = await member('st.ds.all', b, await role('all'));
    const figures = async (token: string) => {
      const res = await t.call('GET', '/stats/overview', { token });
      expect(res.status, res.body.msg).toBe(200);
      const { generatedAt: _, ...data } = res.body.data as OverviewOut & { generatedAt: number };
      return { ...data, recentSignIns: data.recentSignIns.map((s) => s.accountNumber).sort() };
    };
    const everything = await figures(admin);

    // 本组织及以下 in A: A's and A1's accounts (one disabled), their sign-ins and sessions; not B's.
    const inTree = await figures(tree);
    expect(inTree).toMatchObject({
      accounts: { total: 4, enabled: 3, disabled: 1 },
      orgs: 2,
      roles: everything.roles,
      dicts: everything.dicts,
      signInsToday: 3,
      liveSessions: 3,
      accountsPerOrg: [
        { orgId: a, name: '统计-分公司A', count: 3 },
        { orgId: a1, name: '统计-A1', count: 1 },
      ],
      recentSignIns: ['st.ds.a', 'st.ds.self', 'st.ds.tree'],
    });
    expect(inTree.newAccountsPerDay.at(-1)).toEqual({ date: cstDate(Date.now()), count: 4 });
    // 仅本人: its own account and sign-in, no organisation.
    const own = await figures(self);
    expect(own).toMatchObject({
      accounts: { total: 1, enabled: 1, disabled: 0 },
      orgs: 0,
      signInsToday: 1,
      liveSessions: 1,
      accountsPerOrg: [{ orgId: a, name: '统计-分公司A', count: 1 }],
      recentSignIns: ['st.ds.self'],
    });
    expect(own.newAccountsPerDay.at(-1)).toEqual({ date: cstDate(Date.now()), count: 1 });
    // 全部: the same figures as the super-admin's, B's included.
    expect(everything.accountsPerOrg).toContainEqual({ orgId: b, name: '统计-分公司B', count: 2 });
    expect(everything.recentSignIns).toContain('st.ds.b');
    expect(await figures(all)).toEqual(everything);
  });
});
