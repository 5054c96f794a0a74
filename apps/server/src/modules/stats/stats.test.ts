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
  recentSignIns: Array<{ accountNumber: string; accountName: string; at: string; ip: string | null }>;
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
});
