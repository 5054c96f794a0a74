// The sign-in page as the app shows it (outside antd, docs/adr/0014), answered by the mock API (src/mocks).
import { routes } from '@gatehouse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { failure } from '@/mocks/handle';
import { MOCK_AUTH_OPTIONS } from '@/mocks/handlers/auth';
import { MOCK_PASSWORD } from '@/mocks/seed';
import { useServerOptions } from '@/stores/server-options';
import { useSession } from '@/stores/session';
import { setupMockApi } from '@/testing/mock-api';
import { preloadScreens, renderApp } from '@/testing/render-app';

const api = setupMockApi();

/** The page is told the server runs without the sign-in captcha (the mock server itself still wants one). */
const captchaOff = () => api.answer(routes.authOptions, { ...MOCK_AUTH_OPTIONS, loginCaptcha: false });

/** Signed in, the page goes to the redirect: the account screen, whose list the mock answers too. */
const LOGIN = `/login?redirect=${encodeURIComponent('/user/Account')}`;

const account = () => screen.getByPlaceholderText('输入用户名') as HTMLInputElement;
const password = () => screen.getByPlaceholderText('输入密码') as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: '登录' }));

/**
 * Lets promise callbacks run (the form's checks, the submit, the request going out) but no timer or other task: a
 * click right after it is a second click that beats React's re-render of the button as loading.
 */
async function settleMicrotasks() {
  for (let i = 0; i < 50; i += 1) await Promise.resolve();
}

