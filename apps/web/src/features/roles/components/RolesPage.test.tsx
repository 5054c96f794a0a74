// The role screen in the whole app (signed in as the seeded admin), answered by the mock API (src/mocks).
import { routes } from '@gatehouse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupMockApi } from '@/testing/mock-api';
import { findDialog, rowOf } from '@/testing/queries';
import { preloadScreens, renderApp } from '@/testing/render-app';

const api = setupMockApi();

async function openScreen(accountNumber = 'admin') {
  api.signInAs(accountNumber);
  await renderApp('/user/Role');
  const table = await screen.findByRole('table');
  await within(table).findByText('部门管理员');
  return table;
}

const holders = (roleId: number) => String(api.store.accounts.filter((a) => a.roleId === roleId).length);

describe('/user/Role', () => {
  beforeAll(() => preloadScreens('/user/Role'));

  it('lists the seeded roles with their remarks and how many accounts hold each; the built-in one is locked', async () => {
    const table = await openScreen();
    const admin = within(rowOf(table, '超级管理员'));
    admin.getByText('内置');
    admin.getByText('内置角色，拥有全部权限');
    expect(admin.getByRole('button', { name: '编辑' })).toHaveProperty('disabled', true);
    expect(admin.getByRole('button', { name: '删除' })).toHaveProperty('disabled', true);
    const manager = within(rowOf(table, '部门管理员'));
    manager.getByText('管理本部门的账号与组织');
    manager.getByText(holders(2));
    expect(manager.getByRole('button', { name: '编辑' })).toHaveProperty('disabled', false);
    within(rowOf(table, '字典维护员')).getByText(holders(4));
  });

  it('adds a role with a permission picked in the tree: saved by the server, listed', async () => {
    const table = await openScreen();
    fireEvent.click(screen.getByRole('button', { name: '+ 添加' }));
    const dialog = await findDialog('权限信息');
    fireEvent.change(within(dialog).getByLabelText('角色名称'), { target: { value: '审计员' } });
    fireEvent.change(within(dialog).getByPlaceholderText('搜索名称、路由或接口地址'), {
      target: { value: '统计概览' },
    });
    const item = (await within(dialog).findByText('统计概览')).closest('[role="treeitem"]') as HTMLElement;
    fireEvent.click(within(item).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('添加成功');
    await within(table).findByText('审计员');
    const overview = api.store.resources.find((r) => r.type === 1 && r.url === routes.overview.path);
    expect(api.store.roles.find((r) => r.name === '审计员')?.resources).toContain(overview?.id);
  });

  it('edits a role: the row shows the new remark', async () => {
    const table = await openScreen();
    fireEvent.click(within(rowOf(table, '字典维护员')).getByRole('button', { name: '编辑' }));
    const dialog = await findDialog('权限信息');
    const remark = within(dialog).getByLabelText('备注');
    expect(remark).toHaveProperty('value', '维护系统字典');
    fireEvent.change(remark, { target: { value: '维护字典与字典项' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('编辑成功');
    await within(table).findByText('维护字典与字典项');
  });

  it('deletes a role nobody holds; one still held stays, with the server’s reason', async () => {
    api.store.roles.push({ id: 9, name: '临时角色', remark: null, resources: [], builtin: false });
    const table = await openScreen();
    fireEvent.click(within(rowOf(table, '字典维护员')).getByRole('button', { name: '删除' }));
    fireEvent.click(within(await findDialog('是否删除?')).getByRole('button', { name: '确定' }));
    await screen.findByText(`该角色正被 ${holders(4)} 个账号使用，不能删除`);
    within(table).getByText('字典维护员');

    fireEvent.click(within(rowOf(table, '临时角色')).getByRole('button', { name: '删除' }));
    fireEvent.click(within(await findDialog('是否删除?')).getByRole('button', { name: '确定' }));
    await screen.findByText('删除成功');
    await waitFor(() => expect(within(table).queryByText('临时角色')).toBeNull());
  });

  it('a list the server fails to answer: the error page says why', async () => {
    api.fail(routes.listRoles, 500, '角色服务异常');
    api.signInAs('admin');
    await renderApp('/user/Role');
    expect((await screen.findByTestId('server-error-message')).textContent).toBe('错误信息：角色服务异常');
  });
});
