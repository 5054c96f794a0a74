// The identity dialog's second factors: offered first when the signed-in account holds them, never
// without a session; the authenticator app's code and a passkey each answer the token the caller gets.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '@/lib/http';
import { type Account, useSession } from '@/stores/session';
import { createFakeVerificationApi, VerificationTestProviders } from '@/testing/fake-verification-api';
import { useIdentityVerification, type VerifyOptions } from './IdentityVerification';
import type { SecondFactorSummary } from './verification-api';

// happy-dom has no WebAuthn: the library's two calls the dialog makes, as a browser with a passkey answers them.
const webauthn = vi.hoisted(() => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startAuthentication: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => webauthn);

const CREDENTIAL = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: { clientDataJSON: 'c', authenticatorData: 'a', signature: 's' },
  clientExtensionResults: {},
} as const;
const OPTIONS = { challenge: 'challenge-bytes', rpId: 'localhost', allowCredentials: [] };

beforeAll(() => Promise.all([import('./identity-dialog-lazy'), import('./IdentityDialog')]));

beforeEach(() => {
  webauthn.browserSupportsWebAuthn.mockReturnValue(true);
  webauthn.startAuthentication.mockReset();
  webauthn.startAuthentication.mockResolvedValue(CREDENTIAL);
});

afterEach(() => {
  useSession.setState({ token: null, user: null, status: 'signed-out' });
});

const signIn = (originalAccount: Account['originalAccount'] = null) =>
  useSession.setState({
    token: 'session-token',
    user: {
      id: 2,
      accountNumber: 'alice',
      accountName: 'Alice',
      originalAccount,
      // Both contacts proven by their owner: the dialog offers 邮箱验证 and 手机验证 too.
      contactNumber: '13812345621',
      contactVerified: true,
      email: 'alice@example.com',
      emailVerified: true,
    } as unknown as Account,
    status: 'ready',
  });

/** The in-memory API with the second-factor calls: `held` is what GET /auth/second-factor answers. */
function apiWith(held: SecondFactorSummary | Error) {
  return {
    ...createFakeVerificationApi(),
    secondFactors: vi.fn(async () => {
      if (held instanceof Error) throw held;
      return held;
    }),
    checkTotp: vi.fn(async (code: string) =>
      code === '246810' ? 'totp-token' : Promise.reject(new HttpError('bad-request', '动态验证码错误', 400)),
    ),
    passkeyChallenge: vi.fn(async () => ({ challengeId: 'challenge-1', options: OPTIONS })),
    checkPasskey: vi.fn(async (_challengeId: string, _credential: unknown) => 'passkey-token'),
  };
}

function Harness({ options, onResult }: { options?: VerifyOptions; onResult: (token: string | null) => void }) {
  const { verify, dialog } = useIdentityVerification();
  return (
    <>
      <button type="button" onClick={() => verify(options).then(onResult)}>
        打开
      </button>
      {dialog}
    </>
  );
}

async function open(api: ReturnType<typeof apiWith>, options: VerifyOptions = {}) {
  const onResult = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <VerificationTestProviders api={api}>
        <Harness options={options} onResult={onResult} />
      </VerificationTestProviders>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: '打开' }));
  const dialog = await screen.findByRole('dialog');
  return { dialog, onResult };
}

/** The labels of the 其他验证方式 switches, in order. */
const switches = (dialog: HTMLElement) => {
  const divider = within(dialog).queryByText('其他验证方式');
  const row = divider?.closest('.ant-divider')?.nextElementSibling;
  return row
    ? within(row as HTMLElement)
        .getAllByRole('button')
        .map((button) => button.textContent)
    : [];
};

const SUDO: VerifyOptions = { types: ['password', 'email', 'mobile'], command: 'common' };