describe('the sign-in page', () => {
  // The page, its SMS tab, 忘记密码？'s verification and the antd root are loaded lazily in the app: loaded here first, so no wait below is
  // for a module's first transform (docs/testing.md). The page still suspends on them as in the app.
  beforeAll(() =>
    Promise.all([
      preloadScreens('/login', '/user/Account'),
      import('./SmsLoginForm'),
      import('./PasswordReset'),
      import('@/components/antd-root'),
    ]),
  );

  it('checks every field on submit, names the rule, marks the inputs and focuses the first one', async () => {
    captchaOff();
    await renderApp(LOGIN);
    await screen.findByPlaceholderText('输入用户名');
    await waitFor(() => expect(screen.getByRole('button', { name: '登录' })).toHaveProperty('disabled', false));
    submit();
    expect(screen.getByText('请输入用户名')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(account().getAttribute('aria-invalid')).toBe('true');
    expect(password().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(account());
    expect(await api.sent(routes.login)).toEqual([]);
  });

  it('starts from the options read at start: ready at once, no captcha, even while the server is slow to answer again', async () => {
    // The app reads the options before its first render (main.tsx, renderApp); the page asks nothing more on a first
    // visit. Without that, a held (or timed-out) second read kept 登录 disabled, then turned the captcha on for a
    // server that runs without it, and the filled form never posted (an E2E sign-in on a busy machine).
    captchaOff();
    await useServerOptions.getState().load();
    api.hold(routes.authOptions);
    await renderApp(LOGIN);
    fireEvent.change(await screen.findByPlaceholderText('输入用户名'), { target: { value: 'zhangwei' } });
    fireEvent.change(password(), { target: { value: MOCK_PASSWORD } });
    expect(screen.queryByPlaceholderText('验证码')).toBeNull();
    expect(screen.getByRole('button', { name: '登录' })).toHaveProperty('disabled', false);
    submit();
    // The sign-in goes out without a captcha (the mock itself then asks for one: not this test's matter).
    await waitFor(async () =>
      expect((await api.sent(routes.login)).map((r) => r.body)).toEqual([
        { account: 'zhangwei', password: MOCK_PASSWORD },
      ]),
    );
    expect(await api.sent(routes.authOptions)).toHaveLength(1);
  });

  it('checks a field as it changes, and clears its message once it is right', async () => {
    await renderApp(LOGIN);
    fireEvent.change(await screen.findByPlaceholderText('输入用户名'), { target: { value: 'ab' } });
    expect(screen.getByText('长度在 3 到 30 个字符')).toBeTruthy();
    fireEvent.change(account(), { target: { value: 'abc' } });
    expect(screen.queryByText('长度在 3 到 30 个字符')).toBeNull();
    expect(account().hasAttribute('aria-invalid')).toBe(false);
    fireEvent.change(password(), { target: { value: 'x'.repeat(129) } });
    expect(screen.getByText('长度不能超过 128 个字符')).toBeTruthy();
  });

  it('signs in with the trimmed account and the password as typed, then goes to the redirect', async () => {
    // A password with spaces: only sent untrimmed does the server accept it.
    const zhangwei = api.store.accounts.find((a) => a.accountNumber === 'zhangwei');
    if (zhangwei) zhangwei.password = ' pass word ';
    const { router } = await renderApp(LOGIN);
    fireEvent.change(await screen.findByPlaceholderText('输入用户名'), { target: { value: '  zhangwei ' } });
    fireEvent.change(password(), { target: { value: ' pass word ' } });
    // The mock server asks for the captcha (any answer is right): answered once its image is in.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '看不清？换一张' }).querySelector('img')).toBeTruthy(),
    );
    fireEvent.change(screen.getByPlaceholderText('验证码'), { target: { value: 'K7NX' } });
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/Account'));
    expect((await api.sent(routes.login)).map((r) => r.body)).toEqual([
      { account: 'zhangwei', password: ' pass word ', captcha: expect.any(String) },
    ]);
    expect(useSession.getState().user).toMatchObject({ accountNumber: 'zhangwei', accountName: '张伟' });
  });

  it('asks for the captcha at 120×40 and shows it at that size, larger than the 76×38 default', async () => {
    await renderApp(LOGIN);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '看不清？换一张' }).querySelector('img')).toBeTruthy(),
    );
    const [asked] = await api.sent(routes.imageCaptcha);
    expect(Object.fromEntries(asked?.query ?? [])).toMatchObject({ width: '120', height: '40' });
    const image = screen.getByRole('button', { name: '看不清？换一张' }).querySelector('img');
    expect([image?.getAttribute('width'), image?.getAttribute('height')]).toEqual(['120', '40']);
  });

  it('a double submit signs in once: the second click while the first runs is ignored', async () => {
    const { router } = await renderApp(LOGIN);
    fireEvent.change(await screen.findByPlaceholderText('输入用户名'), { target: { value: 'zhangwei' } });
    fireEvent.change(password(), { target: { value: MOCK_PASSWORD } });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '看不清？换一张' }).querySelector('img')).toBeTruthy(),
    );
    fireEvent.change(screen.getByPlaceholderText('验证码'), { target: { value: 'K7NX' } });
    submit();
    await settleMicrotasks();
    expect(await api.sent(routes.validateImageCaptcha)).toHaveLength(1);
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/Account'));
    expect(await api.sent(routes.validateImageCaptcha)).toHaveLength(1);
    expect(await api.sent(routes.login)).toHaveLength(1);
  });

  it('forgot password: a double submit of the e-mail code checks it once, then goes to the password page', async () => {
    const { router } = await renderApp(LOGIN);
    fireEvent.click(await screen.findByRole('button', { name: '忘记密码？' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: '请输入安全邮箱' }), {
      target: { value: 'zhangwei@example.com' },
    });
    // Signed out, the send needs the image captcha (the mock takes any answer once its image is in).
    await waitFor(() => expect(within(dialog).queryByText('加载中...')).toBeNull());
    fireEvent.change(within(dialog).getByRole('textbox', { name: '图形验证码' }), { target: { value: 'K7NX' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    await within(dialog).findByRole('button', { name: '30s' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '请输入验证码' }), { target: { value: '123456' } });
    const verify = within(dialog).getByRole('button', { name: '立即验证' });
    fireEvent.click(verify);
    await settleMicrotasks();
    expect(await api.sent(routes.validateEmailCode)).toHaveLength(1);
    fireEvent.click(verify);
    await waitFor(() => expect(router.state.location.pathname).toBe('/update-password'));
    expect(await api.sent(routes.validateEmailCode)).toHaveLength(1);
  });

  it('shows and hides the password with the eye button', async () => {
    await renderApp(LOGIN);
    await screen.findByPlaceholderText('输入密码');
    expect(password().type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: '显示密码' }));
    expect(password().type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: '隐藏密码' }));
    expect(password().type).toBe('password');
  });

  it('with the captcha on: a wrong answer is said under the field, emptied, and a new image loads', async () => {
    // The mock takes any answer; this one it refuses, as the server refuses a wrong one.
    api.server.use(
      http.get(api.url(routes.validateImageCaptcha), ({ request }) =>
        new URL(request.url).searchParams.get('userInput') === 'WRONG' ? failure(400, '验证码错误') : undefined,
      ),
    );
    const { router } = await renderApp(LOGIN);
    const captcha = (await screen.findByPlaceholderText('验证码')) as HTMLInputElement;
    await waitFor(async () => expect(await api.sent(routes.imageCaptcha)).toHaveLength(1));
    fireEvent.change(account(), { target: { value: 'zhangwei' } });
    fireEvent.change(password(), { target: { value: MOCK_PASSWORD } });
    submit();
    expect(await screen.findByText('请填写验证码')).toBeTruthy();
    fireEvent.change(captcha, { target: { value: 'WRONG' } });
    await waitFor(() => expect(captcha.value).toBe('WRONG'));
    submit();
    expect(await screen.findByText('验证失败，请重试')).toBeTruthy();
    expect(captcha.value).toBe('');
    await waitFor(async () => expect(await api.sent(routes.imageCaptcha)).toHaveLength(2));
    expect(await api.sent(routes.login)).toEqual([]);

    await waitFor(() =>
      expect(screen.getByRole('button', { name: '看不清？换一张' }).querySelector('img')).toBeTruthy(),
    );
    fireEvent.change(captcha, { target: { value: 'K7NX' } });
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/Account'));
    const [sent] = await api.sent(routes.login);
    expect(sent?.body).toEqual({ account: 'zhangwei', password: MOCK_PASSWORD, captcha: expect.any(String) });
  });

  it('says why the session ended for a reason code in the address, and shows no text of the address itself', async () => {
    await renderApp(`${LOGIN}&reason=forced`);
    expect(await screen.findByText('您已被管理员强制下线，请重新登录')).toBeTruthy();
  });

  it('shows nothing for a reason it does not know (no text from the URL reaches the page)', async () => {
    const bait = '系统升级，请到 evil.example 重新验证';
    await renderApp(`${LOGIN}&reason=${encodeURIComponent(bait)}`);
    await screen.findByPlaceholderText('输入用户名');
    expect(screen.queryByText(bait, { exact: false })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a session the server ended: the next call lands here, saying why, and the wanted screen is kept', async () => {
    api.signInAs('zhangwei');
    api.server.use(
      http.get(api.url(routes.getAccountInfo), () =>
        HttpResponse.json(
          { code: 401, msg: '账号已被禁用，请联系管理员' },
          { status: 401, headers: { 'x-session-end': 'disabled' } },
        ),
      ),
    );
    const { router } = await renderApp('/user/Account');
    expect(await screen.findByText('账号已被禁用，请联系管理员')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    const search = new URLSearchParams(router.state.location.search);
    expect([search.get('redirect'), search.get('reason')]).toEqual(['/user/Account', 'disabled']);
    expect(useSession.getState().token).toBeNull();
  });

  it('sends an account already signed in on to the redirect', async () => {
    api.signInAs('zhangwei');
    const { router } = await renderApp(LOGIN);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/Account'));
  });

  it('never follows a redirect off the app: a signed-in account goes home instead', async () => {
    api.signInAs('zhangwei');
    const { router } = await renderApp(`/login?redirect=${encodeURIComponent('//evil.example/x')}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('opens the SMS tab with the keyboard too, loading its form with antd on first use', async () => {
    await renderApp(LOGIN);
    const accountTab = await screen.findByRole('tab', { name: '账号登录' });
    expect(accountTab.getAttribute('aria-selected')).toBe('true');
    // The page itself has no antd root.
    expect(document.querySelector('.ant-app')).toBeNull();
    fireEvent.keyDown(accountTab, { key: 'ArrowRight' });
    const smsTab = screen.getByRole('tab', { name: '短信登录' });
    expect(smsTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(smsTab);
    expect(await screen.findByPlaceholderText('输入手机号')).toBeTruthy();
    expect(document.querySelector('.ant-app')).toBeTruthy();
    expect(screen.queryByPlaceholderText('输入用户名')).toBeNull();
  });
});
