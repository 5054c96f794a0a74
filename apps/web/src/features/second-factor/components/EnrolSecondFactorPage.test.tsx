// 启用双因素认证: the page a role requiring a second factor shows until one is added; its calls answered
// through the mock API, the identity dialog's through the in-memory verification API.
import { routes, VERIFICATION_REQUIRED_HEADER } from '@gatehouse/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, useSession } from '@/stores/session';
import { createFakeVerificationApi, FAKE, VerificationTestProviders } from '@/testing/fake-verification-api';
import { setupMockApi } from '@/testing/mock-api';
import { findDialog } from '@/testing/queries';
import { EnrolSecondFactorPage } from './EnrolSecondFactorPage';

const api = setupMockApi();
const CODES = Array.from({ length: 10 }, (_, i) => `enrol-${i}`);
const SECRET = 'JBSWY3DPEHPK3PXP';

beforeAll(() =>
  Promise.all([
    import('./TotpQrCode'),
    import('@/components/verification/identity-dialog-lazy'),
    import('@/components/verification/IdentityDialog'),
  ]),
);

function renderPage() {
  api.signInAs('admin');
  useSession.setState({
    user: {
      id: 1,
      accountNumber: 'admin',
      accountName: '系统管理员',
      originalAccount: null,
      mustChangePassword: false,
      mustEnrolSecondFactor: true,
    } as unknown as Account,
    status: 'ready',
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <VerificationTestProviders api={createFakeVerificationApi()}>
        <EnrolSecondFactorPage />
      </VerificationTestProviders>
    </QueryClientProvider>,
  );
  return screen.getByTestId('enrol-second-factor');
}

describe('EnrolSecondFactorPage', () => {
  it('explains why, offers both factors and signing out', async () => {
    const page = renderPage();
    expect(within(page).getByText('启用双因素认证')).toBeTruthy();
    expect(within(page).getByText('您的角色要求启用双因素认证')).toBeTruthy();
    expect(within(page).getByText('身份验证器')).toBeTruthy();
    expect(within(page).getByText('通行密钥')).toBeTruthy();
    expect(within(page).getByText('当前账号：系统管理员（admin）')).toBeTruthy();
    // happy-dom has no WebAuthn.
    expect(await within(page).findByText('此浏览器不支持通行密钥')).toBeTruthy();

    fireEvent.click(within(page).getByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(useSession.getState().token).toBeNull());
    expect(await api.sent(routes.logout)).toHaveLength(1);
  });

  it('after the identity check, the authenticator app; the codes saved, the account is loaded again', async () => {
    // The first setup is refused until the identity is proven (sudo), as the server does.
    api.answer(routes.totpSetup, { secret: SECRET, otpauthUrl: `otpauth://totp/Gatehouse:admin?secret=${SECRET}` });
    api.server.use(
      http.post(
        api.url(routes.totpSetup),
        () =>
          HttpResponse.json(
            { code: 400, msg: '请先验证身份' },
            { status: 400, headers: { [VERIFICATION_REQUIRED_HEADER]: 'identity' } },
          ),
        { once: true },
      ),
    );
    api.answer(routes.totpEnable, { recoveryCodes: CODES });
    const page = renderPage();
    fireEvent.click(within(page).getByRole('button', { name: '设置身份验证器' }));

    const identity = await findDialog('验证身份（密码验证）');
    fireEvent.change(within(identity).getByLabelText('请输入当前登录密码'), { target: { value: FAKE.password } });
    await act(async () => fireEvent.click(within(identity).getByRole('button', { name: '立即验证' })));

    const setup = await findDialog('设置身份验证器');
    expect(await api.sent(routes.totpSetup)).toHaveLength(2);
    fireEvent.change(within(setup).getByRole('textbox', { name: '6 位动态验证码' }), { target: { value: '654321' } });
    await act(async () => fireEvent.click(within(setup).getByRole('button', { name: '启 用' })));
    const codes = await findDialog('保存恢复码');
    expect(within(codes).getAllByTestId('recovery-code')).toHaveLength(10);
    // Nothing is reloaded before the codes are saved: the page (and its dialog) would go away.
    expect(await api.sent(routes.getAccountInfo)).toEqual([]);

    fireEvent.click(within(codes).getByRole('button', { name: '我已保存恢复码' }));
    await waitFor(async () => expect(await api.sent(routes.getAccountInfo)).toHaveLength(1));
    await waitFor(() => expect(useSession.getState().user?.mustEnrolSecondFactor).toBeFalsy());
    expect((await api.sent(routes.totpEnable)).map((request) => request.body)).toEqual([{ code: '654321' }]);
  });
});
