// 双因素认证 on the personal page, its calls answered through the mock API (src/testing/mock-api): the
// routes' answers are set per test, as the server would give them.
import { routes } from '@gatehouse/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format/date';
import { type Account, useSession } from '@/stores/session';
import { catchDownloads } from '@/testing/downloads';
import { setupMockApi } from '@/testing/mock-api';
import { findDialog, rowOf } from '@/testing/queries';
import { TestProviders } from '@/testing/TestProviders';
import type { SecondFactorStatus } from '../api/second-factor.api';
import { SecondFactorCard } from './SecondFactorCard';

// happy-dom has no WebAuthn: the library's calls as a browser with a passkey provider answers them.
const webauthn = vi.hoisted(() => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startRegistration: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => webauthn);

const api = setupMockApi();

const OFF: SecondFactorStatus = { totp: false, passkeys: [], recoveryCodesLeft: 0, required: false };
const CODES = Array.from({ length: 10 }, (_, i) => `code-${String(i).padStart(2, '0')}`);
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DP';
const REGISTRATION = {
  id: 'cred-9',
  rawId: 'cred-9',
  type: 'public-key',
  response: { clientDataJSON: 'c', attestationObject: 'a', transports: ['internal'] },
  clientExtensionResults: {},
} as const;

beforeAll(() => import('./TotpQrCode'));

beforeEach(() => {
  webauthn.browserSupportsWebAuthn.mockReturnValue(true);
  webauthn.startRegistration.mockReset();
  webauthn.startRegistration.mockResolvedValue(REGISTRATION);
});

function renderCard() {
  api.signInAs('admin');
  render(
    <TestProviders>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SecondFactorCard />
      </QueryClientProvider>
    </TestProviders>,
  );
  return screen.getByTestId('second-factor');
}

/** The 已启用 / 未启用 tag beside the title. */
const state = async () => (await screen.findByTestId('second-factor-state')).textContent;

