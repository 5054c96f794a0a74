// The permission tree screen in the whole app (signed in as the seeded admin), answered by the mock API
// (src/mocks), whose seed holds one menu per contract screen and one API resource per contract route.
import { routes } from '@gatehouse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupMockApi } from '@/testing/mock-api';
import { findDialog } from '@/testing/queries';
import { preloadScreens, renderApp } from '@/testing/render-app';

const api = setupMockApi();

/** The seeded resource named `name` (menus and API resources are named after the contract's titles). */
const seeded = (name: string) => {
  const resource = api.store.resources.find((r) => r.name === name);
  if (!resource) throw new Error(`no seeded resource ${name}`);
  return resource;
};

/** The tree's row of resource `id`. */
const node = (id: number) => screen.getByTestId(`resource-${id}`);

async function openScreen() {
  api.signInAs('admin');
  await renderApp('/user/Resource');
  await screen.findByTestId(`resource-${seeded('账号管理').id}`);
}

/** The side form (antd names it by its id). */
const form = () => {
  const element = document.getElementById('resourceForm');
  if (!element) throw new Error('no resource form');
  return element;
};

describe('/user/Resource', () => {
  beforeAll(() => preloadScreens('/user/Resource'));

  it('shows the seeded tree: menus with their route, API resources with method and url, all built in', async () => {
    await openScreen();
    const accounts = within(node(seeded('账号管理').id));
    accounts.getByText('/user/Account');
    accounts.getByText('内置');
    const list = within(node(seeded(routes.listAccounts.title).id));
    list.getByText('GET');
    list.getByText(routes.listAccounts.path);
    // Built-in resources cannot be deleted.
    expect(list.getByRole('button', { name: '删除' })).toHaveProperty('disabled', true);
  });

  it('adds a child menu: the form says under which, the server saves it, the tree shows it', async () => {
    await openScreen();
    const parent = seeded('系统设置');
    fireEvent.click(within(node(parent.id)).getByRole('button', { name: '添加子菜单' }));
    await waitFor(() => expect(screen.getByTestId('resource-form-title').textContent).toBe('添加菜单'));
    screen.getByText('父级：系统设置');
    fireEvent.change(within(form()).getByLabelText('名称'), { target: { value: '公告管理' } });
    fireEvent.change(within(form()).getByLabelText('路由'), { target: { value: '/system/Notice' } });
    fireEvent.click(within(form()).getByRole('button', { name: '保 存' }));
    await screen.findByText('添加成功');
    const added = api.store.resources.find((r) => r.name === '公告管理');
    expect(added).toMatchObject({ pid: parent.id, type: 0, route: '/system/Notice', builtin: false });
    within(await screen.findByTestId(`resource-${added?.id}`)).getByText('/system/Notice');
    // The form goes on with the saved node.
    expect(screen.getByTestId('resource-form-title').textContent).toBe('编辑：公告管理');
  });

  it('renames a built-in menu: its route stays fixed, the tree shows the new name', async () => {
    await openScreen();
    const dicts = seeded('字典管理');
    fireEvent.click(within(node(dicts.id)).getByRole('button', { name: '编辑' }));
    await waitFor(() => expect(screen.getByTestId('resource-form-title').textContent).toBe('编辑：字典管理'));
    screen.getByText('内置资源：路由、请求方法和 URL 由系统维护，不能修改');
    fireEvent.change(within(form()).getByLabelText('名称'), { target: { value: '数据字典' } });
    fireEvent.click(within(form()).getByRole('button', { name: '保 存' }));
    await screen.findByText('编辑成功');
    await waitFor(() => within(node(dicts.id)).getByText('数据字典'));
    expect(api.store.resources.find((r) => r.id === dicts.id)).toMatchObject({ name: '数据字典', route: dicts.route });
  });

  it('deletes a resource of its own after 是否删除?', async () => {
    const parent = seeded('系统设置');
    api.store.resources.push({
      id: 900,
      pid: parent.id,
      name: '旧公告',
      type: 0,
      route: '/system/OldNotice',
      method: null,
      url: null,
      remark: null,
      orderNum: 99,
      builtin: false,
    });
    await openScreen();
    fireEvent.click(within(await screen.findByTestId('resource-900')).getByRole('button', { name: '删除' }));
    fireEvent.click(within(await findDialog('是否删除?')).getByRole('button', { name: '确定' }));
    await screen.findByText('删除成功');
    await waitFor(() => expect(screen.queryByTestId('resource-900')).toBeNull());
    expect(api.store.resources.some((r) => r.id === 900)).toBe(false);
  });

  it('a tree the server fails to answer: the error page says why', async () => {
    api.fail(routes.listResources, 500, '资源服务异常');
    api.signInAs('admin');
    await renderApp('/user/Resource');
    expect((await screen.findByTestId('server-error-message')).textContent).toBe('错误信息：资源服务异常');
  });
});
