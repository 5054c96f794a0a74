// The sign-in, registration and password pages follow the server's options, as the mock API (src/mocks) answers
// them: the mock's own (captcha and registration on), or those a test sets for itself.
import { type ResponseOf, routes } from '@gatehouse/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { MOCK_AUTH_OPTIONS } from '@/mocks/handlers/auth';
import { setupMockApi } from '@/testing/mock-api';
import { preloadScreens, renderApp } from '@/testing/render-app';

const api = setupMockApi();

const options = (fields: Partial<ResponseOf<typeof routes.authOptions>>) =>
  api.answer(routes.authOptions, { ...MOCK_AUTH_OPTIONS, ...fields });

describe('sign-in and registration pages follow the server options', () => {
  // Lazily loaded in the app: loaded here first, so no wait below is for a module's first transform
  // (docs/testing.md).
  beforeAll(() => Promise.all([preloadScreens('/login', '/register', '/update-password')]));

  it('without captcha and registration: no captcha field, no 立即注册', async () => {
    options({ loginCaptcha: false, registration: false });
    await renderApp('/login');
    await screen.findByPlaceholderText('输入用户名');
    await waitFor(() => expect(screen.getByRole('button', { name: '登录' })).toHaveProperty('disabled', false));
    expect(screen.queryByPlaceholderText('验证码')).toBeNull();
    expect(screen.queryByText('立即注册')).toBeNull();
    expect(screen.getByRole('button', { name: '忘记密码？' })).toBeTruthy();
  });

  it('without captcha: shows the field once the server asks for it after failures', async () => {
    options({ loginCaptcha: false });
    api.fail(routes.login, 400, '账号或密码错误');
    await renderApp('/login');
    fireEvent.change(await screen.findByPlaceholderText('输入用户名'), { target: { value: 'zhangwei' } });
    fireEvent.change(screen.getByPlaceholderText('输入密码'), { target: { value: 'wrong-pass-1' } });
    await waitFor(() => expect(screen.getByRole('button', { name: '登录' })).toHaveProperty('disabled', false));
    expect(screen.queryByPlaceholderText('验证码')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    // The mock answers that this account now needs the captcha.
    await screen.findByText('登录失败次数较多，请输入图形验证码');
    expect(screen.getByPlaceholderText('验证码')).toBeTruthy();
    expect((await api.sent(routes.loginCaptchaState)).map((r) => r.query.get('account'))).toContain('zhangwei');
  });

  it('shows a 429 refusal under the form', async () => {
    const locked = '登录失败次数过多，账号已临时锁定，请 3 分钟后再试';
    options({ loginCaptcha: false });
    api.fail(routes.login, 429, locked);
    api.answer(routes.loginCaptchaState, { required: false });
    await renderApp('/login');
    fireEvent.change(await screen.findByPlaceholderText('输入用户名'), { target: { value: 'lina' } });
    fireEvent.change(screen.getByPlaceholderText('输入密码'), { target: { value: 'any-pass-1' } });
    await waitFor(() => expect(screen.getByRole('button', { name: '登录' })).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect((await screen.findByRole('alert')).textContent).toContain(locked);
    expect(screen.queryByPlaceholderText('验证码')).toBeNull();
  });

  it('with both on (the mock’s options): the captcha field and the link to /register', async () => {
    const { router } = await renderApp('/login');
    await screen.findByPlaceholderText('验证码');
    fireEvent.click(await screen.findByText('立即注册'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
  });

  it('registration closed: says so and leads back to sign-in', async () => {
    options({ registration: false });
    const { router } = await renderApp('/register');
    await screen.findByText('暂未开放注册');
    expect(screen.queryByPlaceholderText('请输入手机号')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '返回登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('registration open: the form, with labels as the reference shows them', async () => {
    await renderApp('/register');
    await screen.findByText('注册账号');
    for (const label of ['手机号：', '图形验证码：', '验证码：', '姓名：', '工作单位：', '设置密码：', '重复密码：']) {
      expect(await screen.findByText(label)).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: '确 认' })).toBeTruthy();
  });

  it('the password page without authCode warns and cannot submit', async () => {
    await renderApp('/update-password');
    await screen.findByText('未验证用户身份，请返回重试！');
    expect(screen.getByRole('button', { name: '提交' }).hasAttribute('disabled')).toBe(true);
  });
});
