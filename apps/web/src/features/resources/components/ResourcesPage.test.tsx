// The permission tree screen in the whole app (signed in as the seeded admin), answered by the mock API
// (src/mocks), whose seed holds one menu per contract screen and one API resource per contract route.
import { routes } from '@gatehouse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadMenuIcons } from '@/components/menu-icon';
import { setTextLocale } from '@/lib/i18n';
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
  // The menu icons' chunk (60 antd icons) too: its first transform is not a wait of any test.
  beforeAll(() => Promise.all([preloadScreens('/user/Resource'), loadMenuIcons()]));
  afterEach(() => setTextLocale('zh-CN'));

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

  it('in English, built-in menus and APIs read their English titles; the form edits the stored name', async () => {
    api.store.resources.push({
      ...seeded('字典管理'),
      id: 900,
      name: '报表中心',
      route: '/system/Reports',
      builtin: false,
    });
    await setTextLocale('en-US');
    await openScreen();
    within(node(seeded('账号管理').id)).getByText('Accounts');
    within(node(seeded(routes.listAccounts.title).id)).getByText('Account list');
    // An administrator's own resource keeps its name.
    within(node(900)).getByText('报表中心');
    fireEvent.click(within(node(seeded('字典管理').id)).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(screen.getByTestId('resource-form-title').textContent).toBe('Edit: Dictionaries'));
    // Saving writes the name the field holds: the stored one, not the translation.
    expect(within(form()).getByLabelText('Name')).toHaveProperty('value', '字典管理');
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

  /** Opens the form on the built-in menu 字典管理 (seeded with BookOutlined, the contract's icon). */
  async function editDicts() {
    await openScreen();
    const dicts = seeded('字典管理');
    expect(node(dicts.id).querySelector('[data-menu-icon="BookOutlined"]')).not.toBeNull();
    fireEvent.click(within(node(dicts.id)).getByRole('button', { name: '编辑' }));
    await waitFor(() => expect(screen.getByTestId('resource-form-title').textContent).toBe('编辑：字典管理'));
    return dicts;
  }

  it('picks a menu’s icon from the grid: saved by the server, shown in the tree row', async () => {
    const dicts = await editDicts();
    const picker = within(form()).getByRole('button', { name: '图标' });
    expect(picker.textContent).toContain('BookOutlined');
    fireEvent.click(picker);
    const grid = await screen.findByRole('group', { name: '选择图标' });
    expect(within(grid).getByRole('button', { name: 'BookOutlined' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(grid).getByRole('button', { name: 'DatabaseOutlined' }));
    await waitFor(() => expect(picker.textContent).toContain('DatabaseOutlined'));
    fireEvent.click(within(form()).getByRole('button', { name: '保 存' }));
    await screen.findByText('编辑成功');
    expect(api.store.resources.find((r) => r.id === dicts.id)?.icon).toBe('DatabaseOutlined');
    await waitFor(() => expect(node(dicts.id).querySelector('[data-menu-icon="DatabaseOutlined"]')).not.toBeNull());
  });

  it('无图标 removes a menu’s icon', async () => {
    const dicts = await editDicts();
    fireEvent.click(within(form()).getByRole('button', { name: '图标' }));
    // Asked of the picker's own popup: a name query over the whole screen computes the name of every button in
    // the tree (docs/testing.md, "Fast queries").
    fireEvent.click(within(await screen.findByTestId('icon-picker-grid')).getByRole('button', { name: '无图标' }));
    fireEvent.click(within(form()).getByRole('button', { name: '保 存' }));
    await screen.findByText('编辑成功');
    expect(api.store.resources.find((r) => r.id === dicts.id)?.icon).toBeNull();
    await waitFor(() => expect(node(dicts.id).querySelector('[data-menu-icon]')).toBeNull());
  });

  it('an API resource has no icon field', async () => {
    await openScreen();
    fireEvent.click(within(node(seeded(routes.listAccounts.title).id)).getByRole('button', { name: '编辑' }));
    await waitFor(() => expect(screen.getByTestId('resource-form-type').textContent).toBe('接口资源'));
    expect(within(form()).queryByRole('button', { name: '图标' })).toBeNull();
  });

  it('deletes a resource of its own after a confirmation naming it', async () => {
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
      icon: null,
      builtin: false,
    });
    await openScreen();
    fireEvent.click(within(await screen.findByTestId('resource-900')).getByRole('button', { name: '删除' }));
    fireEvent.click(within(await findDialog('删除资源「旧公告」？')).getByRole('button', { name: '确定' }));
    await screen.findByText('删除成功');
    await waitFor(() => expect(screen.queryByTestId('resource-900')).toBeNull());
    expect(api.store.resources.some((r) => r.id === 900)).toBe(false);
  });

  it('a menu with children: the confirmation names it and says they must go first', async () => {
    const parent = seeded('系统设置');
    const children = api.store.resources.filter((r) => r.pid === parent.id).length;
    api.store.resources.find((r) => r.id === parent.id)!.builtin = false;
    await openScreen();
    fireEvent.click(within(node(parent.id)).getByRole('button', { name: '删除' }));
    const confirm = await findDialog('删除资源「系统设置」？');
    within(confirm).getByText(`它下面还有 ${children} 个下级资源，需先删除它们，否则不能删除。`);
  });

  it('a long url stays on one line; 刷新 asks the server again', async () => {
    const url = `/report/${'monthly-summary-of-everything/'.repeat(8)}export`;
    api.store.resources.push({
      id: 901,
      pid: seeded('系统设置').id,
      name: '导出很长的报表',
      type: 1,
      route: null,
      method: 'GET',
      url,
      remark: null,
      orderNum: 0,
      icon: null,
      builtin: false,
    });
    await openScreen();
    const tag = within(await screen.findByTestId('resource-901')).getByText(url);
    expect(tag.style.whiteSpace).toBe('nowrap');
    expect(tag.style.textOverflow).toBe('ellipsis');
    const before = (await api.sent(routes.listResources)).length;
    fireEvent.click(within(screen.getByRole('toolbar', { name: '表格工具' })).getByRole('button', { name: '刷新' }));
    await waitFor(async () => expect((await api.sent(routes.listResources)).length).toBe(before + 1));
  });

  it('a failed load says 加载失败 with the reason and 重试, which loads the tree', async () => {
    api.breakNetwork(routes.listResources);
    api.signInAs('admin');
    await renderApp('/user/Resource');
    const failed = await screen.findByTestId('list-failed');
    expect(failed.textContent).toBe('加载失败：网络异常');
    api.server.resetHandlers();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await screen.findByTestId(`resource-${seeded('账号管理').id}`);
    expect(screen.queryByTestId('list-failed')).toBeNull();
  });

  it('a tree the server fails to answer: the error page says why', async () => {
    api.fail(routes.listResources, 500, '资源服务异常');
    api.signInAs('admin');
    await renderApp('/user/Resource');
    expect((await screen.findByTestId('server-error-message')).textContent).toBe('错误信息：资源服务异常');
  });
});
