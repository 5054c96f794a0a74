// The sign-in page's second factor: a first factor answering a challenge leads to the 双因素认证 step in
// the same card, whose answer signs in as a token answer does; and the passwordless 使用通行密钥登录. The mock API
// answers everything else (src/mocks); the second-factor routes are answered here, as the server does.
import { routes } from '@gatehouse/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MOCK_AUTH_OPTIONS } from '@/mocks/handlers/auth';
import { MOCK_PASSWORD } from '@/mocks/seed';
import { useSession } from '@/stores/session';
import { setupMockApi } from '@/testing/mock-api';
import { preloadScreens, renderApp } from '@/testing/render-app';

// happy-dom has no WebAuthn: the library's prompt, as a browser with a passkey answers it.
const webauthn = vi.hoisted(() => ({ startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => webauthn);

const CREDENTIAL = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: { clientDataJSON: 'c', authenticatorData: 'a', signature: 's' },
  clientExtensionResults: {},
} as const;
const OPTIONS = { challenge: 'challenge-bytes', rpId: 'localhost', allowCredentials: [] };

const api = setupMockApi();

const LOGIN = `/login?redirect=${encodeURIComponent('/user/Account')}`;
const TICKET = 'ticket-1';
const TICKET_GONE = '登录验证已过期或已失效，请重新输入账号和密码';

const account = () => screen.getByPlaceholderText('输入用户名') as HTMLInputElement;
const password = () => screen.getByPlaceholderText('输入密码') as HTMLInputElement;

/** Signs in as zhangwei with the right password, the server running without the sign-in captcha. */
async function firstStep(secondFactor: ('totp' | 'passkey' | 'recovery')[] = ['totp', 'passkey', 'recovery']) {
  api.answer(routes.authOptions, { ...MOCK_AUTH_OPTIONS, loginCaptcha: false });
  api.answer(routes.login, { secondFactor, ticket: TICKET });
  const rendered = await renderApp(LOGIN);
  fireEvent.change(await screen.findByPlaceholderText('输入用户名'), { target: { value: ' zhangwei ' } });
  fireEvent.change(password(), { target: { value: MOCK_PASSWORD } });
  await waitFor(() => expect(screen.getByRole('button', { name: '登录' })).toHaveProperty('disabled', false));
  fireEvent.click(screen.getByRole('button', { name: '登录' }));
  await screen.findByRole('heading', { name: '双因素认证' });
  return rendered;
}

describe('the sign-in page with a second factor', () => {
  beforeAll(() =>
    Promise.all([
      preloadScreens('/login', '/user/Account'),
      import('./SecondFactorStep'),
      import('./passkey'),
      import('./SmsLoginForm'),
      import('@/components/antd-root'),
    ]),
  );

  beforeEach(() => {
    webauthn.startAuthentication.mockReset();
    webauthn.startAuthentication.mockResolvedValue(CREDENTIAL);
  });

  afterEach(() => vi.unstubAllGlobals());

  it('a challenge answer shows the step; six digits of the app send {ticket, totp, code} and sign in', async () => {
    api.answer(routes.loginSecondFactor, api.tokenOf('zhangwei'));
    const { router } = await firstStep(['totp', 'recovery']);
    expect(router.state.location.pathname).toBe('/login');
    expect(useSession.getState().token).toBeNull();
    // The password form is gone from the card; the code input has the focus and the phone's one-time-code hints.
    expect(screen.queryByPlaceholderText('输入密码')).toBeNull();
    const code = screen.getByPlaceholderText('6 位动态验证码') as HTMLInputElement;
    expect(document.activeElement).toBe(code);
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    // Offered: the recovery code; not offered: the passkey.
    expect(screen.getByRole('button', { name: '使用恢复码' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '使用通行密钥' })).toBeNull();

    // Only digits count; the sixth one sends the code without a click.
    fireEvent.change(code, { target: { value: '123 45' } });
    expect(code.value).toBe('12345');
    fireEvent.change(code, { target: { value: '123456' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/Account'));
    expect((await api.sent(routes.loginSecondFactor)).map((r) => r.body)).toEqual([
      { ticket: TICKET, method: 'totp', code: '123456' },
    ]);
    expect((await api.sent(routes.login)).map((r) => r.body)).toEqual([
      { account: 'zhangwei', password: MOCK_PASSWORD },
    ]);
    expect(useSession.getState().user).toMatchObject({ accountNumber: 'zhangwei' });
  });

  it('使用恢复码 switches to a recovery code, sent as method recovery', async () => {
    api.answer(routes.loginSecondFactor, api.tokenOf('zhangwei'));
    const { router } = await firstStep();
    fireEvent.click(screen.getByRole('button', { name: '使用恢复码' }));
    const code = screen.getByPlaceholderText('恢复码') as HTMLInputElement;
    expect(document.activeElement).toBe(code);
    // The other methods stay a click away.
    expect(screen.getByRole('button', { name: '使用身份验证器' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '使用通行密钥' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '验证' }));
    expect(await screen.findByText('请输入恢复码')).toBeTruthy();
    fireEvent.change(code, { target: { value: ' k7nx-2b4q ' } });
    fireEvent.click(screen.getByRole('button', { name: '验证' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/Account'));
    expect((await api.sent(routes.loginSecondFactor)).map((r) => r.body)).toEqual([
      { ticket: TICKET, method: 'recovery', code: 'k7nx-2b4q' },
    ]);
  });

  it('a wrong code: the server’s message under the field, the input emptied for the next code', async () => {
    api.fail(routes.loginSecondFactor, 400, '动态验证码错误或已使用');
    await firstStep();
    const code = screen.getByPlaceholderText('6 位动态验证码') as HTMLInputElement;
    fireEvent.change(code, { target: { value: '000000' } });
    expect(await screen.findByText('动态验证码错误或已使用')).toBeTruthy();
    expect(code.value).toBe('');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('heading', { name: '双因素认证' })).toBeTruthy();
    expect(useSession.getState().token).toBeNull();
  });

  it('an expired ticket goes back to the password step with the server’s message and the account filled in', async () => {
    api.fail(routes.loginSecondFactor, 410, TICKET_GONE);
    await firstStep();
    fireEvent.change(screen.getByPlaceholderText('6 位动态验证码'), { target: { value: '123456' } });
    expect(await screen.findByText(TICKET_GONE)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '双因素认证' })).toBeNull();
    expect(account().value).toBe('zhangwei');
    expect(password().value).toBe('');
  });

  it('返回 goes back to the password step', async () => {
    await firstStep();
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    expect(await screen.findByPlaceholderText('输入密码')).toBeTruthy();
    expect(account().value).toBe('zhangwei');
    expect(screen.queryByRole('heading', { name: '双因素认证' })).toBeNull();
    expect(await api.sent(routes.loginSecondFactor)).toEqual([]);
  });

  it('a passkey as the second step: the ticket’s options, the browser’s answer, then {ticket, passkey, credential}', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    api.answer(routes.secondFactorOptions, { options: OPTIONS });
    api.answer(routes.loginSecondFactor, api.tokenOf('zhangwei'));
    const { router } = await firstStep(['passkey']);
    expect(screen.queryByPlaceholderText('6 位动态验证码')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '使用通行密钥验证' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/Account'));
    expect((await api.sent(routes.secondFactorOptions)).map((r) => r.body)).toEqual([{ ticket: TICKET }]);
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect((await api.sent(routes.loginSecondFactor)).map((r) => r.body)).toEqual([
      { ticket: TICKET, method: 'passkey', credential: CREDENTIAL },
    ]);
  });

  it('an SMS sign-in answering a challenge leads to the same step; 返回 goes back to the SMS tab', async () => {
    api.answer(routes.smsLogin, { secondFactor: ['totp'], ticket: TICKET });
    api.answer(routes.loginSecondFactor, api.tokenOf('zhangwei'));
    const { router } = await renderApp(LOGIN);
    fireEvent.click(await screen.findByRole('tab', { name: '短信登录' }));
    fireEvent.change(await screen.findByPlaceholderText('输入手机号'), { target: { value: '13800000000' } });
    // The send needs the image captcha (the mock takes any answer once its image is in).
    await waitFor(() => expect(screen.queryByText('加载中...')).toBeNull());
    fireEvent.change(screen.getByRole('textbox', { name: '图形验证码' }), { target: { value: 'K7NX' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await screen.findByRole('button', { name: '30s' });
    fireEvent.change(screen.getByRole('textbox', { name: '短信验证码' }), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await screen.findByRole('heading', { name: '双因素认证' });

    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    expect((await screen.findByRole('tab', { name: '短信登录' })).getAttribute('aria-selected')).toBe('true');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('a token answer still signs in at once, with no second step', async () => {
    api.answer(routes.authOptions, { ...MOCK_AUTH_OPTIONS, loginCaptcha: false });
    api.answer(routes.login, api.tokenOf('zhangwei'));
    const { router } = await renderApp(LOGIN);
    fireEvent.change(await screen.findByPlaceholderText('输入用户名'), { target: { value: 'zhangwei' } });
    fireEvent.change(password(), { target: { value: MOCK_PASSWORD } });
    await waitFor(() => expect(screen.getByRole('button', { name: '登录' })).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/Account'));
    expect(screen.queryByRole('heading', { name: '双因素认证' })).toBeNull();
    expect(await api.sent(routes.loginSecondFactor)).toEqual([]);
  });
});

/** The page's address, as the browser's address bar would hold it (happy-dom starts at http://localhost:3000/). */
const openedAt = (url: string) =>
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);

describe('passkeys on a page opened by an IP address', () => {
  beforeAll(() => Promise.all([preloadScreens('/login', '/user/Account'), import('./SecondFactorStep')]));

  beforeEach(() => {
    webauthn.startAuthentication.mockReset();
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    openedAt('http://localhost:3000/');
  });

  it('the sign-in page says to open it at localhost instead of offering 使用通行密钥登录', async () => {
    openedAt('http://127.0.0.1:8080/');
    await renderApp(LOGIN);
    await screen.findByPlaceholderText('输入用户名');
    await waitFor(() =>
      expect(screen.getByTestId('passkey-address-note').textContent).toBe(
        '通行密钥需要以主机名打开本页，请改用 http://localhost:8080',
      ),
    );
    expect(screen.queryByRole('button', { name: '使用通行密钥登录' })).toBeNull();
    // The note leads to the same page at localhost.
    expect(screen.getByRole('link', { name: /请改用/ }).getAttribute('href')).toBe('http://localhost:8080');
  });

  it('the second step names the domain name on another IP address, and its passkey button is off', async () => {
    openedAt('http://192.168.10.5:8080/');
    const { SecondFactorStep } = await import('./SecondFactorStep');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SecondFactorStep
          challenge={{ ticket: TICKET, secondFactor: ['passkey'] }}
          onSignedIn={async () => {}}
          onBack={() => {}}
        />
      </QueryClientProvider>,
    );
    expect(screen.getByText('通行密钥需要以域名打开本页，以 IP 地址打开时不能使用')).toBeTruthy();
    expect(screen.getByRole('button', { name: '使用通行密钥验证' })).toHaveProperty('disabled', true);
  });
});

describe('使用通行密钥登录', () => {
  beforeAll(() => Promise.all([preloadScreens('/login', '/user/Account'), import('./passkey')]));

  beforeEach(() => {
    webauthn.startAuthentication.mockReset();
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  });

  afterEach(() => vi.unstubAllGlobals());

  it('signs in with a passkey alone: options, the browser’s answer, then {challengeId, credential}', async () => {
    webauthn.startAuthentication.mockResolvedValue(CREDENTIAL);
    api.answer(routes.passkeyLoginOptions, { challengeId: 'challenge-1', options: OPTIONS });
    api.answer(routes.passkeyLogin, api.tokenOf('zhangwei'));
    const { router } = await renderApp(LOGIN);
    fireEvent.click(await screen.findByRole('button', { name: '使用通行密钥登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/Account'));
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect((await api.sent(routes.passkeyLogin)).map((r) => r.body)).toEqual([
      { challengeId: 'challenge-1', credential: CREDENTIAL },
    ]);
    expect(useSession.getState().user).toMatchObject({ accountNumber: 'zhangwei' });
  });

  it('a cancelled browser prompt says 已取消 quietly and stays on the page', async () => {
    webauthn.startAuthentication.mockRejectedValue(
      Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }),
    );
    api.answer(routes.passkeyLoginOptions, { challengeId: 'challenge-1', options: OPTIONS });
    const { router } = await renderApp(LOGIN);
    fireEvent.click(await screen.findByRole('button', { name: '使用通行密钥登录' }));
    expect(await screen.findByText('已取消')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(await api.sent(routes.passkeyLogin)).toEqual([]);
  });

  it('a passkey the server refuses: its message on the page', async () => {
    webauthn.startAuthentication.mockResolvedValue(CREDENTIAL);
    api.answer(routes.passkeyLoginOptions, { challengeId: 'challenge-1', options: OPTIONS });
    api.fail(routes.passkeyLogin, 400, '该通行密钥未在本系统登记，请使用账号密码登录');
    await renderApp(LOGIN);
    fireEvent.click(await screen.findByRole('button', { name: '使用通行密钥登录' }));
    expect((await screen.findByRole('alert')).textContent).toBe('该通行密钥未在本系统登记，请使用账号密码登录');
  });

  it('is not offered where the browser has no WebAuthn', async () => {
    vi.unstubAllGlobals();
    await renderApp(LOGIN);
    await screen.findByPlaceholderText('输入用户名');
    expect(screen.queryByRole('button', { name: '使用通行密钥登录' })).toBeNull();
  });
});
