import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Account, useSession } from '@/stores/session';
import { renderRouter } from '@/testing/render-router';
import { RequireSession } from './RequireSession';

afterEach(() => useSession.setState({ token: null, user: null }));

/** Signed in as 张三 with these flags of AccountInfo. */
const signIn = (fields: Record<string, unknown>) =>
  useSession.setState({
    token: 'token-1',
    user: {
      id: 7,
      accountNumber: 'zhang',
      accountName: '张三',
      originalAccount: null,
      ...fields,
    } as unknown as Account,
  });

const guarded = () =>
  renderRouter(
    [{ element: <RequireSession />, children: [{ path: '/user/Account', element: <p>screen</p> }] }],
    '/user/Account',
  );

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

  describe('a role that requires a second factor the account lacks', () => {
    // The pages the guard loads lazily: loaded before the tests, so no wait is for a module's first transform.
    beforeAll(() => Promise.all([import('@/features/second-factor'), import('@/features/auth')]));

    it('shows the enrolment page instead of the screen', async () => {
      signIn({ mustChangePassword: false, mustEnrolSecondFactor: true });
      guarded();
      expect(await screen.findByTestId('enrol-second-factor')).toBeTruthy();
      expect(screen.getByText('您的角色要求启用双因素认证')).toBeTruthy();
      expect(screen.queryByText('screen')).toBeNull();
    });

    it('the password change comes first when both are due', async () => {
      signIn({ mustChangePassword: true, mustEnrolSecondFactor: true });
      guarded();
      expect(await screen.findByTestId('initial-password')).toBeTruthy();
      expect(screen.queryByTestId('enrol-second-factor')).toBeNull();
      // It does not claim the system made a password an administrator may have set, and the cursor
      // starts in its first field.
      expect(screen.getByText(/当前密码是初始密码（由管理员设置、重置或首次启动时生成）/)).toBeTruthy();
      await waitFor(() => expect(document.activeElement).toBe(screen.getByPlaceholderText('请输入当前（初始）密码')));
    });

    it('not while someone acts as the account (identity switch): the screen', async () => {
      signIn({
        mustChangePassword: false,
        mustEnrolSecondFactor: true,
        originalAccount: { id: 1, accountNumber: 'admin', accountName: '系统管理员' },
      });
      guarded();
      expect(await screen.findByText('screen')).toBeTruthy();
      expect(screen.queryByTestId('enrol-second-factor')).toBeNull();
    });
  });
});
