// The shell in the whole app answered by the mock API (src/mocks): the side menu (首页 first, icons, collapse kept
// per account), the breadcrumb, the tab bar of opened pages, the 403 page and the screens everyone may open.
import { routes } from '@gatehouse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MOCK_AUTH_OPTIONS } from '@/mocks/handlers/auth';
import { setupMockApi } from '@/testing/mock-api';
import { preloadScreens, renderApp } from '@/testing/render-app';

// 首页's charts draw on a canvas happy-dom does not have.
vi.mock('echarts/core', () => import('@/testing/fake-echarts'));

const api = setupMockApi();

interface HappyDomWindow {
  happyDOM: { setViewport(viewport: { width: number; height: number }): void };
}
const setWidth = (width: number) => (window as unknown as HappyDomWindow).happyDOM.setViewport({ width, height: 900 });

const sider = () => document.querySelector('.ant-layout-sider') as HTMLElement;
const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const keptPaths = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid="kept-page"]')].map((page) => page.dataset.path);

describe('the shell', () => {
  beforeAll(() => preloadScreens('/', '/user/Account', '/user/Role', '/system/Profile'));
  beforeEach(() => {
    setWidth(1440);
    localStorage.clear();
    sessionStorage.clear();
  });

  it('shows 首页 first in the menu, each entry with its icon, and the breadcrumb group › screen', async () => {
    api.signInAs('admin');
    await renderApp('/user/Account');
    const nav = await screen.findByRole('navigation', { name: '主菜单' });
    const items = within(nav).getAllByRole('menuitem');
    expect(items[0]?.textContent).toBe('首页');
    await waitFor(() => expect(nav.querySelector('[data-menu-icon="HomeOutlined"] svg')).not.toBeNull());
    expect(nav.querySelector('[data-menu-icon="TeamOutlined"]')).not.toBeNull();
    const crumbs = await screen.findByTestId('breadcrumb');
    expect(crumbs.textContent).toBe('用户管理/账号管理');
  });

  it('collapses the menu to its icons and keeps the choice for the account', async () => {
    api.signInAs('admin');
    const { router } = await renderApp('/');
    const toggle = await screen.findByRole('button', { name: '收起菜单' });
    expect(sider().className).not.toContain('ant-layout-sider-collapsed');
    fireEvent.click(toggle);
    await screen.findByRole('button', { name: '展开菜单' });
    await waitFor(() => expect(sider().className).toContain('ant-layout-sider-collapsed'));
    expect(localStorage.getItem(`gatehouse.nav.collapsed.1`)).toBe('1');
    router.dispose();
  });

  it('starts collapsed for an account that chose so, and collapses by itself below 1200 px', async () => {
    localStorage.setItem('gatehouse.nav.collapsed.1', '1');
    api.signInAs('admin');
    await renderApp('/');
    await screen.findByRole('button', { name: '展开菜单' });
    expect(sider().className).toContain('ant-layout-sider-collapsed');
  });

  it('collapsed, a group opens as a flyout headed by the group’s title above its entries', async () => {
    localStorage.setItem('gatehouse.nav.collapsed.1', '1');
    api.signInAs('admin');
    await renderApp('/');
    await screen.findByRole('button', { name: '展开菜单' });
    const nav = screen.getByRole('navigation', { name: '主菜单' });
    // The group's title (its icon, collapsed) is what the pointer rests on.
    fireEvent.mouseEnter(nav.querySelector('[data-menu-id$="/user"]') as HTMLElement);
    const flyout = await waitFor(() => {
      const popup = document.querySelector<HTMLElement>('.ant-menu-submenu-popup');
      expect(popup).not.toBeNull();
      return popup as HTMLElement;
    });
    const title = await waitFor(() => within(flyout).getByText('用户管理'));
    expect(title.closest('.ant-menu-item-group-title')).not.toBeNull();
    const entries = within(flyout)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(entries).toEqual(['账号管理', '组织管理', '角色管理', '资源管理', '岗位管理']);
  });

  it('shows the menu as icons at 1024 px and as a drawer at 768 px', async () => {
    setWidth(1024);
    api.signInAs('admin');
    await renderApp('/');
    await screen.findByRole('button', { name: '展开菜单' });
    expect(sider().className).toContain('ant-layout-sider-collapsed');
  });

  it('opens the menu in a drawer at 768 px', async () => {
    setWidth(768);
    api.signInAs('admin');
    const { router } = await renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: '打开菜单' }));
    expect(sider()).toBeNull();
    const drawer = await screen.findByRole('dialog', { name: '主菜单' });
    fireEvent.click(within(drawer).getByRole('menuitem', { name: '系统设置' }));
    fireEvent.click(await within(drawer).findByRole('menuitem', { name: '字典管理' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/Dict'));
  });

  it('adds a tab per opened screen, keeps the others mounted with their own address, and closes tabs', async () => {
    api.signInAs('admin');
    const { router } = await renderApp('/user/Account?accountName=%E6%9D%8E');
    await screen.findByRole('tab', { name: '账号管理' });
    expect(tabNames()).toEqual(['首页', '账号管理']);
    await router.navigate('/user/Role');
    await screen.findByRole('tab', { name: '角色管理' });
    expect(tabNames()).toEqual(['首页', '账号管理', '角色管理']);
    // The account screen stays mounted, with its own filters, while 角色管理 is shown.
    expect(keptPaths()).toEqual(['/user/Account', '/user/Role']);
    const stored = JSON.parse(sessionStorage.getItem('gatehouse.tabs.1') ?? '[]');
    expect(stored).toEqual([
      { key: '/', path: '/' },
      { key: '/user/Account', path: '/user/Account?accountName=%E6%9D%8E' },
      { key: '/user/Role', path: '/user/Role' },
    ]);

    // Back to the account tab: its address with the filter.
    fireEvent.click(screen.getByRole('tab', { name: '账号管理' }));
    await waitFor(() => expect(router.state.location.search).toBe('?accountName=%E6%9D%8E'));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: '账号管理' }).getAttribute('aria-selected')).toBe('true'),
    );

    // Closing the active tab shows its right neighbour.
    const accountTab = screen.getByRole('tab', { name: '账号管理' }).closest('.ant-tabs-tab') as HTMLElement;
    fireEvent.click(within(accountTab).getByRole('button', { name: /remove|关闭/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/Role'));
    expect(tabNames()).toEqual(['首页', '角色管理']);
    expect(keptPaths()).toEqual(['/user/Role']);
  });

  it('a click on the tab that still looks active goes back to it while the shell has not rendered the new address', async () => {
    api.signInAs('admin');
    const { router } = await renderApp('/user/Account?accountName=%E6%9D%8E');
    await screen.findByRole('tab', { name: '账号管理' });
    await router.navigate('/user/Role');
    await screen.findByRole('tab', { name: '角色管理' });
    fireEvent.click(screen.getByRole('tab', { name: '账号管理' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: '账号管理' }).getAttribute('aria-selected')).toBe('true'),
    );
    const entries = window.history.length;
    // The address moves on (a navigation whose page is still loading); the tab bar still shows 账号管理 active.
    void router.navigate('/user/Role');
    expect(screen.getByRole('tab', { name: '账号管理' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: '账号管理' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/Account'));
    expect(router.state.location.search).toBe('?accountName=%E6%9D%8E');
    // Clicking the tab on screen adds no history entry (the stale click replaced the one it went back from).
    fireEvent.click(screen.getByRole('tab', { name: '账号管理' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/Account'));
    expect(window.history.length).toBeLessThanOrEqual(entries + 1);
  });

  it('restores the tabs of the account after a reload, the hidden ones mounted on first visit', async () => {
    sessionStorage.setItem(
      'gatehouse.tabs.1',
      JSON.stringify([
        { key: '/', path: '/' },
        { key: '/user/Role', path: '/user/Role' },
      ]),
    );
    api.signInAs('admin');
    await renderApp('/user/Account');
    // The account is known a moment after the layout is up (its list is kept per account).
    await waitFor(() => expect(tabNames()).toEqual(['首页', '角色管理', '账号管理']));
    expect(keptPaths()).toEqual(['/user/Account']);
  });

  it('pins a tab from its menu (first after 首页, no ×, kept by 关闭全部) and closes the ones to the left', async () => {
    sessionStorage.setItem(
      'gatehouse.tabs.1',
      JSON.stringify([
        { key: '/', path: '/' },
        { key: '/user/Role', path: '/user/Role' },
        { key: '/system/Profile', path: '/system/Profile' },
      ]),
    );
    api.signInAs('admin');
    await renderApp('/user/Account');
    await screen.findByRole('tab', { name: '个人信息' });
    fireEvent.contextMenu(screen.getByRole('tab', { name: '个人信息' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '固定' }));
    await waitFor(() => expect(tabNames()).toEqual(['首页', '个人信息', '角色管理', '账号管理']));
    // It shows a pin and has no close button; the others' are named in Chinese.
    const pinned = screen.getAllByRole('tab')[1]!.closest('.ant-tabs-tab')!;
    expect(pinned.querySelector('[aria-label="已固定"]')).not.toBeNull();
    expect(pinned.querySelector('.ant-tabs-tab-remove')).toBeNull();
    expect(
      screen
        .getByRole('tab', { name: '角色管理' })
        .closest('.ant-tabs-tab')!
        .querySelector('button')
        ?.getAttribute('aria-label'),
    ).toBe('关闭');

    fireEvent.contextMenu(screen.getByRole('tab', { name: '账号管理' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '关闭左侧' }));
    await waitFor(() => expect(tabNames()).toEqual(['首页', '个人信息', '账号管理']));

    fireEvent.click(screen.getByRole('button', { name: '页签操作' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '关闭全部' }));
    await waitFor(() => expect(tabNames()).toEqual(['首页', '个人信息']));
  });

  it('closes others and the ones to the right from a tab’s menu, and reloads one', async () => {
    sessionStorage.setItem(
      'gatehouse.tabs.1',
      JSON.stringify([
        { key: '/', path: '/' },
        { key: '/user/Role', path: '/user/Role' },
        { key: '/system/Profile', path: '/system/Profile' },
      ]),
    );
    api.signInAs('admin');
    const { router } = await renderApp('/user/Account');
    await screen.findByRole('tab', { name: '角色管理' });
    fireEvent.contextMenu(screen.getByRole('tab', { name: '角色管理' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '关闭右侧' }));
    await waitFor(() => expect(tabNames()).toEqual(['首页', '角色管理']));
    expect(router.state.location.pathname).toBe('/user/Role');

    fireEvent.click(screen.getByRole('button', { name: '页签操作' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '关闭其他' }));
    await waitFor(() => expect(tabNames()).toEqual(['首页', '角色管理']));

    // 刷新 mounts the page afresh.
    const page = () => document.querySelector('[data-testid="kept-page"][data-path="/user/Role"]');
    const before = page();
    fireEvent.contextMenu(screen.getByRole('tab', { name: '角色管理' }));
    const refresh = await waitFor(() => {
      const visible = screen.getAllByRole('menuitem', { name: '刷新' });
      expect(visible.length).toBeGreaterThan(0);
      return visible.at(-1) as HTMLElement;
    });
    fireEvent.click(refresh);
    await waitFor(() => expect(page()).not.toBe(before));
    expect(page()).not.toBeNull();
  });

  it('shows the 403 page naming a screen the account may not open, and lets everyone open 首页 and 个人信息', async () => {
    api.answer(routes.authOptions, { ...MOCK_AUTH_OPTIONS, accessControl: true });
    // A role granted 账号管理 only: 个人信息 and 首页 are not among its menus.
    const held = api.store.resources.filter(
      (r) => r.type === 1 || (r.type === 0 && (r.route === '/user' || r.route === '/user/Account')),
    );
    api.answer(routes.getPermissions, held);
    api.signInAs('lina');
    const { router } = await renderApp('/system/Dict');
    await screen.findByText('无权访问“字典管理”');
    expect(router.state.location.pathname).toBe('/system/Dict');
    fireEvent.click(screen.getByRole('button', { name: '返回首页' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await router.navigate('/system/Profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/Profile'));
    const profile = () => document.querySelector<HTMLElement>('[data-testid="kept-page"][data-path="/system/Profile"]');
    await waitFor(() => expect(profile()?.dataset.active).toBe('true'));
    expect(within(profile() as HTMLElement).queryByText(/无权访问/)).toBeNull();
    const nav = screen.getByRole('navigation', { name: '主菜单' });
    expect(
      within(nav)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toContain('首页');
  });
});
