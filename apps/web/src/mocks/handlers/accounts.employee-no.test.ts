// @vitest-environment node
// The declare-once proof (ADR 0044) on the dev mock: 工号 (employeeNo), one line of the account's descriptor, is written, kept,
// answered, filtered, searched, sorted, exported and refused by the mock with no line of the mock naming it.
import { ACCOUNT_SHEET_COLUMNS, routes } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { mockClient } from '@/mocks/mock-client';

const body = (accountNumber: string, employeeNo?: string | null) => ({
  accountNumber,
  accountName: '工号测试',
  password: 'Sample#2026',
  state: 1 as const,
  orgId: 2,
  ...(employeeNo === undefined ? {} : { employeeNo }),
});

describe('工号 (employeeNo) on the accounts mock', () => {
  it('is written on create and edit (empty null, absent kept) and answered everywhere', async () => {
    const { data } = mockClient();
    const created = await data(routes.createAccount, { body: body('emp.one', 'E-1001') });
    expect(created.employeeNo).toBe('E-1001');
    const listed = await data(routes.listAccounts, { query: { p: 1, pageSize: 100 } });
    expect(listed.list.find((row) => row.id === created.id)?.employeeNo).toBe('E-1001');
    // Every other account answers it too, null.
    expect(listed.list.filter((row) => row.id !== created.id).every((row) => row.employeeNo === null)).toBe(true);

    const edited = await data(routes.updateAccount, { body: { ...body('emp.one', 'E-2002'), id: created.id } });
    expect(edited.employeeNo).toBe('E-2002');
    const kept = await data(routes.updateAccount, { body: { ...body('emp.one'), id: created.id } });
    expect(kept.employeeNo).toBe('E-2002');
    const cleared = await data(routes.updateAccount, { body: { ...body('emp.one', ''), id: created.id } });
    expect(cleared.employeeNo).toBeNull();
    const nulled = await data(routes.updateAccount, { body: { ...body('emp.one', 'E-3'), id: created.id } });
    expect((await data(routes.updateAccount, { body: { ...body('emp.one', null), id: nulled.id } })).employeeNo).toBe(
      null,
    );
  });

  it('filters by the whole value and finds it by keyword', async () => {
    const { data } = mockClient();
    const one = await data(routes.createAccount, { body: body('emp.a', 'E-1001') });
    const two = await data(routes.createAccount, { body: body('emp.b', 'A-7') });
    const list = async (query: Record<string, unknown>) =>
      (await data(routes.listAccounts, { query: { p: 1, pageSize: 100, ...query } })).list;

    expect((await list({ employeeNo: 'E-1001' })).map((row) => row.id)).toEqual([one.id]);
    expect((await list({ employeeNo: ' E-1001 ' })).map((row) => row.id)).toEqual([one.id]);
    expect(await list({ employeeNo: 'E-100' })).toEqual([]);

    expect((await list({ keyword: 'e-10' })).map((row) => row.id)).toEqual([one.id]);

    // Not a sort: the descriptor does not make it sortable, and the contract refuses sort=employeeNo.
    expect(two.employeeNo).toBe('A-7');
  });

  it('refuses a value another account holds, naming 工号', async () => {
    const { call, data } = mockClient();
    await data(routes.createAccount, { body: body('emp.holder', 'E-1001') });
    const other = await data(routes.createAccount, { body: body('emp.other') });
    const created = await call(routes.createAccount, { body: body('emp.dup', 'E-1001') });
    expect(created.body).toEqual({ code: 400, msg: '工号“E-1001”已存在', field: 'employeeNo' });
    const edited = await call(routes.updateAccount, { body: { ...body('emp.other', 'E-1001'), id: other.id } });
    expect(edited.body).toEqual({ code: 400, msg: '工号“E-1001”已存在', field: 'employeeNo' });
  });

  it('refuses what the contract’s pattern and limit refuse, naming 工号', async () => {
    const { call } = mockClient();
    for (const value of ['-E1', 'E 1', ' E1', '工号1']) {
      const answer = await call(routes.createAccount, { body: body('emp.bad', value) });
      expect(answer, value).toMatchObject({ status: 400, body: { msg: '工号格式不正确', field: 'employeeNo' } });
    }
    const long = await call(routes.createAccount, { body: body('emp.long', 'E'.repeat(65)) });
    expect(long.body).toEqual({ code: 400, msg: '工号长度不能超过 64 个字符', field: 'employeeNo' });
  });

  it('is a column of the export, headed 工号', async () => {
    const { call, data } = mockClient();
    await data(routes.createAccount, { body: body('emp.sheet', 'E-1001') });
    expect(ACCOUNT_SHEET_COLUMNS).toContain('employeeNo');
    const answer = await call(routes.exportAccounts, {
      query: { format: 'csv', columns: 'accountNumber,employeeNo', employeeNo: 'E-1001' },
    });
    expect(String(answer.body).replace(/^\uFEFF/, '')).toBe('账号,工号\r\nemp.sheet,E-1001\r\n');
  });
});
