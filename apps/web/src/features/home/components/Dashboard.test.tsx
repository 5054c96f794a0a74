// The home dashboard in the whole app, answered by the mock API (src/mocks): the seed's figures, its permissions.
import { routes } from '@gatehouse/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { chartLabelled } from '@/testing/fake-echarts';
import { setupMockApi } from '@/testing/mock-api';
import { preloadScreens, renderApp } from '@/testing/render-app';

// echarts draws on a canvas, which has no 2D context in happy-dom: a stand-in records what each chart is given.
vi.mock('echarts/core', () => import('@/testing/fake-echarts'));

const api = setupMockApi();

/** Takes 统计概览 from a role: its accounts no longer hold /stats/overview. */
function withoutOverview(roleId: number) {
  const overview = api.store.resources.find((r) => r.type === 1 && r.url === routes.overview.path);
  const role = api.store.roles.find((r) => r.id === roleId);
  if (!overview || !role) throw new Error('seed changed: no overview resource or no such role');
  role.resources = role.resources.filter((id) => id !== overview.id);
}

async function openHome(accountNumber = 'admin') {
  api.signInAs(accountNumber);
  const app = await renderApp('/');
  await screen.findByTestId('home-account-card');
  return app;
}

describe('home dashboard', () => {
  beforeAll(() => Promise.all([preloadScreens('/', '/data-v/overview'), import('./Dashboard')]));

  it('without the overview permission: only the card and a friendly line, no request', async () => {
    withoutOverview(3);
    await openHome('lina');
    await screen.findByTestId('home-no-stats');
    expect(screen.queryByTestId('home-stats')).toBeNull();
    expect(screen.queryByRole('button', { name: /大屏/ })).toBeNull();
    expect(screen.queryByText('最近登录')).toBeNull();
    expect(await api.sent(routes.overview)).toEqual([]);
  });

  it('shows the card, the seed’s numbers, the charts and the latest sign-ins', async () => {
    await openHome();
    await screen.findByText('你好，系统管理员');
    const card = screen.getByTestId('home-account-card');
    for (const text of ['系统管理员', '账号：admin', '门楼科技集团有限公司', '超级管理员'])
      within(card).getByText(text);
    // The seed's latest sign-in is the admin's, from 10.12.3.20.
    expect((await within(card).findByTestId('home-last-sign-in')).textContent).toContain('10.12.3.20');
    expect((await screen.findByTestId('stat-accounts-value')).textContent).toBe(String(api.store.accounts.length));
    // 杨磊 and 朱婷 are seeded disabled.
    expect(screen.getByTestId('stat-disabled-value').textContent).toBe('2');
    expect(screen.getByTestId('stat-orgs-value').textContent).toBe(String(api.store.orgs.length));
    const perOrg = await waitFor(() => {
      const chart = chartLabelled('各组织直属账号数');
      if (!chart?.options.length) throw new Error('the per-organisation chart has no option yet');
      return chart;
    });
    expect(JSON.stringify(perOrg.options.at(-1))).toContain('前端开发部');
    screen.getByRole('img', { name: '近 30 天新增账号' });
    const table = screen.getByTestId('home-recent-sign-ins');
    within(table).getAllByText('Chrome 131');
    within(table).getByText('10.12.3.20');
    // An installation in use: no first-run guide.
    expect(screen.queryByTestId('first-run-guide')).toBeNull();
  });

  it('guides a new installation in order and adds the common dictionaries with one click; dismissed, it stays away', async () => {
    // A new installation: the root organisation, the built-in administrator, no dictionaries.
    api.store.orgs = api.store.orgs.filter((org) => org.pid === null).slice(0, 1);
    api.store.accounts = api.store.accounts.filter((account) => account.accountNumber === 'admin');
    api.store.dicts = [];
    api.store.dictItems = [];
    const admin = api.store.accounts[0]!;
    localStorage.removeItem(`gatehouse_first_run_dismissed:${admin.id}`);
    await openHome();
    const guide = await screen.findByTestId('first-run-guide');
    expect(
      within(guide)
        .getAllByText(/^\d\. /)
        .map((node) => node.textContent),
    ).toEqual(['1. 建立组织架构', '2. 创建角色', '3. 添加或导入账号', '4. 添加常用字典']);
    expect(within(guide).getAllByRole('button', { name: '前往' })).toHaveLength(3);
    fireEvent.click(within(guide).getByRole('button', { name: '添加常用字典' }));
    await screen.findByText('已添加 6 个常用字典');
    expect(await api.sent(routes.addCommonDicts)).toHaveLength(1);
    expect(api.store.dicts.map((dict) => dict.dictCode)).toContain('industry');
    // The figures are asked again: the step now says what there is.
    await within(guide).findByText('已有 6 个字典');

    fireEvent.click(within(guide).getByRole('button', { name: '不再显示' }));
    await waitFor(() => expect(screen.queryByTestId('first-run-guide')).toBeNull());
    cleanup();
    await openHome();
    await screen.findByTestId('stat-orgs-value');
    expect(screen.queryByTestId('first-run-guide')).toBeNull();
  });

  it('links each number to its screen when the account holds that menu; back on 首页, the figures are asked again', async () => {
    // 张伟 (部门管理员) holds the account and organisation screens, not the role or dictionary ones.
    const { router } = await openHome('zhangwei');
    const accounts = await screen.findByRole('link', { name: `账号总数 ${api.store.accounts.length}，查看账号管理` });
    screen.getByRole('link', { name: `组织 ${api.store.orgs.length}，查看组织管理` });
    expect(screen.queryByRole('link', { name: /^角色/ })).toBeNull();
    expect(screen.getByTestId('stat-roles').tagName).toBe('DIV');
    fireEvent.click(accounts);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/Account'));
    expect(await api.sent(routes.overview)).toHaveLength(1);
    // 首页 stayed mounted behind its tab; shown again, it reads today's figures (an account added meanwhile, say).
    await router.navigate('/');
    await waitFor(async () => expect(await api.sent(routes.overview)).toHaveLength(2));
  });

  it('leads to the big screen', async () => {
    const { router } = await openHome();
    fireEvent.click(await screen.findByRole('button', { name: /大屏/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/data-v/overview'));
  });

  it('while the figures are on their way: skeletons, no numbers; then the numbers', async () => {
    const overview = api.hold(routes.overview);
    await openHome();
    await waitFor(async () => expect(await api.sent(routes.overview)).toHaveLength(1));
    expect(screen.queryByTestId('home-stats')).toBeNull();
    expect(document.querySelectorAll('.ant-skeleton').length).toBeGreaterThan(0);
    overview.release();
    expect((await screen.findByTestId('stat-accounts-value')).textContent).toBe(String(api.store.accounts.length));
  });

  it('says when nobody has signed in yet', async () => {
    api.store.signIns.length = 0;
    await openHome();
    await screen.findByText('暂无登录记录');
    expect(within(screen.getByTestId('home-account-card')).getByText('—')).toBeTruthy();
  });

  it('figures that do not arrive: an error with a retry, which brings them', async () => {
    api.breakNetwork(routes.overview);
    await openHome();
    await screen.findByText('统计数据加载失败');
    expect(screen.queryByText('最近登录')).toBeNull();
    api.server.resetHandlers();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect((await screen.findByTestId('stat-accounts-value')).textContent).toBe(String(api.store.accounts.length));
  });
});
