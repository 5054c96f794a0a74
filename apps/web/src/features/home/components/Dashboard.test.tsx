import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Overview } from '@/features/home/api/overview.api';
import { TestProviders } from '@/lib/testing/TestProviders';
import { type Account, type Permission, useSession } from '@/stores/session';
import { Dashboard } from './Dashboard';

interface QueryState {
  data?: Overview;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => void;
}
const query = vi.hoisted(() => ({ current: null as unknown as QueryState, enabled: [] as boolean[] }));

// The server's answer is whatever the test says; the canvas charts are stand-ins (happy-dom draws nothing).
vi.mock('@/features/home/api/overview.api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/home/api/overview.api')>()),
  useOverview: (enabled: boolean) => {
    query.enabled.push(enabled);
    return query.current;
  },
}));
vi.mock('@/components/chart', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/components/chart')>()),
  EChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const overview: Overview = {
  accounts: { total: 12, enabled: 10, disabled: 2 },
  orgs: 4,
  roles: 3,
  dicts: 5,
  signInsToday: 7,
  liveSessions: 2,
  accountsPerOrg: [{ orgId: 1, name: '总公司', count: 12 }],
  newAccountsPerDay: [{ date: '2026-05-01', count: 1 }],
  recentSignIns: [
    {
      accountNumber: 'admin',
      accountName: '系统管理员',
      at: '2026-05-01T05:45:00.000Z',
      ip: '10.1.2.3',
      userAgent:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    },
  ],
  generatedAt: '2026-05-01T06:00:00.000Z',
};

const user = {
  id: 1,
  accountNumber: 'admin',
  accountName: '系统管理员',
  avatar: null,
  contactNumber: null,
  email: null,
  state: true,
  createTime: '2026-05-01T05:45:00.000Z',
  orgId: 1,
  orgName: '总公司',
  belongOrgName: '总公司',
  roleId: 1,
  roleName: '超级管理员',
  builtin: true,
  address: null,
  introduction: null,
  company: null,
  originalAccount: null,
} as Account;

const resource = (id: number, fields: Partial<Permission>): Permission =>
  ({
    id,
    pid: null,
    name: '',
    type: 0,
    route: null,
    method: null,
    url: null,
    remark: null,
    orderNum: 0,
    builtin: true,
    ...fields,
  }) as Permission;
const OVERVIEW = resource(1, { type: 1, method: 'get', url: '/stats/overview' });
const ACCOUNTS_MENU = resource(2, { type: 0, route: '/user/Account' });
const ORGS_MENU = resource(3, { type: 0, route: '/user/Organization' });

const answered = (data: Overview | undefined, fields: Partial<QueryState> = {}): QueryState => ({
  data,
  isPending: !data,
  isError: false,
  isFetching: false,
  refetch: vi.fn(),
  ...fields,
});

function renderDashboard(permissions: Permission[]) {
  useSession.setState({ token: 't', user, permissions, status: 'ready' });
  const router = createMemoryRouter(
    [
      { path: '/', element: <Dashboard /> },
      { path: '/user/Account', element: <p>账号管理页</p> },
      { path: '/data-v/overview', element: <p>大屏页</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

beforeEach(() => {
  query.current = answered(overview);
  query.enabled = [];
});
afterEach(() => useSession.setState({ token: null, user: null, permissions: [], status: 'signed-out' }));

describe('home dashboard', () => {
  it('shows the card, the numbers, the charts and the latest sign-ins', async () => {
    renderDashboard([OVERVIEW, ACCOUNTS_MENU, ORGS_MENU]);
    await screen.findByText('你好，系统管理员');
    const card = screen.getByTestId('home-account-card');
    for (const text of ['系统管理员', '账号：admin', '总公司', '超级管理员']) within(card).getByText(text);
    expect(within(card).getByTestId('home-last-sign-in').textContent).toContain('10.1.2.3');
    expect(screen.getByTestId('stat-accounts-value').textContent).toBe('12');
    expect(screen.getByTestId('stat-disabled-value').textContent).toBe('2');
    expect(screen.getByTestId('stat-liveSessions-value').textContent).toBe('2');
    screen.getByRole('img', { name: '各组织账号数' });
    screen.getByRole('img', { name: '近 30 天新增账号' });
    const table = screen.getByTestId('home-recent-sign-ins');
    within(table).getByText('Chrome 131');
    within(table).getByText('10.1.2.3');
    expect(query.enabled.at(-1)).toBe(true);
  });

  it('links each number to its screen when the account holds that menu', async () => {
    const router = renderDashboard([OVERVIEW, ACCOUNTS_MENU, ORGS_MENU]);
    const accounts = await screen.findByRole('link', { name: '账号总数 12，查看账号管理' });
    screen.getByRole('link', { name: '组织 4，查看组织管理' });
    // No role or dictionary menu: those numbers are shown, not linked.
    expect(screen.queryByRole('link', { name: /^角色/ })).toBeNull();
    expect(screen.getByTestId('stat-roles').tagName).toBe('DIV');
    fireEvent.click(accounts);
    await screen.findByText('账号管理页');
    expect(router.state.location.pathname).toBe('/user/Account');
  });

  it('leads to the big screen', async () => {
    const router = renderDashboard([OVERVIEW]);
    fireEvent.click(await screen.findByRole('button', { name: /大屏/ }));
    await screen.findByText('大屏页');
    expect(router.state.location.pathname).toBe('/data-v/overview');
  });

  it('without the overview permission: only the card and a friendly line, no request', async () => {
    renderDashboard([ACCOUNTS_MENU]);
    await screen.findByTestId('home-account-card');
    screen.getByTestId('home-no-stats');
    expect(screen.queryByTestId('home-stats')).toBeNull();
    expect(screen.queryByRole('button', { name: /大屏/ })).toBeNull();
    expect(screen.queryByText('最近登录')).toBeNull();
    expect(query.enabled.every((enabled) => !enabled)).toBe(true);
  });

  it('while loading: skeletons, no numbers', async () => {
    query.current = answered(undefined, { isFetching: true });
    renderDashboard([OVERVIEW]);
    await screen.findByTestId('home-account-card');
    expect(screen.queryByTestId('home-stats')).toBeNull();
    expect(document.querySelectorAll('.ant-skeleton').length).toBeGreaterThan(0);
  });

  it('says when nobody has signed in yet', async () => {
    query.current = answered({ ...overview, recentSignIns: [] });
    renderDashboard([OVERVIEW]);
    await screen.findByText('暂无登录记录');
    expect(within(screen.getByTestId('home-account-card')).getByText('—')).toBeTruthy();
  });

  it('on failure: an error with a retry', async () => {
    const refetch = vi.fn();
    query.current = answered(undefined, { isError: true, isPending: false, refetch });
    renderDashboard([OVERVIEW]);
    await screen.findByText('统计数据加载失败');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(refetch).toHaveBeenCalled();
    expect(screen.queryByText('最近登录')).toBeNull();
  });
});
