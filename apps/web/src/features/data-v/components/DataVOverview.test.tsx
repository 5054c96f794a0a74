// /data-v/overview in the whole app, answered by the mock API (src/mocks): the seed's figures, refreshed every
// REFRESH_MS by the screen's own interval (faked, so the test moves it instead of waiting for it).
import { routes } from '@gatehouse/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { REFRESH_MS } from '@/features/data-v/api/overview.api';
import { chartLabelled } from '@/testing/fake-echarts';
import { setupMockApi } from '@/testing/mock-api';
import { preloadScreens, renderApp } from '@/testing/render-app';

// echarts draws on a canvas, which has no 2D context in happy-dom: a stand-in records what each chart is given.
vi.mock('echarts/core', () => import('@/testing/fake-echarts'));

const api = setupMockApi();

function setWindow(width: number, height: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: height });
  window.dispatchEvent(new Event('resize'));
}

async function openScreen(accountNumber = 'admin') {
  setWindow(1920, 1080);
  api.signInAs(accountNumber);
  await renderApp('/data-v/overview');
  await screen.findByRole('heading', { name: 'Gatehouse 运营总览' });
}

/** The next refresh of the screen's interval, as REFRESH_MS passing would bring it. */
const nextRefresh = () => act(() => vi.advanceTimersByTimeAsync(REFRESH_MS));

const updatedLine = () => screen.getByTestId('datav-updated').textContent ?? '';

describe('/data-v/overview', () => {
  beforeAll(() => preloadScreens('/data-v/overview'));
  afterEach(() => vi.useRealTimers());

  it('shows the title, the seed’s figures, both charts, the live sign-ins and when they were computed', async () => {
    await openScreen();
    await waitFor(() =>
      expect(screen.getByTestId('datav-kpi-accounts-value').textContent).toBe(String(api.store.accounts.length)),
    );
    expect(screen.getByTestId('datav-kpi-orgs-value').textContent).toBe(String(api.store.orgs.length));
    screen.getByRole('img', { name: '近 30 天新增账号' });
    screen.getByRole('img', { name: '各组织直属账号数' });
    expect(JSON.stringify(chartLabelled('各组织直属账号数')?.options.at(-1))).toContain('前端开发部');
    // The seed's latest sign-in is the admin's.
    within(screen.getByTestId('datav-live')).getAllByText('系统管理员');
    expect(updatedLine()).toMatch(/更新于 \d\d:\d\d:\d\d/);
    expect(screen.getByRole('link', { name: /返回首页/ }).getAttribute('href')).toBe('/');
  });

  it('scales the 1920×1080 stage into the window, letterboxed, and follows resizes', async () => {
    await openScreen();
    const stage = screen.getByTestId('datav-stage');
    expect(stage.style.transform).toBe('translate(0px, 0px) scale(1)');
    act(() => setWindow(1366, 768));
    const scale = 768 / 1080;
    expect(stage.style.transform).toBe(`translate(${(1366 - 1920 * scale) / 2}px, 0px) scale(${scale})`);
  });

  it('refreshes on its interval and flashes the sign-ins that arrive with it, not those already shown', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await openScreen();
    const list = await screen.findByTestId('datav-live');
    await within(list).findAllByText('系统管理员');
    expect(list.querySelectorAll('.gh-datav-fresh')).toHaveLength(0);

    // 张伟 signs in meanwhile.
    api.store.signIns.unshift({ accountId: 2, at: Date.now(), ip: '10.0.0.9', userAgent: null });
    await nextRefresh();
    await waitFor(() => expect(screen.getByTestId('datav-live').querySelectorAll('.gh-datav-fresh')).toHaveLength(1));
    const [fresh] = screen.getByTestId('datav-live').querySelectorAll('.gh-datav-fresh');
    expect(fresh?.textContent).toContain('张伟');
    expect(fresh?.textContent).toContain('新');
    expect(await api.sent(routes.overview)).toHaveLength(2);
  });

  it('says the figures are old when a refresh fails, and keeps showing them', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await openScreen();
    await waitFor(() => expect(updatedLine()).toMatch(/更新于 (\d\d:\d\d:\d\d)/));
    const time = /更新于 (\d\d:\d\d:\d\d)/.exec(updatedLine())?.[1];

    api.breakNetwork(routes.overview);
    await nextRefresh();
    await waitFor(() => expect(updatedLine()).toContain(`刷新失败，正在显示 ${time} 的数据`));
    expect(screen.getByTestId('datav-kpi-accounts-value').textContent).toBe(String(api.store.accounts.length));
  });

  it('while the figures are on their way: dashes and a loading line', async () => {
    const overview = api.hold(routes.overview);
    await openScreen();
    await waitFor(async () => expect(await api.sent(routes.overview)).toHaveLength(1));
    expect(screen.getByTestId('datav-kpi-accounts-value').textContent).toBe('—');
    expect(screen.getAllByText('正在加载数据…').length).toBeGreaterThan(0);
    overview.release();
    await waitFor(() =>
      expect(screen.getByTestId('datav-kpi-accounts-value').textContent).toBe(String(api.store.accounts.length)),
    );
  });

  it('without the overview permission: says so and offers the way back, asking nothing', async () => {
    const overview = api.store.resources.find((r) => r.type === 1 && r.url === routes.overview.path);
    const role = api.store.roles.find((r) => r.id === 3);
    if (!overview || !role) throw new Error('seed changed: no overview resource or no role 3');
    role.resources = role.resources.filter((id) => id !== overview.id);
    await openScreen('lina');
    await screen.findByText('当前账号没有查看统计数据的权限');
    expect(screen.queryByTestId('datav-kpi-accounts')).toBeNull();
    // No "loading" or "updated" line for figures that will never come.
    expect(screen.getByTestId('datav-updated').style.display).toBe('none');
    screen.getByRole('link', { name: /返回首页/ });
    expect(await api.sent(routes.overview)).toEqual([]);
  });
});
