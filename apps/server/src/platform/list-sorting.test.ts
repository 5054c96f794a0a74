import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../test/harness.js';

/**
 * Server-side sorting on the lists other than accounts (modules/accounts/account-sort.test.ts): the
 * dictionaries by name or code, the online users by sign-in or last use, both logs by time. Each answers its rows in
 * the asked order, ties by id in the same direction, keeps its default order without `sort`, and refuses a field it
 * does not sort by with 400 naming 排序字段.
 */
describe.each(lanes)('sorted lists on %s', (lane) => {
  let t: TestApp;
  let admin: string;

  const list = async <T>(path: string, query: Record<string, string | number>) => {
    const res = await t.call('GET', path, { token: admin, query: { p: 1, pageSize: 100, ...query } });
    expect(res.status, res.body.msg).toBe(200);
    return (res.body.data as { list: T[] }).list;
  };
  const sortedBy = <T>(
    rows: T[],
    key: (row: T) => string | number,
    id: (row: T) => string | number,
    order: 'asc' | 'desc',
  ) =>
    [...rows].sort((a, b) => {
      const sign = order === 'asc' ? 1 : -1;
      const [ka, kb] = [key(a), key(b)];
      if (ka !== kb) return sign * (ka < kb ? -1 : 1);
      return sign * (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0);
    });

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    for (const [dictName, dictCode] of [
      ['beta', 'c_code'],
      ['alpha', 'b_code'],
      ['beta', 'a_code'],
      ['gamma', 'd_code'],
    ]) {
      expect((await t.call('POST', '/dict', { token: admin, body: { dictName, dictCode } })).status).toBe(200);
    }
    // A few more sessions of admin, and audit entries and sign-ins at equal and different times.
    for (let i = 0; i < 3; i++) await t.login();
    const db = t.database.db;
    await sql`update audit_log set at = '2026-01-01T00:00:00.000Z' where id % 2 = 0`.execute(db);
    await sql`update signin_log set at = '2026-01-01T00:00:00.000Z' where id % 2 = 0`.execute(db);
    await sql`update session set created_at = '2026-01-01T00:00:00.000Z' where ended_at is null and account_id = 1
      and id in (select id from session where ended_at is null order by id limit 2)`.execute(db);
  });
  afterAll(() => t.close());

  it('sorts the dictionaries by name or code, ascending unless asked otherwise, equal names by id', async () => {
    type Dict = { id: number; dictName: string; dictCode: string };
    const byId = await list<Dict>('/dict/s', {});
    // Default unchanged: newest first.
    expect(byId.map((d) => d.id)).toEqual([...byId.map((d) => d.id)].sort((a, b) => b - a));
    for (const order of ['asc', 'desc'] as const) {
      const byName = await list<Dict>('/dict/s', { sort: 'dictName', order });
      expect(byName).toEqual(
        sortedBy(
          byId,
          (d) => d.dictName,
          (d) => d.id,
          order,
        ),
      );
      const byCode = await list<Dict>('/dict/s', { sort: 'dictCode', order });
      expect(byCode).toEqual(
        sortedBy(
          byId,
          (d) => d.dictCode,
          (d) => d.id,
          order,
        ),
      );
    }
    expect((await list<Dict>('/dict/s', { sort: 'dictCode' })).map((d) => d.dictCode)).toEqual([
      'a_code',
      'b_code',
      'c_code',
      'd_code',
    ]);
  });

  it('sorts the online users by sign-in or last use, newest first unless asked otherwise', async () => {
    type Session = { id: string; signedInAt: number; lastSeenAt: number };
    const all = await list<Session>('/online/s', {});
    expect(all.length).toBeGreaterThanOrEqual(4);
    for (const [sort, key] of [
      ['signedInAt', (s: Session) => s.signedInAt],
      ['lastSeenAt', (s: Session) => s.lastSeenAt],
    ] as const) {
      expect(await list<Session>('/online/s', { sort })).toEqual(sortedBy(all, key, (s) => s.id, 'desc'));
      expect(await list<Session>('/online/s', { sort, order: 'asc' })).toEqual(sortedBy(all, key, (s) => s.id, 'asc'));
    }
  });

  it('sorts both logs by time, newest first unless asked otherwise, equal times by id', async () => {
    type Entry = { id: number; at: number };
    for (const path of ['/audit/s', '/signin-log/s']) {
      const all = await list<Entry>(path, {});
      expect(all.length, path).toBeGreaterThan(2);
      expect(
        all.some((e, i) => all.findIndex((o) => o.at === e.at) !== i),
        `${path} has equal times`,
      ).toBe(true);
      expect(await list<Entry>(path, { sort: 'at' }), path).toEqual(
        sortedBy(
          all,
          (e) => e.at,
          (e) => e.id,
          'desc',
        ),
      );
      expect(await list<Entry>(path, { sort: 'at', order: 'asc' }), path).toEqual(
        sortedBy(
          all,
          (e) => e.at,
          (e) => e.id,
          'asc',
        ),
      );
    }
  });

  it.each([
    '/dict/s',
    '/online/s',
    '/audit/s',
    '/signin-log/s',
  ])('refuses a field %s does not sort by with 400 naming 排序字段', async (path) => {
    const res = await t.call('GET', path, { token: admin, query: { p: 1, pageSize: 10, sort: 'password' } });
    expect(res.body).toEqual({ code: 400, msg: '排序字段取值不正确' });
    const order = await t.call('GET', path, { token: admin, query: { p: 1, pageSize: 10, order: 'sideways' } });
    expect(order.body).toEqual({ code: 400, msg: '排序方向取值不正确' });
  });
});
