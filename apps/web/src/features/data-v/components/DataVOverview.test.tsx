import { act, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Overview } from '@/features/data-v/api/overview.api';
import { formatDateTime } from '@/lib/format/date';
import { TestProviders } from '@/lib/testing/TestProviders';
import { type Account, type Permission, useSession } from '@/stores/session';
import { DataVOverview } from './DataVOverview';

interface QueryState {
  data?: Overview;
  isError: boolean;
  isFetching: boolean;
}
/** The query's state as the test sets it; the screen re-renders on each change, as with react-query. */
const query = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  let current = null as unknown as QueryState;
  return {
    get: () => current,
    set(next: QueryState) {
      current = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
});

vi.mock('@/features/data-v/api/overview.api', async (importOriginal) => {
  const { useSyncExternalStore } = await import('react');
  return {
    ...(await importOriginal<typeof import('@/features/data-v/api/overview.api')>()),
    useLiveOverview: () => useSyncExternalStore(query.subscribe, query.get),
  };
});
vi.mock('@/components/chart', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/components/chart')>()),
  EChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const signIn = (accountNumber: string, accountName: string, at: string) => ({
  accountNumber,
  accountName,
  at,
  ip: '10.0.0.9',
  userAgent: null,
});

const overview: Overview = {
  accounts: { total: 3, enabled: 2, disabled: 1 },
  orgs: 2,
  roles: 1,
  dicts: 0,
  signInsToday: 4,
  liveSessions: 1,
  accountsPerOrg: [{ orgId: 1, name: '总公司', count: 3 }],
  newAccountsPerDay: [{ date: '2026-05-01', count: 3 }],
  recentSignIns: [signIn('admin', '系统管理员', '2026-05-01T05:00:00.000Z')],
  generatedAt: '2026-05-01T06:07:08.000Z',
};

const OVERVIEW = { id: 1, type: 1, method: 'get', url: '/stats/overview' } as Permission;

function setWindow(width: number, height: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: height });
  window.dispatchEvent(new Event('resize'));
}

function renderScreen(permissions: Permission[] = [OVERVIEW]) {
  useSession.setState({
    token: 't',
    user: { accountNumber: 'admin', accountName: '系统管理员' } as Account,
    permissions,
    status: 'ready',
  });
  const router = createMemoryRouter([{ path: '/data-v/overview', element: <DataVOverview /> }], {
    initialEntries: ['/data-v/overview'],
  });
  return render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

beforeEach(() => {
  query.set({ data: overview, isError: false, isFetching: false });
  setWindow(1920, 1080);
});
afterEach(() => useSession.setState({ token: null, user: null, permissions: [], status: 'signed-out' }));

describe('/data-v/overview', () => {
  it('shows the title, the figures, both charts, the live sign-ins and when they were computed', async () => {
    renderScreen();
    await screen.findByRole('heading', { name: 'Gatehouse 运营总览' });
    expect(screen.getByTestId('datav-kpi-accounts-value').textContent).toBe('3');
    expect(screen.getByTestId('datav-kpi-signInsToday-value').textContent).toBe('4');
    screen.getByRole('img', { name: '近 30 天新增账号' });
    screen.getByRole('img', { name: '各组织账号数' });
    within(screen.getByTestId('datav-live')).getByText('系统管理员');
    const time = formatDateTime(overview.generatedAt, 'HH:mm:ss');
    expect(screen.getByTestId('datav-updated').textContent).toContain(`更新于 ${time}`);
    expect(screen.getByRole('link', { name: /返回首页/ }).getAttribute('href')).toBe('/');
  });

  it('scales the 1920×1080 stage into the window, letterboxed, and follows resizes', async () => {
    renderScreen();
    const stage = await screen.findByTestId('datav-stage');
    expect(stage.style.transform).toBe('translate(0px, 0px) scale(1)');
    act(() => setWindow(1366, 768));
    const scale = 768 / 1080;
    expect(stage.style.transform).toBe(`translate(${(1366 - 1920 * scale) / 2}px, 0px) scale(${scale})`);
  });

  it('flashes the sign-ins that arrive with a refresh, not those already shown', async () => {
    renderScreen();
    const list = await screen.findByTestId('datav-live');
    expect(list.querySelectorAll('.gh-datav-fresh')).toHaveLength(0);
    act(() =>
      query.set({
        data: {
          ...overview,
          recentSignIns: [signIn('zhang', '张三', '2026-05-01T06:00:00.000Z'), ...overview.recentSignIns],
        },
        isError: false,
        isFetching: false,
      }),
    );
    const fresh = [...screen.getByTestId('datav-live').querySelectorAll('.gh-datav-fresh')];
    expect(fresh.map((row) => row.textContent)).toEqual([expect.stringContaining('张三')]);
    expect(fresh[0]?.textContent).toContain('新');
  });

  it('says the figures are old when a refresh fails', async () => {
    query.set({ data: overview, isError: true, isFetching: false });
    renderScreen();
    const time = formatDateTime(overview.generatedAt, 'HH:mm:ss');
    expect((await screen.findByTestId('datav-updated')).textContent).toContain(`刷新失败，正在显示 ${time} 的数据`);
  });

  it('while loading: dashes and a loading line; without the permission: says so', async () => {
    query.set({ data: undefined, isError: false, isFetching: true });
    renderScreen();
    expect((await screen.findByTestId('datav-kpi-accounts-value')).textContent).toBe('—');
    expect(screen.getAllByText('正在加载数据…').length).toBeGreaterThan(0);
  });

  it('without the overview permission: says so and offers the way back', async () => {
    renderScreen([]);
    await screen.findByText('当前账号没有查看统计数据的权限');
    expect(screen.queryByTestId('datav-kpi-accounts')).toBeNull();
    // No "loading" or "updated" line for figures that will never come.
    expect(screen.getByTestId('datav-updated').style.display).toBe('none');
    screen.getByRole('link', { name: /返回首页/ });
  });
});
