// The organisation screen in the whole app (signed in as the seeded admin), answered by the mock API (src/mocks).
import { routes } from '@gatehouse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupMockApi } from '@/testing/mock-api';
import { findDialog } from '@/testing/queries';
import { preloadScreens, renderApp } from '@/testing/render-app';

const api = setupMockApi();

async function openScreen() {
  api.signInAs('admin');
  await renderApp('/user/Organization');
  await screen.findByText('总公司');
}

/** The tree table's row of the organisation named `name`. */
const rowOf = (name: string) => {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`no row holds ${name}`);
  return row;
};

async function expand(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: `展开 ${name}` }));
}

describe('/user/Organization', () => {
  beforeAll(() => Promise.all([preloadScreens('/user/Organization'), import('@/components/org-picker/OrgTreeTable')]));

  it('shows the seeded root with its full name, and its departments once opened', async () => {
    await openScreen();
    within(rowOf('总公司')).getByText('门楼科技集团有限公司');
    expect(screen.queryByText('研发中心')).toBeNull();
    await expand('总公司');
    for (const name of ['研发中心', '市场部', '财务部', '人力资源部', '运营中心']) await screen.findByText(name);
    await expand('研发中心');
    await screen.findByText('前端开发部');
  });

  it('adds a department under one: saved by the server, shown under its parent', async () => {
    await openScreen();
    await expand('总公司');
    await screen.findByText('研发中心');
    fireEvent.click(within(rowOf('研发中心')).getByRole('button', { name: '添加下级' }));
    const dialog = await findDialog('组织信息');
    expect(within(dialog).getByLabelText('上级组织')).toHaveProperty('value', '研发中心');
    fireEvent.change(within(dialog).getByLabelText('部门名称'), { target: { value: '移动开发部' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('添加成功');
    // The parent opens on its new child.
    await screen.findByText('移动开发部');
    expect(api.store.orgs.find((o) => o.name === '移动开发部')?.pid).toBe(2);
  });

  it('edits a department: the row shows the new name', async () => {
    await openScreen();
    await expand('总公司');
    await screen.findByText('财务部');
    fireEvent.click(within(rowOf('财务部')).getByRole('button', { name: '编辑' }));
    const dialog = await findDialog('组织信息');
    const name = within(dialog).getByLabelText('部门名称');
    expect(name).toHaveProperty('value', '财务部');
    fireEvent.change(name, { target: { value: '财务中心' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('编辑成功');
    await screen.findByText('财务中心');
    expect(screen.queryByText('财务部')).toBeNull();
  });

  it('deletes an empty department; one that still has accounts stays, with the server’s reason', async () => {
    api.store.orgs.push({
      id: 99,
      pid: 1,
      name: '筹备组',
      fullName: null,
      regionId: null,
      createTime: new Date().toISOString(),
    });
    await openScreen();
    await expand('总公司');

    await screen.findByText('财务部');
    fireEvent.click(within(rowOf('财务部')).getByRole('button', { name: '删除' }));
    fireEvent.click(within(await findDialog('是否删除?')).getByRole('button', { name: '确定' }));
    // 李娜 and 郭佳 work there.
    await screen.findByText('该组织下还有 2 个账号，请先删除或调走这些账号');
    expect(screen.getByText('财务部')).toBeTruthy();

    fireEvent.click(within(rowOf('筹备组')).getByRole('button', { name: '删除' }));
    fireEvent.click(within(await findDialog('是否删除?')).getByRole('button', { name: '确定' }));
    await screen.findByText('删除成功');
    await waitFor(() => expect(screen.queryByText('筹备组')).toBeNull());
  });

  it('a tree the server fails to answer: the error page says why', async () => {
    api.fail(routes.listOrgs, 503, '组织服务暂不可用');
    api.signInAs('admin');
    await renderApp('/user/Organization');
    expect((await screen.findByTestId('server-error-message')).textContent).toBe('错误信息：组织服务暂不可用');
  });
});
