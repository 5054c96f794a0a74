import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { VerificationApiContext } from '@/components/verification/verification-api';
import type { AuthOptions, Credentials } from '@/features/auth/api/auth.api';
import { createFakeVerificationApi, FAKE, type FakeVerificationApi } from '@/lib/testing/fake-verification-api';
import { LoginPage } from './LoginPage';

const state = vi.hoisted(() => ({
  options: { loginCaptcha: false, registration: false } as Partial<AuthOptions>,
  login: vi.fn(async (_credentials: Credentials): Promise<string> => Promise.reject(new Error('refused'))),
}));

vi.mock('@/features/auth/api/auth.api', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/features/auth/api/auth.api')>();
  return {
    ...original,
    useAuthOptions: () => ({ data: state.options, isPending: false, isError: false }),
    login: (credentials: Credentials) => state.login(credentials),
    loginCaptchaState: async () => ({ required: false }),
  };
});

/**
 * The sign-in page with no antd provider around it (the app renders it outside the antd layout, docs/adr/0014):
 * only the verification calls and a router.
 */
function renderLogin(api: FakeVerificationApi) {
  const router = createMemoryRouter([{ path: '/login', element: <LoginPage /> }], { initialEntries: ['/login'] });
  render(
    <VerificationApiContext value={api}>
      <RouterProvider router={router} />
    </VerificationApiContext>,
  );
}

const account = () => screen.getByPlaceholderText('输入用户名') as HTMLInputElement;
const password = () => screen.getByPlaceholderText('输入密码') as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: '登录' }));

describe('the sign-in page without antd', () => {
  let api: FakeVerificationApi;
  // The SMS tab and its antd root are lazy components (fetched on first use): load their modules before the tests,
  // so no test waits for them to be transformed (docs/testing.md). The page still suspends on them as in the app.
  beforeAll(() => Promise.all([import('./SmsLoginForm'), import('@/components/antd-root')]));
  beforeEach(() => {
    api = createFakeVerificationApi();
    state.options = { loginCaptcha: false, registration: false };
    state.login.mockReset();
    state.login.mockRejectedValue(new Error('refused'));
  });

  it('checks every field on submit, names the rule, marks the inputs and focuses the first one', async () => {
    renderLogin(api);
    await screen.findByPlaceholderText('输入用户名');
    submit();
    expect(screen.getByText('请输入用户名')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(account().getAttribute('aria-invalid')).toBe('true');
    expect(password().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(account());
    expect(state.login).not.toHaveBeenCalled();
  });

  it('checks a field as it changes, and clears its message once it is right', async () => {
    renderLogin(api);
    fireEvent.change(await screen.findByPlaceholderText('输入用户名'), { target: { value: 'ab' } });
    expect(screen.getByText('长度在 3 到 30 个字符')).toBeTruthy();
    fireEvent.change(account(), { target: { value: 'abc' } });
    expect(screen.queryByText('长度在 3 到 30 个字符')).toBeNull();
    expect(account().hasAttribute('aria-invalid')).toBe(false);
    fireEvent.change(password(), { target: { value: 'x'.repeat(129) } });
    expect(screen.getByText('长度不能超过 128 个字符')).toBeTruthy();
  });

  it('signs in with the trimmed account and the password as typed', async () => {
    state.login.mockResolvedValue('token-1');
    renderLogin(api);
    fireEvent.change(await screen.findByPlaceholderText('输入用户名'), { target: { value: '  zhangwei ' } });
    fireEvent.change(password(), { target: { value: ' pass word ' } });
    submit();
    await waitFor(() =>
      expect(state.login).toHaveBeenCalledWith({ account: 'zhangwei', password: ' pass word ', captcha: undefined }),
    );
  });

  it('shows and hides the password with the eye button', async () => {
    renderLogin(api);
    await screen.findByPlaceholderText('输入密码');
    expect(password().type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: '显示密码' }));
    expect(password().type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: '隐藏密码' }));
    expect(password().type).toBe('password');
  });

  it('with the captcha on: a wrong answer is said under the field, emptied, and a new image loads', async () => {
    state.options = { loginCaptcha: true, registration: false };
    renderLogin(api);
    const captcha = (await screen.findByPlaceholderText('验证码')) as HTMLInputElement;
    await waitFor(() => expect(api.loadCaptcha).toHaveBeenCalledTimes(1));
    await screen.findByRole('button', { name: '看不清？换一张' });
    fireEvent.change(account(), { target: { value: 'zhangwei' } });
    fireEvent.change(password(), { target: { value: 'secret-1' } });
    submit();
    expect(await screen.findByText('请填写验证码')).toBeTruthy();
    fireEvent.change(captcha, { target: { value: 'wrong' } });
    await waitFor(() => expect(captcha.value).toBe('wrong'));
    submit();
    expect(await screen.findByText('验证失败，请重试')).toBeTruthy();
    expect(captcha.value).toBe('');
    await waitFor(() => expect(api.loadCaptcha).toHaveBeenCalledTimes(2));
    expect(state.login).not.toHaveBeenCalled();

    await waitFor(() =>
      expect(screen.getByRole('button', { name: '看不清？换一张' }).querySelector('img')).toBeTruthy(),
    );
    fireEvent.change(captcha, { target: { value: FAKE.captchaAnswer } });
    submit();
    await waitFor(() =>
      expect(state.login).toHaveBeenCalledWith({
        account: 'zhangwei',
        password: 'secret-1',
        captcha: 'captcha-token:captcha-2',
      }),
    );
  });

  it('opens the SMS tab with the keyboard too, loading its form with antd on first use', async () => {
    renderLogin(api);
    const accountTab = await screen.findByRole('tab', { name: '账号登录' });
    expect(accountTab.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(accountTab, { key: 'ArrowRight' });
    const smsTab = screen.getByRole('tab', { name: '短信登录' });
    expect(smsTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(smsTab);
    expect(await screen.findByPlaceholderText('输入手机号')).toBeTruthy();
    expect(document.querySelector('.ant-app')).toBeTruthy();
    expect(screen.queryByPlaceholderText('输入用户名')).toBeNull();
  });
});
