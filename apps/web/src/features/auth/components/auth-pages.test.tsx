// The sign-in, registration and password pages follow the server's options, as the mock API (src/mocks) answers
// them: the mock's own (captcha and registration on), or those a test sets for itself.
import { type ResponseOf, routes } from '@gatehouse/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { updatePasswordPath } from '@/lib/router/update-password';
import { failure } from '@/mocks/handle';
import { MOCK_AUTH_OPTIONS } from '@/mocks/handlers/auth';
import { setupMockApi } from '@/testing/mock-api';
import { preloadScreens, renderApp } from '@/testing/render-app';

const api = setupMockApi();

/**
 * Lets promise callbacks run (the form's checks, the submit, the request going out) but no timer or other task: a
 * click right after it is a second click that beats React's re-render of the button as loading.
 */
async function settleMicrotasks() {
  for (let i = 0; i < 50; i += 1) await Promise.resolve();
}

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

  it('registration: a captcha that fails to load and an SMS send that fails stay on the page, the form kept', async () => {
    // The failed load is said in the console too (specification §8).
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.server.use(http.get(api.url(routes.imageCaptcha), () => failure(503, '服务维护中'), { once: true }));
    const { router } = await renderApp('/register');
    const mobile = await screen.findByPlaceholderText('请输入手机号');
    expect(await screen.findByText('加载失败')).toBeTruthy();
    fireEvent.change(mobile, { target: { value: '13812345678' } });
    fireEvent.change(screen.getByPlaceholderText('请输入姓名'), { target: { value: '王五' } });
    api.fail(routes.sendSmsRegister, 500);
    // The image loads on a click (the server answers again), then the send fails on the server.
    fireEvent.click(screen.getByRole('button', { name: '看不清？换一张' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '看不清？换一张' }).querySelector('img')).toBeTruthy(),
    );
    fireEvent.change(screen.getByPlaceholderText('图形验证码'), { target: { value: 'K7NX' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('验证码发送失败，请稍后重试')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/register');
    expect((screen.getByPlaceholderText('请输入手机号') as HTMLInputElement).value).toBe('13812345678');
    expect((screen.getByPlaceholderText('请输入姓名') as HTMLInputElement).value).toBe('王五');
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('registration: a wrong mobile number is said under the field as it is typed', async () => {
    await renderApp('/register');
    fireEvent.change(await screen.findByPlaceholderText('请输入手机号'), { target: { value: '1381234' } });
    expect(await screen.findByText('手机号格式有误，请重新输入')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('请输入手机号'), { target: { value: '+8613812345678' } });
    await waitFor(() => expect(screen.queryByText('手机号格式有误，请重新输入')).toBeNull());
  });

  it('SMS sign-in: a wrong mobile number is said under the field as it is typed', async () => {
    await renderApp('/login');
    fireEvent.click(await screen.findByRole('tab', { name: '短信登录' }));
    fireEvent.change(await screen.findByPlaceholderText('输入手机号'), { target: { value: '2381234567' } });
    expect(await screen.findByText('手机号格式有误，请重新输入')).toBeTruthy();
  });

  it('every page that chooses a password shows its strength', async () => {
    await renderApp('/register');
    fireEvent.change(await screen.findByPlaceholderText('请输入密码（至少 8 位）'), { target: { value: 'abc' } });
    expect(screen.getByRole('status', { name: /^密码强度：/ })).toBeTruthy();
  });

  it('the password page shows the new password’s strength', async () => {
    await renderApp(updatePasswordPath('proof-token'));
    fireEvent.change(await screen.findByPlaceholderText('请输入新密码'), { target: { value: 'New-pass-2026' } });
    expect(screen.getByRole('status', { name: /^密码强度：/ })).toBeTruthy();
  });

  it('the password page without authCode warns and cannot submit', async () => {
    await renderApp('/update-password');
    await screen.findByText('未验证用户身份，请返回重试！');
    expect(screen.getByRole('button', { name: '提交' }).hasAttribute('disabled')).toBe(true);
  });

  it('the password page: a double submit changes the password once', async () => {
    // The token a password check answered for zhangwei, as the identity dialog hands it over.
    const zhangwei = api.store.accounts.find((a) => a.accountNumber === 'zhangwei');
    api.store.tokens.set('proof-token', { purpose: 'password', flavour: 'verify', subject: String(zhangwei?.id) });
    await renderApp(updatePasswordPath('proof-token'));
    fireEvent.change(await screen.findByPlaceholderText('请输入新密码'), { target: { value: 'New-pass-2026' } });
    fireEvent.change(screen.getByPlaceholderText('请再次输入新密码'), { target: { value: 'New-pass-2026' } });
    const submit = screen.getByRole('button', { name: '提交' });
    fireEvent.click(submit);
    await settleMicrotasks();
    expect(await api.sent(routes.changePassword)).toHaveLength(1);
    fireEvent.click(submit);
    expect((await screen.findByRole('dialog')).textContent).toContain('密码修改成功');
    expect((await api.sent(routes.changePassword)).map((r) => r.body)).toEqual([
      { newPassword: 'New-pass-2026', token: 'proof-token' },
    ]);
    expect(zhangwei?.password).toBe('New-pass-2026');
  });
});
