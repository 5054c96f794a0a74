// The account screen in the whole app (signed in as the seeded admin), answered by the mock API (src/mocks).
import { routes } from '@gatehouse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupMockApi } from '@/testing/mock-api';
import { findDialog, rowOf } from '@/testing/queries';
import { preloadScreens, renderApp } from '@/testing/render-app';

const api = setupMockApi();

async function openScreen() {
  api.signInAs('admin');
  await renderApp('/user/Account');
  const table = await screen.findByRole('table', { name: '账号列表' });
  // The newest account of the seed heads the first page.
  await within(table).findByText('谢婷婷');
  return table;
}

const total = () => screen.getByTestId('account-total').textContent;

describe('/user/Account', () => {
  // Loaded up front, so no wait below is for a module's first transform (docs/testing.md).
  beforeAll(() =>
    Promise.all([
      preloadScreens('/user/Account'),
      import('./AccountDialog'),
      import('@/components/org-picker/OrgTreeTable'),
    ]),
  );

  it('lists the seeded accounts, newest first, with organisation, role and state', async () => {
    const table = await openScreen();
    expect(total()).toBe(`共 ${api.store.accounts.length} 条记录`);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(20);
    const newest = within(rows[0] as HTMLElement);
    for (const text of ['xietingting', '谢婷婷', '前端开发部', '普通员工', '已启用']) newest.getByText(text);
    // 杨磊 is seeded disabled.
    within(rowOf(table, '杨磊')).getByText('已禁用');
  });

  it('a search by user name narrows the rows; 重置 brings them all back', async () => {
    const table = await openScreen();
    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: '张' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(total()).toBe('共 1 条记录'));
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    within(table).getByText('张伟');

    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(total()).toBe(`共 ${api.store.accounts.length} 条记录`));
    within(table).getByText('谢婷婷');
  });

  it('adds an account through 账号信息: saved by the server, it heads the list', async () => {
    const table = await openScreen();
    fireEvent.click(screen.getByRole('button', { name: '+ 添加' }));
    const dialog = await findDialog('账号信息');
    fireEvent.change(within(dialog).getByLabelText('账号'), { target: { value: 'qianqi' } });
    fireEvent.change(within(dialog).getByLabelText('用户名'), { target: { value: '钱七' } });
    fireEvent.change(within(dialog).getByLabelText('密码'), { target: { value: 'Qianqi#2026' } });
    fireEvent.change(within(dialog).getByLabelText('确认密码'), { target: { value: 'Qianqi#2026' } });
    fireEvent.click(within(dialog).getByLabelText('所属组织'));
    const picker = await findDialog('选择组织');
    fireEvent.click(await within(picker).findByRole('radio', { name: '总公司' }));
    fireEvent.click(within(picker).getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(within(dialog).getByLabelText('所属组织')).toHaveProperty('value', '总公司'));
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));

    await screen.findByText('添加成功');
    await within(table).findByText('钱七');
    expect(within(table).getAllByRole('row')[1]).toBe(rowOf(table, '钱七'));
    const row = within(rowOf(table, '钱七'));
    row.getByText('qianqi');
    row.getByText('总公司');
    expect(api.store.accounts.find((a) => a.accountNumber === 'qianqi')).toMatchObject({ accountName: '钱七' });
  });

  it('edits an account: the row shows the new name', async () => {
    const table = await openScreen();
    fireEvent.click(within(rowOf(table, '谢婷婷')).getByRole('button', { name: '编辑' }));
    const dialog = await findDialog('账号信息');
    const name = within(dialog).getByLabelText('用户名');
    expect(name).toHaveProperty('value', '谢婷婷');
    fireEvent.change(name, { target: { value: '谢婷' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('编辑成功');
    await within(table).findByText('谢婷');
    expect(within(table).queryByText('谢婷婷')).toBeNull();
  });

  it('deletes an account after 是否删除?: the row leaves the list', async () => {
    const table = await openScreen();
    const count = api.store.accounts.length;
    fireEvent.click(within(rowOf(table, '谢婷婷')).getByRole('button', { name: '删除' }));
    const confirm = await findDialog('是否删除?');
    within(confirm).getByText('是否删除?');
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await screen.findByText('删除成功');
    await waitFor(() => expect(within(table).queryByText('谢婷婷')).toBeNull());
    expect(total()).toBe(`共 ${count - 1} 条记录`);
  });

  it('a list the server fails to answer: the error page says why', async () => {
    api.fail(routes.listAccounts, 500, '数据库不可用');
    api.signInAs('admin');
    await renderApp('/user/Account');
    expect((await screen.findByTestId('server-error-message')).textContent).toBe('错误信息：数据库不可用');
  });
});
