// 权限预览 (/view-as) in the whole app, signed in as the seeded admin, answered by the mock API (src/mocks), which
// computes the preview from its store: the account's (or role's) menus, its data scope and the accounts in it.
import { type RouteDef, routes } from '@gatehouse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { usePreferences } from '@/stores/preferences';
import { setupMockApi } from '@/testing/mock-api';
import { rowOf } from '@/testing/queries';
import { preloadScreens, renderApp } from '@/testing/render-app';

const api = setupMockApi();

const role = (name: string) => {
  const found = api.store.roles.find((r) => r.name === name);
  if (!found) throw new Error(`no seeded role ${name}`);
  return found;
};

const accountTable = () => screen.findByRole('table', { name: '账号列表' });

/** The contract's APIs every account holds (open, or for anyone signed in): none is filed under a menu. */
const freeRoutes = Object.values(routes as Record<string, RouteDef>).filter((route) => route.access !== 'permission');

interface HappyDomWindow {
  happyDOM: { setViewport(viewport: { width: number; height: number }): void };
}
const setWidth = (width: number) => (window as unknown as HappyDomWindow).happyDOM.setViewport({ width, height: 800 });

/** The card of the preview titled `title` (its head's text starts with it). */
const card = (title: string) => {
  const found = [...document.querySelectorAll<HTMLElement>('.ant-card')].find((candidate) =>
    candidate.querySelector('.ant-card-head-title')?.textContent?.startsWith(title),
  );
  if (!found) throw new Error(`no card titled ${title}`);
  return found;
};

