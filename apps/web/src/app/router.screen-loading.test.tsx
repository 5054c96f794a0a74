// A menu screen whose code is still on its way, in the whole app answered by the mock API (src/mocks): the real
// pages registry and the real account screen, whose chunk the test only holds back until it lets it arrive.
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupMockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

/**
 * The account screen's loader in pages.tsx, wrapped so that its module arrives only when the test says (the real
 * one is loaded then). Hoisted: router.tsx reads the loaders of pages.tsx when it is evaluated, which the imports
 * above already do.
 */
const chunk = await vi.hoisted(async () => {
  const { menuPages } = await import('./pages');
  const real = menuPages['/user/Account'];
  if (!real) throw new Error('pages.tsx has no /user/Account screen');
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const state = {
    requests: 0,
    arrive: () => arrive(),
    restore: () => Object.assign(menuPages, { '/user/Account': real }),
  };
  menuPages['/user/Account'] = () => {
    state.requests += 1;
    return arrived.then(real);
  };
  return state;
});

const api = setupMockApi();

describe('a menu screen whose code is still loading', () => {
  // The main layout and the screen's own module are loaded up front, so no wait below is for a first transform
  // (docs/testing.md); the router still resolves the route's `lazy` and the held loader as in the app.
  beforeAll(() =>
    Promise.all([import('@/components/antd-root'), import('./layouts/MainLayout'), import('@/features/accounts')]),
  );
  afterAll(() => chunk.restore());

  it('shows the main layout first, starts the fetch at navigation, then the screen', async () => {
    api.signInAs('admin');
    await renderApp('/user/Account');
    // The layout's side menu is up while the screen's chunk is still on its way, with the loading dots in its place.
    await screen.findByRole('navigation', { name: '主菜单' });
    expect(screen.getByRole('status', { name: '加载中...' })).toBeTruthy();
    expect(screen.queryAllByRole('table', { name: '账号列表' })).toEqual([]);
    expect(chunk.requests).toBeGreaterThan(0);

    chunk.arrive();
    // The list kit's sticky header is a table of its own; the rows are in the last one.
    const table = (await screen.findAllByRole('table', { name: '账号列表' })).at(-1) as HTMLElement;
    await within(table).findByText('谢婷婷');
    expect(screen.queryByRole('status', { name: '加载中...' })).toBeNull();
  });
});
