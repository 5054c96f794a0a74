import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthOptions } from '@/features/auth/api/auth.api';
import { HttpError } from '@/lib/http';
import { TestProviders } from '@/lib/testing/TestProviders';
import { LoginPage } from './LoginPage';
import { RegisterPage } from './RegisterPage';
import { UpdatePasswordPage } from './UpdatePasswordPage';

const options = vi.hoisted(() => ({
  current: {
    loginCaptcha: false,
    registration: false,
    accessControl: false,
    permissionInterceptor: false,
    encryption: false,
  } as AuthOptions,
}));

// The sign-in answers of the server, per test (only the sign-in defences tests below set them).
const answers = vi.hoisted(() => ({
  login: undefined as undefined | (() => Promise<string>),
  captchaState: vi.fn(async (_account: string) => ({ required: false })),
}));

// The pages read the server's sign-in options; here they are whatever the test says.
vi.mock('@/features/auth/api/auth.api', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/features/auth/api/auth.api')>();
  return {
    ...original,
    useAuthOptions: () => ({ data: options.current, isPending: false, isError: false }),
    login: (credentials: Parameters<typeof original.login>[0]) =>
      answers.login ? answers.login() : original.login(credentials),
    loginCaptchaState: (account: string) => answers.captchaState(account),
  };
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/update-password', element: <UpdatePasswordPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

describe('sign-in and registration pages follow the server options', () => {
  beforeEach(() => {
    answers.login = undefined;
    answers.captchaState.mockReset();
    answers.captchaState.mockResolvedValue({ required: false });
    options.current = {
      loginCaptcha: false,
      registration: false,
      accessControl: false,
      permissionInterceptor: false,
      encryption: false,
    };
  });

  it('without captcha and registration: no captcha field, no 立即注册', async () => {
    renderAt('/login');
    await screen.findByPlaceholderText('输入用户名');
    expect(screen.queryByPlaceholderText('验证码')).toBeNull();
    expect(screen.queryByText('立即注册')).toBeNull();
    expect(screen.getByRole('button', { name: '忘记密码？' })).toBeTruthy();
  });

  it('without captcha: shows the field once the server asks for it after failures', async () => {
    answers.login = () => Promise.reject(new HttpError('bad-request', '账号或密码错误', 400));
    answers.captchaState.mockResolvedValue({ required: true });
    renderAt('/login');
    fireEvent.change(await screen.findByPlaceholderText('输入用户名'), { target: { value: 'zhangwei' } });
    fireEvent.change(screen.getByPlaceholderText('输入密码'), { target: { value: 'wrong-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await screen.findByText('登录失败次数较多，请输入图形验证码');
    expect(screen.getByPlaceholderText('验证码')).toBeTruthy();
    expect(answers.captchaState).toHaveBeenCalledWith('zhangwei');
  });

  it('shows a 429 refusal under the form', async () => {
    const locked = '登录失败次数过多，账号已临时锁定，请 3 分钟后再试';
    answers.login = () => Promise.reject(new HttpError('rate-limited', locked, 429));
    answers.captchaState.mockResolvedValue({ required: false });
    renderAt('/login');
    fireEvent.change(await screen.findByPlaceholderText('输入用户名'), { target: { value: 'lina' } });
    fireEvent.change(screen.getByPlaceholderText('输入密码'), { target: { value: 'any-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect((await screen.findByRole('alert')).textContent).toContain(locked);
    expect(screen.queryByPlaceholderText('验证码')).toBeNull();
  });

  it('with both on: the captcha field and the link to /register', async () => {
    options.current = {
      loginCaptcha: true,
      registration: true,
      accessControl: false,
      permissionInterceptor: false,
      encryption: false,
    };
    const router = renderAt('/login');
    await screen.findByPlaceholderText('验证码');
    fireEvent.click(screen.getByText('立即注册'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
  });

  it('registration closed: says so and leads back to sign-in', async () => {
    const router = renderAt('/register');
    await screen.findByText('暂未开放注册');
    expect(screen.queryByPlaceholderText('请输入手机号')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '返回登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('registration open: the form, with labels as the reference shows them', async () => {
    options.current = {
      loginCaptcha: true,
      registration: true,
      accessControl: false,
      permissionInterceptor: false,
      encryption: false,
    };
    renderAt('/register');
    await screen.findByText('注册账号');
    for (const label of ['手机号：', '图形验证码：', '验证码：', '姓名：', '工作单位：', '设置密码：', '重复密码：']) {
      expect(screen.getByText(label)).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: '确 认' })).toBeTruthy();
  });

  it('the password page without authCode warns and cannot submit', async () => {
    renderAt('/update-password');
    await screen.findByText('未验证用户身份，请返回重试！');
    expect(screen.getByRole('button', { name: '提交' }).hasAttribute('disabled')).toBe(true);
  });
});