describe('the identity dialog’s second factors', () => {
  it('an account with an authenticator app: 身份验证器 first, its code answers the token', async () => {
    signIn();
    const api = apiWith({ totp: true, passkeys: 0 });
    const { dialog, onResult } = await open(api, SUDO);
    expect(await within(dialog).findByText('验证身份（身份验证器）')).toBeTruthy();
    expect(switches(dialog)).toEqual(['密码验证', '邮箱验证', '手机验证']);
    const code = within(dialog).getByRole('textbox', { name: '6 位动态验证码' });

    fireEvent.change(code, { target: { value: '12ab' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: '立即验证' })));
    expect(await within(dialog).findByText('请输入 6 位数字验证码')).toBeTruthy();
    expect(api.checkTotp).not.toHaveBeenCalled();

    // A wrong code, sent by its sixth digit as on the sign-in page: the server's words under the emptied field;
    // the dialog stays.
    await act(async () => fireEvent.change(code, { target: { value: '111111' } }));
    expect(await within(dialog).findByText('动态验证码错误')).toBeTruthy();
    expect(code).toHaveProperty('value', '');
    expect(api.checkTotp).toHaveBeenCalledTimes(1);
    expect(onResult).not.toHaveBeenCalled();

    // Digits only (a pasted "246 810" too); five of them send nothing, the sixth sends the code.
    await act(async () => fireEvent.change(code, { target: { value: '246 81' } }));
    expect(code).toHaveProperty('value', '24681');
    expect(api.checkTotp).toHaveBeenCalledTimes(1);
    await act(async () => fireEvent.change(code, { target: { value: '246 810' } }));
    await waitFor(() => expect(onResult).toHaveBeenCalledWith('totp-token'));
    expect(api.checkTotp).toHaveBeenLastCalledWith('246810');
    expect(api.checkTotp).toHaveBeenCalledTimes(2);
  });

  it('Enter still sends a full code, once, and a short one is refused without a check', async () => {
    signIn();
    const api = apiWith({ totp: true, passkeys: 0 });
    const { dialog, onResult } = await open(api, SUDO);
    const code = await within(dialog).findByRole('textbox', { name: '6 位动态验证码' });
    await act(async () => fireEvent.change(code, { target: { value: '2468' } }));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: '立即验证' })));
    expect(await within(dialog).findByText('请输入 6 位数字验证码')).toBeTruthy();
    expect(api.checkTotp).not.toHaveBeenCalled();
    // The sixth digit and the button together: one check.
    await act(async () => {
      fireEvent.change(code, { target: { value: '246810' } });
      fireEvent.click(within(dialog).getByRole('button', { name: '立即验证' }));
    });
    await waitFor(() => expect(onResult).toHaveBeenCalledWith('totp-token'));
    expect(api.checkTotp).toHaveBeenCalledTimes(1);
  });

  it('an account with both: 身份验证器, then 通行密钥, then what the caller asked for; a passkey answers the token', async () => {
    signIn();
    const api = apiWith({ totp: true, passkeys: 2 });
    const { dialog, onResult } = await open(api, SUDO);
    await within(dialog).findByText('验证身份（身份验证器）');
    expect(switches(dialog)).toEqual(['通行密钥', '密码验证', '邮箱验证', '手机验证']);

    fireEvent.click(within(dialog).getByRole('button', { name: '通行密钥' }));
    expect(within(dialog).getByText('验证身份（通行密钥）')).toBeTruthy();
    expect(switches(dialog)).toEqual(['身份验证器', '密码验证', '邮箱验证', '手机验证']);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: /使用通行密钥验证/ })));
    await waitFor(() => expect(onResult).toHaveBeenCalledWith('passkey-token'));
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(api.checkPasskey).toHaveBeenCalledWith('challenge-1', CREDENTIAL);
  });

  it('a closed passkey prompt is a quiet 已取消: the dialog stays and nothing is checked', async () => {
    signIn();
    const api = apiWith({ totp: false, passkeys: 1 });
    webauthn.startAuthentication.mockRejectedValueOnce(
      Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }),
    );
    const { dialog, onResult } = await open(api, SUDO);
    await within(dialog).findByText('验证身份（通行密钥）');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: /使用通行密钥验证/ })));
    expect(await screen.findByText('已取消')).toBeTruthy();
    expect(api.checkPasskey).not.toHaveBeenCalled();
    expect(onResult).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('passkeys are not offered where the browser cannot use them', async () => {
    signIn();
    webauthn.browserSupportsWebAuthn.mockReturnValue(false);
    const { dialog } = await open(apiWith({ totp: false, passkeys: 1 }), SUDO);
    expect(await within(dialog).findByText('验证身份（密码验证）')).toBeTruthy();
    expect(switches(dialog)).toEqual(['邮箱验证', '手机验证']);
  });

  it('an account without a second factor: the methods asked for, as before', async () => {
    signIn();
    const none = await open(apiWith({ totp: false, passkeys: 0 }), SUDO);
    expect(await within(none.dialog).findByText('验证身份（密码验证）')).toBeTruthy();
    expect(switches(none.dialog)).toEqual(['邮箱验证', '手机验证']);
  });

  it('… a failed question offers the methods asked for too', async () => {
    signIn();
    const { dialog } = await open(apiWith(new Error('network')), SUDO);
    expect(await within(dialog).findByText('验证身份（密码验证）')).toBeTruthy();
    expect(switches(dialog)).toEqual(['邮箱验证', '手机验证']);
    expect(within(dialog).getByPlaceholderText('请输入当前登录密码')).toBeTruthy();
  });

  it('without a session (password recovery) nothing is asked and no second factor is offered', async () => {
    const api = apiWith({ totp: true, passkeys: 1 });
    const { dialog } = await open(api, { types: ['email', 'mobile'], command: 'reset' });
    expect(within(dialog).getByText('验证身份（邮箱验证）')).toBeTruthy();
    expect(switches(dialog)).toEqual(['手机验证']);
    expect(api.secondFactors).not.toHaveBeenCalled();
  });

  it('while acting as another account (identity switch): not its second factors, which are not the user’s', async () => {
    signIn({ id: 1, accountNumber: 'admin', accountName: '系统管理员' });
    const api = apiWith({ totp: true, passkeys: 1 });
    const { dialog } = await open(api, SUDO);
    expect(within(dialog).getByText('验证身份（密码验证）')).toBeTruthy();
    expect(switches(dialog)).toEqual(['邮箱验证', '手机验证']);
    expect(api.secondFactors).not.toHaveBeenCalled();
  });

  it('asks again on each opening (a factor added meanwhile is offered)', async () => {
    signIn();
    let held: SecondFactorSummary = { totp: false, passkeys: 0 };
    const api = apiWith(held);
    api.secondFactors.mockImplementation(async () => held);
    const { dialog } = await open(api, SUDO);
    await within(dialog).findByText('验证身份（密码验证）');
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    held = { totp: true, passkeys: 0 };
    fireEvent.click(screen.getByRole('button', { name: '打开' }));
    const again = await screen.findByRole('dialog');
    expect(await within(again).findByText('验证身份（身份验证器）')).toBeTruthy();
    expect(api.secondFactors).toHaveBeenCalledTimes(2);
  });
});
