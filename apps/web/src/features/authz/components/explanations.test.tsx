// 权限说明 (an account, from 账号管理) and 授权说明 (a resource, from 资源管理) in the whole app, signed in as the seeded
// admin and answered by the mock API (src/mocks), which computes both from its store.
import { routes } from '@gatehouse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { usePreferences } from '@/stores/preferences';
import { setupMockApi } from '@/testing/mock-api';
import { chooseRowAction, findDialog, rowOf } from '@/testing/queries';
import { preloadScreens, renderApp } from '@/testing/render-app';

const api = setupMockApi();

const role = (name: string) => {
  const found = api.store.roles.find((r) => r.name === name);
  if (!found) throw new Error(`no seeded role ${name}`);
  return found;
};

/** 账号管理 narrowed to the accounts whose user name starts with `name`'s first character. */
async function accountTable(name: string) {
  api.signInAs('admin');
  const app = await renderApp(`/user/Account?accountName=${encodeURIComponent(name.slice(0, 1))}`);
  const table = await waitFor(() => {
    const tables = screen.getAllByRole('table', { name: '账号列表' });
    expect(tables).toHaveLength(2);
    return tables[1] as HTMLElement;
  });
  await within(table).findByText(name);
  return { app, table };
}

/** The drawer's closed group of the APIs every account holds: checks it is closed, opens it, answers its table. */
async function openEveryoneGroup(drawer: HTMLElement) {
  const header = within(within(drawer).getByTestId('everyone-apis')).getByRole('button', {
    name: /^所有账号均有的接口/,
  });
  expect(header.getAttribute('aria-expanded')).toBe('false');
  expect(within(drawer).queryByRole('table', { name: /^所有账号均有的接口/ })).toBeNull();
  fireEvent.click(header);
  return within(drawer).findByRole('table', { name: /^所有账号均有的接口/ });
}

async function explain(accountName: string) {
  const { app, table } = await accountTable(accountName);
  await chooseRowAction(rowOf(table, accountName), '权限说明');
  return { app, drawer: await findDialog('权限说明') };
}

interface HappyDomWindow {
  happyDOM: { setViewport(viewport: { width: number; height: number }): void };
}

