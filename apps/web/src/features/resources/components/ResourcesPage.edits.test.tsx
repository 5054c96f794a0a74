// The permission tree screen in the whole app (signed in as the seeded admin), answered by the mock API
// (src/mocks): adding, renaming, icons and deletes. What the tree shows is in ResourcesPage.test.tsx.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setTextLocale } from '@/lib/i18n';
import { setupMockApi } from '@/testing/mock-api';
import { findDialog } from '@/testing/queries';
import { preloadResourceScreen, resourceScreen } from '@/testing/resource-screen';

const api = setupMockApi();
const { seeded, node, openScreen, form } = resourceScreen(api);

describe('/user/Resource', () => {
  beforeAll(preloadResourceScreen);
  afterEach(() => setTextLocale('zh-CN'));

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
});