describe('SecondFactorCard', () => {
  it('while the status loads: a skeleton, no state yet', async () => {
    api.answer(routes.secondFactorStatus, OFF);
    // Added last, so asked first: it holds the answer above.
    const held = api.hold(routes.secondFactorStatus);
    renderCard();
    expect(screen.getByText('双因素认证')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('second-factor-loading')).toBeTruthy());
    expect(screen.queryByTestId('second-factor-state')).toBeNull();
    held.release();
    expect(await state()).toBe('未启用');
    expect(screen.queryByTestId('second-factor-loading')).toBeNull();
  });

  it('a status that fails to load says so, and 重试 asks again', async () => {
    api.fail(routes.secondFactorStatus, 500, '认证服务异常');
    renderCard();
    expect(await screen.findByText('双因素认证状态加载失败')).toBeTruthy();
    expect(screen.getByText('认证服务异常')).toBeTruthy();
    api.answer(routes.secondFactorStatus, OFF);
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await state()).toBe('未启用');
    expect(await api.sent(routes.secondFactorStatus)).toHaveLength(2);
  });

  it('nothing on yet: 未启用, set-up and add offered, no passkeys, no recovery codes', async () => {
    api.answer(routes.secondFactorStatus, OFF);
    const card = renderCard();
    expect(await state()).toBe('未启用');
    const totp = within(card).getByTestId('second-factor-totp');
    expect(within(totp).getByRole('button', { name: '设置身份验证器' })).toBeTruthy();
    const passkeys = within(card).getByTestId('second-factor-passkeys');
    expect(within(passkeys).getByText('尚未添加通行密钥')).toBeTruthy();
    expect(await within(passkeys).findByRole('button', { name: '添加通行密钥' })).toBeTruthy();
    const recovery = within(card).getByTestId('second-factor-recovery');
    expect(within(recovery).getByText('启用身份验证器或通行密钥后生成恢复码。')).toBeTruthy();
    expect(within(recovery).queryByRole('button', { name: '重新生成' })).toBeNull();
  });

  it('on: 已启用, the passkeys with their times, the recovery codes left; the role’s requirement is met', async () => {
    api.answer(routes.secondFactorStatus, {
      totp: true,
      passkeys: [
        { id: 'pk-1', name: 'MacBook 指纹', createTime: Date.parse('2026-11-20T02:00:00.000Z'), lastUsedTime: null },
        {
          id: 'pk-2',
          name: 'YubiKey',
          createTime: Date.parse('2026-11-21T02:00:00.000Z'),
          lastUsedTime: Date.now() - 3_600_000,
        },
      ],
      recoveryCodesLeft: 7,
      required: true,
    });
    const card = renderCard();
    expect(await state()).toBe('已启用');
    expect(within(card).queryByText('您的角色要求启用双因素认证')).toBeNull();
    const totp = within(card).getByTestId('second-factor-totp');
    expect(within(totp).getByRole('button', { name: '停用' })).toBeTruthy();
    const table = within(card).getByRole('table');
    expect(within(rowOf(table, 'MacBook 指纹')).getByText('从未使用')).toBeTruthy();
    expect(
      within(rowOf(table, 'MacBook 指纹')).getByText(formatDateTime(Date.parse('2026-11-20T02:00:00.000Z'))),
    ).toBeTruthy();
    expect(within(rowOf(table, 'YubiKey')).getByText('1 小时前')).toBeTruthy();
    expect(within(card).getByText(/剩余 7 个可用/)).toBeTruthy();
  });

  it('sets up the authenticator app: QR code and key, the code sent, the recovery codes shown once', async () => {
    api.answer(routes.secondFactorStatus, OFF);
    api.answer(routes.totpSetup, {
      secret: SECRET,
      otpauthUrl: `otpauth://totp/Gatehouse:admin?secret=${SECRET}&issuer=Gatehouse`,
    });
    api.answer(routes.totpEnable, { recoveryCodes: CODES });
    const card = renderCard();
    fireEvent.click(await within(card).findByRole('button', { name: '设置身份验证器' }));

    const setup = await findDialog('设置身份验证器');
    expect(await within(setup).findByRole('img', { name: '身份验证器二维码' })).toBeTruthy();
    expect(within(setup).getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');

    // A wrong code: the server's words under the field, nothing else changes.
    api.fail(routes.totpEnable, 400, '验证码不正确');
    const code = within(setup).getByRole('textbox', { name: '6 位动态验证码' });
    fireEvent.change(code, { target: { value: '000000' } });
    await act(async () => fireEvent.click(within(setup).getByRole('button', { name: '启 用' })));
    expect(await within(setup).findByText('验证码不正确')).toBeTruthy();

    api.answer(routes.totpEnable, { recoveryCodes: CODES });
    api.answer(routes.secondFactorStatus, { ...OFF, totp: true, recoveryCodesLeft: 10 });
    fireEvent.change(code, { target: { value: '123456' } });
    await act(async () => fireEvent.click(within(setup).getByRole('button', { name: '启 用' })));

    const codes = await findDialog('保存恢复码');
    expect(
      within(codes)
        .getAllByTestId('recovery-code')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect((await api.sent(routes.totpEnable)).map((request) => request.body)).toEqual([
      { code: '000000' },
      { code: '123456' },
    ]);
    // Only the saved-it button closes it.
    expect(within(codes).queryByRole('button', { name: 'Close' })).toBeNull();
    const downloads = catchDownloads();
    try {
      fireEvent.click(within(codes).getByRole('button', { name: /下载 \.txt/ }));
      expect(downloads.saved.map((file) => file.name)).toEqual(['gatehouse-recovery-codes.txt']);
    } finally {
      downloads.stop();
    }
    fireEvent.click(within(codes).getByRole('button', { name: '我已保存恢复码' }));
    await waitFor(() => expect(screen.queryAllByTestId('recovery-code')).toHaveLength(0));
    expect(await state()).toBe('已启用');
    expect(within(card).getByText(/剩余 10 个可用/)).toBeTruthy();
  });

  it('adds a passkey under a name: the options go to the browser, its answer to the server', async () => {
    api.answer(routes.secondFactorStatus, OFF);
    const options = { challenge: 'abc', rp: { name: 'Gatehouse', id: 'localhost' }, user: { id: 'u', name: 'admin' } };
    api.answer(routes.passkeyRegisterOptions, { challengeId: 'challenge-7', options });
    api.answer(routes.registerPasskey, {
      passkey: {
        id: 'pk-9',
        name: '办公室电脑',
        createTime: Date.parse('2026-11-27T02:00:00.000Z'),
        lastUsedTime: null,
      },
      recoveryCodes: CODES,
    });
    const card = renderCard();
    fireEvent.click(await within(card).findByRole('button', { name: '添加通行密钥' }));
    const dialog = await findDialog('添加通行密钥');
    const name = within(dialog).getByLabelText('名称');
    expect((name as HTMLInputElement).value).not.toBe('');
    fireEvent.change(name, { target: { value: '办公室电脑' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));

    await findDialog('保存恢复码');
    expect(webauthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: options });
    expect((await api.sent(routes.registerPasskey)).map((request) => request.body)).toEqual([
      { challengeId: 'challenge-7', name: '办公室电脑', credential: REGISTRATION },
    ]);
  });

  it('a closed passkey prompt: a quiet 已取消, nothing registered, the name dialog stays', async () => {
    api.answer(routes.secondFactorStatus, OFF);
    api.answer(routes.passkeyRegisterOptions, { challengeId: 'challenge-8', options: { challenge: 'x' } });
    webauthn.startRegistration.mockRejectedValueOnce(
      Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }),
    );
    const card = renderCard();
    fireEvent.click(await within(card).findByRole('button', { name: '添加通行密钥' }));
    const dialog = await findDialog('添加通行密钥');
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    expect(await screen.findByText('已取消')).toBeTruthy();
    expect(await api.sent(routes.registerPasskey)).toEqual([]);
    expect(within(dialog).getByLabelText('名称')).toBeTruthy();
  });

  it('no passkeys where the browser cannot use them: adding is not offered', async () => {
    webauthn.browserSupportsWebAuthn.mockReturnValue(false);
    api.answer(routes.secondFactorStatus, OFF);
    const card = renderCard();
    expect(await within(card).findByText('此浏览器不支持通行密钥')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: '添加通行密钥' })).toBeNull();
  });

  it('on a page opened by an IP address: says to open it at localhost instead of offering 添加通行密钥', async () => {
    const openedAt = (url: string) =>
      (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
    // The card's status as the server at that address answers it (the mock API answers the test page's own origin).
    const ip = 'http://127.0.0.1:8080';
    const statusAtIp = api.url(routes.secondFactorStatus).replace(window.location.origin, ip);
    api.server.use(http.get(statusAtIp, () => HttpResponse.json({ code: 200, msg: '操作成功', data: OFF })));
    openedAt(`${ip}/#/system/Profile`);
    webauthn.browserSupportsWebAuthn.mockClear();
    try {
      const card = renderCard();
      expect(await within(card).findByText('通行密钥需要以主机名打开本页，请改用 http://localhost:8080')).toBeTruthy();
      expect(within(card).queryByRole('button', { name: '添加通行密钥' })).toBeNull();
      // The browser could use passkeys: the address alone keeps them off.
      expect(webauthn.browserSupportsWebAuthn).not.toHaveBeenCalled();
    } finally {
      openedAt('http://localhost:3000/');
    }
  });

  it('renames and deletes a passkey (after confirming)', async () => {
    const passkey = {
      id: 'pk-1',
      name: '旧名字',
      createTime: Date.parse('2026-11-20T02:00:00.000Z'),
      lastUsedTime: null,
    };
    api.answer(routes.secondFactorStatus, { ...OFF, passkeys: [passkey], recoveryCodesLeft: 10 });
    api.answer(routes.renamePasskey, { ...passkey, name: '新名字' });
    api.answer(routes.deletePasskey, null);
    const card = renderCard();
    const table = await within(card).findByRole('table');
    await within(table).findByText('旧名字');

    fireEvent.click(within(rowOf(table, '旧名字')).getByRole('button', { name: '重命名' }));
    const rename = await findDialog('重命名通行密钥');
    fireEvent.change(within(rename).getByLabelText('名称'), { target: { value: '新名字' } });
    fireEvent.click(within(rename).getByRole('button', { name: '确 定' }));
    expect(await screen.findByText('已重命名')).toBeTruthy();
    const [renamed] = await api.sent(routes.renamePasskey);
    expect(renamed?.body).toEqual({ name: '新名字' });

    fireEvent.click(within(rowOf(table, '旧名字')).getByRole('button', { name: '删除' }));
    const confirm = await findDialog('删除通行密钥「旧名字」？');
    expect(within(confirm).getByText('删除后登录将只需密码，现有的恢复码也将作废。')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('通行密钥已删除')).toBeTruthy();
    expect(await api.sent(routes.deletePasskey)).toHaveLength(1);
  });

  it('while acting as another account: its factors are shown, nothing to change', async () => {
    api.answer(routes.secondFactorStatus, {
      totp: true,
      passkeys: [
        { id: 'pk-1', name: 'YubiKey', createTime: Date.parse('2026-11-20T02:00:00.000Z'), lastUsedTime: null },
      ],
      recoveryCodesLeft: 9,
      required: false,
    });
    const card = renderCard();
    useSession.setState((state) => ({
      user: { ...(state.user as Account), originalAccount: { id: 1, accountNumber: 'admin', accountName: '管理员' } },
    }));
    expect(await state()).toBe('已启用');
    expect(within(card).getByText('以其他账号身份操作时，只能查看该账号的双因素认证，不能更改')).toBeTruthy();
    expect(within(card).getByText('YubiKey')).toBeTruthy();
    for (const name of ['停用', '添加通行密钥', '重命名', '删除', '重新生成']) {
      expect(within(card).queryByRole('button', { name })).toBeNull();
    }
  });

  it('turns the authenticator app off, and regenerates the recovery codes (each after confirming)', async () => {
    api.answer(routes.secondFactorStatus, { ...OFF, totp: true, recoveryCodesLeft: 3 });
    api.answer(routes.totpDisable, null);
    api.answer(routes.regenerateRecoveryCodes, { recoveryCodes: CODES });
    const card = renderCard();
    expect(await state()).toBe('已启用');

    fireEvent.click(within(card).getByRole('button', { name: '重新生成' }));
    const regenerate = await findDialog('重新生成恢复码？');
    fireEvent.click(within(regenerate).getByRole('button', { name: '确定' }));
    const codes = await findDialog('保存恢复码');
    expect(within(codes).getAllByTestId('recovery-code')).toHaveLength(10);
    fireEvent.click(within(codes).getByRole('button', { name: '我已保存恢复码' }));
    await waitFor(() => expect(screen.queryAllByTestId('recovery-code')).toHaveLength(0));

    fireEvent.click(within(card).getByRole('button', { name: '停用' }));
    const disable = await findDialog('停用身份验证器？');
    fireEvent.click(within(disable).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('身份验证器已停用')).toBeTruthy();
    expect(await api.sent(routes.totpDisable)).toHaveLength(1);
  });
});