describe('权限说明 of an account', () => {
  afterEach(() => {
    (window as unknown as HappyDomWindow).happyDOM.setViewport({ width: 1440, height: 900 });
    usePreferences.setState({ theme: null });
  });

  beforeAll(() =>
    Promise.all([
      preloadScreens('/user/Account', '/user/Resource', '/view-as'),
      import('@/components/authz-explain/AccountExplanationDrawer'),
      import('@/components/authz-explain/ResourceExplanationDrawer'),
    ]),
  );

  it('shows the account, its role, its data scope in words, and what grants each resource it holds', async () => {
    // 张伟 (研发中心: 前端开发部, 后端开发部 and 测试部 below it, 10 accounts in all) holds 部门管理员.
    role('部门管理员').dataScope = 'orgTree';
    const { drawer } = await explain('张伟');
    // The tag names the kind of scope; the words beside it say only the rest, the kind is not said twice.
    await waitFor(() =>
      expect(within(drawer).getByTestId('scope-text').textContent).toBe('研发中心（含 3 个下级组织，10 个账号）'),
    );
    within(drawer).getByText('张伟（zhangwei）');
    const scopeCell = within(drawer).getByTestId('scope-text').closest('td') as HTMLElement;
    within(scopeCell).getByText('本组织及以下');
    expect(scopeCell.textContent).toBe('本组织及以下研发中心（含 3 个下级组织，10 个账号）');
    const table = within(drawer).getByRole('table', { name: /^拥有的权限/ });
    // Granted by its role; 首页 by its role and by being signed in.
    within(rowOf(table, routes.listAccounts.title)).getByText('部门管理员');
    const home = within(rowOf(table, '首页'));
    home.getByText('部门管理员');
    home.getByText('所有已登录账号');
    // What its role does not grant is not listed.
    expect(within(table).queryByText(routes.listRoles.title)).toBeNull();
    // The APIs held only by being signed in (or open) are not among them: they are folded at the end, closed.
    for (const route of [routes.getAccountInfo, routes.login, routes.uploadFile]) {
      expect(within(table).queryByText(route.title)).toBeNull();
    }
    const everyone = await openEveryoneGroup(drawer);
    within(rowOf(everyone, routes.getAccountInfo.title)).getByText('所有已登录账号');
    within(rowOf(everyone, routes.login.title)).getByText('开放接口（无需登录）');
    expect(within(everyone).queryByText(routes.listAccounts.title)).toBeNull();
    expect(within(everyone).queryByText('部门管理员')).toBeNull();
  });

  it('at 1024 px in the dark theme, the drawer fits and keeps its folded group', async () => {
    (window as unknown as HappyDomWindow).happyDOM.setViewport({ width: 1024, height: 800 });
    usePreferences.setState({ theme: 'dark' });
    role('部门管理员').dataScope = 'org';
    const { drawer } = await explain('张伟');
    await waitFor(() => expect(within(drawer).getByTestId('scope-text').textContent).toBe('研发中心（2 个账号）'));
    const panel = drawer.closest<HTMLElement>('.ant-drawer-content-wrapper');
    expect(Number.parseInt(panel?.style.width ?? '', 10)).toBeLessThanOrEqual(1024);
    within(drawer).getByRole('table', { name: /^拥有的权限/ });
    await openEveryoneGroup(drawer);
  });

  it('an account without a role sees only itself and holds only what every signed-in account holds', async () => {
    const { drawer } = await explain('罗琳');
    await waitFor(() => expect(within(drawer).getByTestId('scope-text').textContent).toBe('只能看到和修改自己的账号'));
    within(drawer).getByText('仅本人');
    within(drawer).getByText('未分配角色');
    const table = within(drawer).getByRole('table', { name: /^拥有的权限/ });
    within(rowOf(table, '个人信息')).getByText('所有已登录账号');
    const everyone = await openEveryoneGroup(drawer);
    within(rowOf(everyone, routes.getAccountInfo.title)).getByText('所有已登录账号');
    expect(within(drawer).queryByText(routes.listAccounts.title)).toBeNull();
  });

  it('shows a loading state while the explanation is on its way', async () => {
    const held = api.hold(routes.explainAccount);
    const { drawer } = await explain('张伟');
    await waitFor(() => expect(drawer.querySelector('.ant-skeleton')).not.toBeNull());
    held.release();
    // 全部: the tag, then what the words hold beyond it.
    await waitFor(() => expect(within(drawer).getByTestId('scope-text').textContent).toBe('25 个账号'));
    within(drawer).getByText('全部');
  });

  it('says why it failed and offers 重试', async () => {
    api.breakNetwork(routes.explainAccount);
    const { drawer } = await explain('张伟');
    await within(drawer).findByText('加载失败：网络异常');
    api.server.resetHandlers();
    fireEvent.click(within(drawer).getByRole('button', { name: '重试' }));
    await within(drawer).findByTestId('scope-text');
  });

  it('says why it was refused, without a 重试 that would be refused again', async () => {
    api.fail(routes.explainAccount, 403, '账号“zhangwei”不在您的数据权限范围内，您不能对其执行“权限说明”');
    const { drawer } = await explain('张伟');
    await within(drawer).findByText('加载失败：账号“zhangwei”不在您的数据权限范围内，您不能对其执行“权限说明”');
    expect(within(drawer).queryByRole('button', { name: '重试' })).toBeNull();
  });

  it('预览该角色 opens 权限预览 of its role, held in the account’s organisation', async () => {
    role('部门管理员').dataScope = 'org';
    const { app, drawer } = await explain('张伟');
    fireEvent.click(await within(drawer).findByRole('button', { name: '预览该角色' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/view-as'));
    const params = new URLSearchParams(app.router.state.location.search);
    expect(Object.fromEntries(params)).toMatchObject({ roleId: String(role('部门管理员').id), orgId: '2' });
    await waitFor(() => expect(screen.getByTestId('scope-text').textContent).toBe('研发中心（2 个账号）'));
  });

  it('is not offered to an account that may not explain', async () => {
    // 部门管理员 lists accounts; without 权限说明 its rows offer none.
    const explainApi = api.store.resources.find((r) => r.type === 1 && r.url === routes.explainAccount.path);
    const managers = role('部门管理员');
    managers.resources = managers.resources.filter((id) => id !== explainApi?.id);
    api.signInAs('zhangwei');
    await renderApp('/user/Account');
    await screen.findAllByText('谢婷婷');
    screen.getAllByRole('button', { name: '编辑' });
    expect(screen.queryByRole('button', { name: '权限说明' })).toBeNull();
  });
});

describe('授权说明 of a resource', () => {
  beforeAll(() =>
    Promise.all([preloadScreens('/user/Resource'), import('@/components/authz-explain/ResourceExplanationDrawer')]),
  );

  const resource = (name: string) => {
    const found = api.store.resources.find((r) => r.name === name);
    if (!found) throw new Error(`no seeded resource ${name}`);
    return found;
  };

  async function explainResource(name: string) {
    api.signInAs('admin');
    await renderApp('/user/Resource');
    const node = await screen.findByTestId(`resource-${resource(name).id}`);
    fireEvent.click(within(node).getByRole('button', { name: '授权说明' }));
    return findDialog('授权说明');
  }

  it('lists the roles holding it, each with its accounts, and the total', async () => {
    const drawer = await explainResource(routes.listAccounts.title);
    await within(drawer).findByText('共 4 个账号通过以下 2 个角色拥有该权限');
    const table = within(drawer).getByRole('table', { name: '授权说明' });
    within(rowOf(table, '超级管理员')).getByText('1');
    within(rowOf(table, '部门管理员')).getByText('3');
    expect(within(table).queryByText('普通员工')).toBeNull();
    expect(within(drawer).queryByText('所有账号均可访问（开放或登录即可访问的接口）')).toBeNull();
  });

  it('says when every account has it (首页 is open to every signed-in account)', async () => {
    const drawer = await explainResource('首页');
    await within(drawer).findByText('所有账号均可访问（开放或登录即可访问的接口）');
    // Through its roles: 罗琳, who has none, is not counted.
    within(drawer).getByText('共 24 个账号通过以下 4 个角色拥有该权限');
  });
});
