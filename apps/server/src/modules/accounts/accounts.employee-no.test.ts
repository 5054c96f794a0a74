// 工号 (employeeNo): one descriptor line and migration 0041, served on the account API without a line of its own.
import type { AuditEntry } from '@gatehouse/contract';
import type { Static } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../../test/harness.js';

interface AccountOut {
  id: number;
  accountNumber: string;
  employeeNo: string | null;
}
interface PageOut {
  list: AccountOut[];
  totalCount: number;
}
type Entry = Static<typeof AuditEntry>;

const PASSWORD = 'Emp#2026-safe';

describe.each(lanes)('an account’s 工号 (employeeNo) on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  let rootOrg: number;

  const body = (accountNumber: string, extra: Record<string, unknown> = {}) => ({
    accountNumber,
    accountName: accountNumber,
    password: PASSWORD,
    orgId: rootOrg,
    state: 1,
    ...extra,
  });
  const create = (accountNumber: string, extra: Record<string, unknown> = {}) =>
    t.call('POST', '/account', { token: admin, body: body(accountNumber, extra) });
  const created = async (accountNumber: string, extra: Record<string, unknown> = {}) => {
    const res = await create(accountNumber, extra);
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as AccountOut;
  };
  const edit = (account: AccountOut, extra: Record<string, unknown> = {}) => {
    const { password: _, ...rest } = body(account.accountNumber, extra);
    return t.call('PUT', '/account', { token: admin, body: { id: account.id, ...rest } });
  };
  const list = async (query: Record<string, string | number>) => {
    const res = await t.call('GET', '/account/s', { token: admin, query: { p: 1, pageSize: 50, ...query } });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as PageOut;
  };
  const stored = async (id: number) =>
    (await t.database.db.selectFrom('account').select('employee_no').where('id', '=', id).executeTakeFirstOrThrow())
      .employee_no;

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    rootOrg = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
  });
  afterAll(() => t.close());

  it('is written on create and edit, kept when an edit leaves it out, and answered in the list’s rows', async () => {
    const account = await created('emp.one', { employeeNo: 'E-1001' });
    expect(account.employeeNo).toBe('E-1001');
    const changed = await edit(account, { employeeNo: 'E-1002' });
    expect(changed.status, changed.body.msg).toBe(200);
    expect((changed.body.data as AccountOut).employeeNo).toBe('E-1002');
    // Left out of an edit: kept.
    const kept = await edit(account, { accountName: '改名' });
    expect(kept.status, kept.body.msg).toBe(200);
    expect((kept.body.data as AccountOut).employeeNo).toBe('E-1002');
    const { list: rows } = await list({ accountNumber: 'emp.one' });
    expect(rows).toEqual([expect.objectContaining({ id: account.id, employeeNo: 'E-1002' })]);
    // null clears it; an account created without one answers null.
    expect(((await edit(account, { employeeNo: null })).body.data as AccountOut).employeeNo).toBeNull();
    expect((await created('emp.none')).employeeNo).toBeNull();
  });

  it('stores a blank one as null, on create and on edit', async () => {
    const blank = await created('emp.blank', { employeeNo: '' });
    expect(blank.employeeNo).toBeNull();
    expect(await stored(blank.id)).toBeNull();
    const set = await created('emp.blank2', { employeeNo: 'B-7' });
    expect(((await edit(set, { employeeNo: '' })).body.data as AccountOut).employeeNo).toBeNull();
    expect(await stored(set.id)).toBeNull();
  });

  it('refuses its own limits (pattern, length), naming 工号', async () => {
    for (const employeeNo of ['  ', 'a b', 'x'.repeat(65), '-lead']) {
      const res = await create('emp.bad', { employeeNo });
      expect(res.status, employeeNo).toBe(400);
      expect((res.body as { field?: string }).field, employeeNo).toBe('employeeNo');
      expect(res.body.msg, employeeNo).toContain('工号');
    }
  });

  it('filters the list by it exactly (employeeNo=)', async () => {
    const a = await created('emp.fa', { employeeNo: 'F-200' });
    await created('emp.fb', { employeeNo: 'F-2001' });
    const { list: rows, totalCount } = await list({ employeeNo: 'F-200' });
    expect(totalCount).toBe(1);
    expect(rows.map((r) => r.id)).toEqual([a.id]);
    expect((await list({ employeeNo: ' F-200 ' })).list.map((r) => r.id)).toEqual([a.id]);
    expect((await list({ employeeNo: 'F-2' })).totalCount).toBe(0);
    // With the other filters.
    expect((await list({ employeeNo: 'F-200', accountNumber: 'emp.f' })).totalCount).toBe(1);
    expect((await list({ employeeNo: 'F-200', accountNumber: 'emp.x' })).totalCount).toBe(0);
  });

  it('is found by the keyword, through the search index and without it, ignoring case', async () => {
    const a = await created('emp.kw', { employeeNo: 'QZW731' });
    for (const keyword of ['qzw731', 'ZW73', 'w7', 'QZ']) {
      expect(
        (await list({ keyword })).list.map((r) => r.id),
        keyword,
      ).toEqual([a.id]);
    }
    // Also with another filter beside it.
    expect((await list({ keyword: 'zw73', state: 1 })).list.map((r) => r.id)).toEqual([a.id]);
  });

  it('is no sort of the list (sort=employeeNo is refused: the descriptor does not make it sortable)', async () => {
    const res = await t.call('GET', '/account/s', { token: admin, query: { p: 1, pageSize: 10, sort: 'employeeNo' } });
    expect(res.status).toBe(400);
  });

  it('refuses a duplicate naming 工号, on create and edit, in both languages; nulls are never duplicates', async () => {
    const holder = await created('emp.dup', { employeeNo: 'D-1' });
    const again = await create('emp.dup2', { employeeNo: 'D-1' });
    expect(again.body).toEqual({ code: 400, msg: '工号“D-1”已存在', field: 'employeeNo' });
    const english = await t.app.fastify.inject({
      method: 'POST',
      url: '/api/account',
      headers: { authorization: admin, 'accept-language': 'en-US' },
      payload: body('emp.dup3', { employeeNo: 'D-1' }),
    });
    expect(english.json()).toEqual({ code: 400, msg: 'Employee No. "D-1" is already taken', field: 'employeeNo' });
    const other = await created('emp.dup4', { employeeNo: 'D-2' });
    expect((await edit(other, { employeeNo: 'D-1' })).body).toEqual({
      code: 400,
      msg: '工号“D-1”已存在',
      field: 'employeeNo',
    });
    // The account itself holds its own value.
    expect((await edit(holder, { employeeNo: 'D-1', accountName: '同一个' })).status).toBe(200);
    // Any number of accounts without one.
    expect((await create('emp.null1')).status).toBe(200);
    expect((await create('emp.null2', { employeeNo: null })).status).toBe(200);
    expect((await create('emp.null3', { employeeNo: '' })).status).toBe(200);
  });

  it('two racing creates of one 工号 make one account, the other refused naming 工号', async () => {
    const racing = await Promise.all([
      create('emp.race1', { employeeNo: 'R-1' }),
      create('emp.race2', { employeeNo: 'R-1' }),
    ]);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 400]);
    const refused = racing.find((r) => r.status === 400);
    expect(refused?.body).toEqual({ code: 400, msg: '工号“R-1”已存在', field: 'employeeNo' });
  });

  it('is in the audit trail’s before / after', async () => {
    const account = await created('emp.audit', { employeeNo: 'AU-1' });
    const latest = async (title: string) => {
      const res = await t.call('GET', '/audit/s', {
        token: admin,
        query: { p: 1, pageSize: 10, title, target: String(account.id) },
      });
      expect(res.status, res.body.msg).toBe(200);
      return (res.body.data as { list: Entry[] }).list[0];
    };
    const field = (entry: Entry | undefined) => entry?.diff.find((c) => c.field === 'employeeNo');
    await expect
      .poll(async () => field(await latest('createAccount')))
      .toEqual({
        field: 'employeeNo',
        before: null,
        after: 'AU-1',
      });
    expect((await edit(account, { employeeNo: 'AU-2' })).status).toBe(200);
    await expect
      .poll(async () => field(await latest('updateAccount')))
      .toEqual({
        field: 'employeeNo',
        before: 'AU-1',
        after: 'AU-2',
      });
    // An edit that leaves it out changes nothing of it: not in the diff.
    expect((await edit(account, { accountName: '审计' })).status).toBe(200);
    await expect.poll(async () => (await latest('updateAccount'))?.diff.map((c) => c.field)).toEqual(['accountName']);
    expect((await t.call('DELETE', '/account', { token: admin, query: { id: account.id } })).status).toBe(200);
    await expect
      .poll(async () => field(await latest('deleteAccount')))
      .toEqual({
        field: 'employeeNo',
        before: 'AU-2',
        after: null,
      });
  });
});
