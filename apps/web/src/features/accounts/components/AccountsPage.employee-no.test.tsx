// The declare-once proof (ADR 0044) on the account screen: 工号 (employeeNo), one line of the account descriptor, is listed, searched
// and edited with no line of the screen naming it. Against the mock API (src/mocks), signed in as the seeded admin.
import { routes } from '@gatehouse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountScreen, preloadAccountScreen } from '@/testing/account-screen';
import { setupMockApi } from '@/testing/mock-api';
import { orgPickerShows, pickOrg } from '@/testing/org-picker';
import { findDialog, rowOf } from '@/testing/queries';

const api = setupMockApi();
const { openScreen, field, total, cellOf } = accountScreen(api);

/** Gives the seeded account `accountNumber` an employee number, as the server would answer it. */
function giveEmployeeNo(accountNumber: string, employeeNo: string | null) {
  const account = api.store.accounts.find((a) => a.accountNumber === accountNumber);
  if (!account) throw new Error(`no seeded account ${accountNumber}`);
  Object.assign(account, { employeeNo });
  return account;
}
const employeeNoOf = (accountNumber: string) =>
  (api.store.accounts.find((a) => a.accountNumber === accountNumber) as unknown as { employeeNo?: string | null })
    ?.employeeNo;

async function chooseOption(name: string) {
  const option = (await screen.findAllByTitle(name)).find((element) =>
    element.classList.contains('ant-select-item-option'),
  );
  if (!option) throw new Error(`no option ${name}`);
  fireEvent.click(option);
}

describe('/user/Account: 工号 from the descriptor alone', () => {
  beforeAll(preloadAccountScreen);

  it('lists 工号: a column (or offered by the column settings), not sortable', async () => {
    giveEmployeeNo('xietingting', 'E1001');
    const table = await openScreen();
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    const box = within(await screen.findByTestId('column-settings')).getByRole('checkbox', { name: '工号' });
    const hiddenByDefault = !(box as HTMLInputElement).checked;
    if (hiddenByDefault) fireEvent.click(box);
    await waitFor(() => expect(cellOf(rowOf(table, '谢婷婷'), '工号').textContent).toBe('E1001'));
    const header = screen.getAllByRole('table', { name: '账号列表' })[0] as HTMLElement;
    const th = within(header).getByRole('columnheader', { name: '工号' });
    // Not sortable: the descriptor leaves it out of the list's sorts.
    expect(th.className).not.toContain('ant-table-column-has-sorters');
    // A setting changed is saved before the test ends (saved at unmount, it would sign the next test out).
    if (hiddenByDefault) await waitFor(async () => expect(await api.sent(routes.putPreference)).toHaveLength(1));
  });

  it('the search form filters by 工号 (the whole number): the request carries employeeNo=', async () => {
    giveEmployeeNo('xietingting', 'E1001');
    giveEmployeeNo('zhengkai', 'E10011');
    const table = await openScreen();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '搜索范围' }));
    await chooseOption('工号');
    expect(field('搜索').getAttribute('placeholder')).toBe('完整的工号');
    fireEvent.change(field('搜索'), { target: { value: 'E1001' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(total()).toBe('共 1 条记录'));
    within(table).getByText('谢婷婷');
    const sent = (await api.sent(routes.listAccounts)).at(-1)?.query;
    expect([sent?.get('employeeNo'), sent?.get('keyword')]).toEqual(['E1001', null]);
    // 全部 (the keyword) names 工号 among the fields it searches, and finds any part of it.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '搜索范围' }));
    await chooseOption('全部');
    expect(field('搜索').getAttribute('placeholder')).toContain('工号');
  });

  it('the dialog has a 工号 item: its value is sent on create, its pattern and length refused naming 工号', async () => {
    await openScreen();
    fireEvent.click(screen.getByRole('button', { name: '+ 添加' }));
    const dialog = await findDialog('添加账号');
    const employeeNo = within(dialog).getByLabelText('工号');
    // Its input schema's pattern (a letter or digit first) and length (at most 64), each message naming 工号.
    fireEvent.change(employeeNo, { target: { value: '-E1' } });
    await within(dialog).findByText('工号格式不正确');
    expect(employeeNo.getAttribute('maxlength')).toBe('64');
    fireEvent.change(employeeNo, { target: { value: 'E'.repeat(65) } });
    await within(dialog).findByText('工号不能超过 64 个字符');
    fireEvent.change(employeeNo, { target: { value: ' E2002 ' } });
    await waitFor(() => expect(within(dialog).queryByText('工号不能超过 64 个字符')).toBeNull());
    expect(within(dialog).queryByText('工号格式不正确')).toBeNull();

    fireEvent.change(within(dialog).getByLabelText('账号'), { target: { value: 'gongbao' } });
    fireEvent.change(within(dialog).getByLabelText('用户名'), { target: { value: '宫宝' } });
    fireEvent.change(within(dialog).getByLabelText('密码'), { target: { value: 'Gongbao#2026' } });
    fireEvent.change(within(dialog).getByLabelText('确认密码'), { target: { value: 'Gongbao#2026' } });
    await pickOrg(within(dialog).getByLabelText('所属组织'), ['总公司']);
    await waitFor(() => expect(orgPickerShows(within(dialog).getByLabelText('所属组织'))).toBe('总公司'));
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('添加成功');
    const [sent] = await api.sent(routes.createAccount);
    expect(sent?.body).toMatchObject({ accountNumber: 'gongbao', employeeNo: 'E2002' });
    expect(employeeNoOf('gongbao')).toBe('E2002');
  });

  it('editing fills 工号 from the account and sends the new value; a blank one is sent as null', async () => {
    giveEmployeeNo('xietingting', 'E1001');
    const table = await openScreen();
    fireEvent.click(within(rowOf(table, '谢婷婷')).getByRole('button', { name: '编辑' }));
    const dialog = await findDialog('修改账号');
    const employeeNo = within(dialog).getByLabelText('工号');
    expect(employeeNo).toHaveProperty('value', 'E1001');
    fireEvent.change(employeeNo, { target: { value: 'E1002' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('编辑成功');
    expect((await api.sent(routes.updateAccount))[0]?.body).toMatchObject({ employeeNo: 'E1002' });
    expect(employeeNoOf('xietingting')).toBe('E1002');

    await waitFor(() => expect(screen.queryByRole('dialog', { name: '修改账号' })).toBeNull());
    fireEvent.click(within(rowOf(table, '谢婷婷')).getByRole('button', { name: '编辑' }));
    const again = await findDialog('修改账号');
    await waitFor(() => expect(within(again).getByLabelText('工号')).toHaveProperty('value', 'E1002'));
    fireEvent.change(within(again).getByLabelText('工号'), { target: { value: '  ' } });
    fireEvent.click(within(again).getByRole('button', { name: '确 定' }));
    await waitFor(async () => expect(await api.sent(routes.updateAccount)).toHaveLength(2));
    expect((await api.sent(routes.updateAccount))[1]?.body).toMatchObject({ employeeNo: null });
  });

  it('a 工号 another account holds is refused under the field, naming it', async () => {
    giveEmployeeNo('xietingting', 'E1001');
    const table = await openScreen();
    fireEvent.click(within(rowOf(table, '郑凯')).getByRole('button', { name: '编辑' }));
    const dialog = await findDialog('修改账号');
    const employeeNo = within(dialog).getByLabelText('工号');
    fireEvent.change(employeeNo, { target: { value: 'E1001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await within(dialog).findByText('工号“E1001”已存在');
    expect(employeeNo.getAttribute('aria-invalid')).toBe('true');
  });
});