describe('/view-as', () => {
  beforeAll(() => preloadScreens('/view-as', '/user/Account'));
  afterEach(() => {
    setWidth(1440);
    usePreferences.setState({ theme: null });
  });

  it('shows an account’s menus, its data scope and the accounts it would see, as a preview', async () => {
    role('部门管理员').dataScope = 'orgTree';
    api.signInAs('admin');
    await renderApp(`/view-as?accountId=2&account=${encodeURIComponent('张伟（zhangwei）')}`);
    const menus = await screen.findByRole('navigation', { name: '菜单' });
    for (const name of ['首页', '用户管理', '账号管理', '组织管理']) within(menus).getByText(name);
    for (const name of ['角色管理', '资源管理', '字典管理']) expect(within(menus).queryByText(name)).toBeNull();
    // The tag names the kind; the words beside it say only the rest, the kind is not said twice.
    const scope = card('数据权限');
    within(scope).getByText('本组织及以下');
    expect(screen.getByTestId('scope-text').textContent).toBe('研发中心（含 3 个下级组织，10 个账号）');
    expect(scope.textContent?.split('本组织及以下')).toHaveLength(2);
    // The first page of its account list: the accounts of 研发中心 and below, the newest first.
    const table = await accountTable();
    const rows = [...table.querySelectorAll('tr.ant-table-row')];
    expect(rows).toHaveLength(10);
    within(rows[0] as HTMLElement).getByText('谢婷婷');
    within(table).getByText('张伟');
    expect(within(table).queryByText('郑凯')).toBeNull();
    screen.getByText('共 10 个账号，这里是第一页（最新的 10 个），只读');
    // Nobody is signed in as it: the admin still is, and says so.
    const notice = screen.getByTestId('view-as-notice');
    expect(notice.textContent).toContain('账号“张伟（zhangwei）”');
    expect(notice.textContent).toContain('没有人以其身份登录，您仍以自己的身份（系统管理员（admin））操作');
    const sent = await api.sent(routes.viewAs);
    expect(sent.at(-1)?.query.get('accountId')).toBe('2');
  });

  it('a role that may not load the account list sees it refused, as its own session would', async () => {
    api.signInAs('admin');
    await renderApp(`/view-as?roleId=${role('普通员工').id}`);
    const refused = await screen.findByTestId('view-as-accounts-refused');
    expect(refused.textContent).toBe('加载失败：无权访问“账号列表”，请联系企业管理员');
    expect(screen.queryByText(/这里是第一页/)).toBeNull();
  });

  it('lists what the role grants first, and folds the APIs every account holds into one closed group', async () => {
    role('部门管理员').dataScope = 'orgTree';
    api.signInAs('admin');
    await renderApp('/view-as?accountId=2');
    const granted = await screen.findByRole('table', { name: /^按钮与接口/ });
    // The role's menus with their APIs: 账号列表 under 账号管理.
    within(rowOf(granted, routes.listAccounts.title)).getByText(routes.listAccounts.path);
    for (const route of [routes.login, routes.imageCaptcha, routes.listRegions]) {
      expect(within(granted).queryByText(route.title)).toBeNull();
    }
    // The open and signed-in APIs, every one of the contract's, in one group at the end, closed.
    const group = screen.getByTestId('everyone-apis');
    const header = within(group).getByRole('button', { name: /^所有账号均有的接口/ });
    expect(header.textContent).toBe(`所有账号均有的接口（${freeRoutes.length} 项）`);
    expect(header.getAttribute('aria-expanded')).toBe('false');
    expect(within(group).queryByRole('table')).toBeNull();
    fireEvent.click(header);
    const everyone = await within(group).findByRole('table', { name: /^所有账号均有的接口/ });
    within(rowOf(everyone, routes.login.title)).getByText(routes.login.path);
    within(everyone).getByText(routes.uploadFile.title);
    expect(within(everyone).queryByText(routes.listAccounts.title)).toBeNull();
    expect(everyone.querySelectorAll('tr.ant-table-row')).toHaveLength(freeRoutes.length);
  });

  it('at 1024 px in the dark theme, shows the preview with its folded group and scope', async () => {
    setWidth(1024);
    usePreferences.setState({ theme: 'dark' });
    role('普通员工').dataScope = 'self';
    api.signInAs('admin');
    await renderApp('/view-as?roleId=3');
    await screen.findByRole('table', { name: /^按钮与接口/ });
    // The dark theme's layout background, not the light one.
    const page = screen.getByRole('heading', { name: '权限预览' }).parentElement?.parentElement;
    expect(page?.style.background).toMatch(/^(#000|rgb\(0, 0, 0\)|#000000)$/);
    // 仅本人: the tag, then what its words hold beyond it.
    within(card('数据权限')).getByText('仅本人');
    expect(screen.getByTestId('scope-text').textContent).toBe('只能看到和修改自己的账号');
    const group = screen.getByTestId('everyone-apis');
    expect(within(group).getByRole('button').getAttribute('aria-expanded')).toBe('false');
  });

  it('previews a role from another organisation, chosen on the screen', async () => {
    role('普通员工').dataScope = 'org';
    api.signInAs('admin');
    const { router } = await renderApp(`/view-as?roleId=3&orgId=8&org=${encodeURIComponent('后端开发部')}`);
    await waitFor(() => expect(screen.getByTestId('scope-text').textContent).toBe('后端开发部（3 个账号）'));
    const menus = await screen.findByRole('navigation', { name: '菜单' });
    within(menus).getByText('个人信息');
    expect(within(menus).queryByText('账号管理')).toBeNull();
    // 普通员工 holds no 账号列表: its account list is refused, as its own session's would be.
    await screen.findByTestId('view-as-accounts-refused');
    // The notice names the role once the role list is in.
    await waitFor(() =>
      expect(screen.getByTestId('view-as-notice').textContent).toContain('持有角色“普通员工”、属于“后端开发部”的账号'),
    );
    // Another role: the address changes, the preview follows.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '角色' }));
    fireEvent.click(await screen.findByTitle('字典维护员'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('roleId')).toBe('4'));
    await waitFor(() =>
      expect(within(screen.getByRole('navigation', { name: '菜单' })).queryByText('字典管理')).not.toBeNull(),
    );
  });

  it('asks for an account or a role when the address names none', async () => {
    api.signInAs('admin');
    await renderApp('/view-as');
    await screen.findByText('请选择要预览的账号或角色');
    expect(await api.sent(routes.viewAs)).toEqual([]);
  });

  it('is refused to an account without 权限预览', async () => {
    api.signInAs('zhangwei');
    await renderApp('/view-as?accountId=2');
    await screen.findByText('您没有“权限预览”的权限');
  });
});
