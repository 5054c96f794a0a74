import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type Account, useSession } from '@/stores/session';
import { renderRouter } from '@/testing/render-router';
import { RequireSession } from './RequireSession';

afterEach(() => useSession.setState({ token: null, user: null }));

describe('RequireSession', () => {
  it('while the forced password change loads: the dots, not the main layout’s frame (the change is its own page)', () => {
    window.location.hash = '#/user/Account';
    useSession.setState({
      token: 'token-1',
      user: { id: 7, accountNumber: 'zhang', accountName: '张三', mustChangePassword: true } as unknown as Account,
    });
    renderRouter(
      [{ element: <RequireSession />, children: [{ path: '/user/Account', element: <p>screen</p> }] }],
      '/user/Account',
    );
    expect(screen.getByRole('status', { name: '加载中...' })).toBeTruthy();
    expect(screen.queryByTestId('layout-shell')).toBeNull();
    expect(screen.queryByText('screen')).toBeNull();
  });
});
