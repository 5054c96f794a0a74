import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderRouter } from '@/lib/testing/render-router';
import { useSession } from '@/stores/session';

/** The account screen's chunk, held until the test lets it arrive. */
const screenChunk = vi.hoisted(() => {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { load: vi.fn(), arrive: () => arrive(), arrived };
});

vi.mock('./pages', () => ({
  pageLoaderFor: (path: string) =>
    path === '/user/Account'
      ? () => {
          screenChunk.load();
          return screenChunk.arrived.then(() => () => <p>账号屏幕</p>);
        }
      : undefined,
}));

describe('a menu screen whose code is still loading', () => {
  // The main layout is route-level lazy: its module is loaded up front, so the test does not wait for it to be
  // transformed (docs/testing.md); the router still resolves the route's `lazy` as in the app.
  beforeAll(() => import('./layouts/MainLayout'));
  afterEach(() => useSession.getState().clear());

  it('shows the main layout first, starts the fetch at navigation, then the screen', async () => {
    useSession.getState().setToken('token-of-the-test');
    const { routeTree } = await import('./router');
    renderRouter(routeTree, '/user/Account');
    // The layout's side menu is up while the screen's chunk is still on its way, with the loading dots in its place.
    await screen.findByRole('navigation', { name: '主菜单' });
    expect(screen.getByRole('status', { name: '加载中...' })).toBeTruthy();
    expect(screen.queryByText('账号屏幕')).toBeNull();
    expect(screenChunk.load).toHaveBeenCalled();

    screenChunk.arrive();
    await screen.findByText('账号屏幕');
    expect(screen.queryByRole('status', { name: '加载中...' })).toBeNull();
  });
});
