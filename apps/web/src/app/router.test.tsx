import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/stores/session';
import { renderRouter } from '@/testing/render-router';
import { routeTree } from './router';

const renderAt = (path: string) => renderRouter(routeTree, path);

describe('route tree (signed out)', () => {
  // The screens are route-level lazy: their modules are loaded up front, so no test waits for one to be transformed
  // (docs/testing.md); the router still resolves each route's `lazy` as in the app.
  beforeAll(async () => {
    await Promise.all([
      import('@/features/auth/components/LoginPage'),
      import('@/components/antd-root'),
      import('@/features/errors/NotFoundPage'),
      import('@/features/errors/ServerErrorPage'),
    ]);
  });
  beforeEach(() => useSession.getState().clear());

  it('sends a session-required path to /login with the full wanted path as redirect', async () => {
    const router = renderAt('/user/Account?from=mail');
    await screen.findByPlaceholderText('输入用户名');
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/user/Account?from=mail');
    await waitFor(() => expect(document.title).toBe('登录'));
  });

  it('sends /data-v paths to /login too', async () => {
    const router = renderAt('/data-v/screen');
    await screen.findByPlaceholderText('输入用户名');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/data-v/screen')}`);
  });

  it('ends unknown paths on /404', async () => {
    const router = renderAt('/no/such/page');
    await screen.findByText('访问的页面不存在');
    expect(router.state.location.pathname).toBe('/404');
    await waitFor(() => expect(document.title).toBe('找不到页面'));
  });

  it('shows the message query on /500', async () => {
    renderAt(`/500?message=${encodeURIComponent('数据库不可用')}`);
    await screen.findByText('错误信息：数据库不可用');
  });
});
