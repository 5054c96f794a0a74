// The personal page in the whole app (signed in as the seeded admin), answered by the mock API (src/mocks).
import { routes } from '@gatehouse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { failure } from '@/mocks/handle';
import { issueToken } from '@/mocks/token';
import { useSession } from '@/stores/session';
import { setupMockApi } from '@/testing/mock-api';
import { findDialog } from '@/testing/queries';
import { preloadScreens, renderApp } from '@/testing/render-app';

const api = setupMockApi();

async function openScreen() {
  api.signInAs('admin');
  await renderApp('/system/Profile');
  await screen.findByText('编辑资料');
}

const form = () => {
  const element = document.getElementById('profileForm');
  if (!element) throw new Error('no profile form');
  return element;
};
const sessions = () => screen.getAllByTestId('own-session');
/** The seeded admin's sign-ins: one session each. */
const adminSessions = () => api.store.signIns.filter((s) => s.accountId === 1).length;

describe('/system/Profile', () => {
  beforeAll(() => preloadScreens('/system/Profile'));

  it('shows what the account is, and the devices it is signed in on', async () => {
    await openScreen();
    const summary = screen.getByText('账号').closest('table') as HTMLElement;
    for (const text of ['系统管理员', 'admin', '13800000000', 'admin@gatehouse.cn', '总公司', '超级管理员']) {
      within(summary).getByText(text);
    }
    expect(within(form()).getByLabelText('用户名')).toHaveProperty('value', '系统管理员');
    await waitFor(() => expect(sessions()).toHaveLength(adminSessions()));
    within(sessions()[0] as HTMLElement).getByText('当前');
  });

  it('marks the mobile and the e-mail 未验证 until the account proved them', async () => {
    const admin = api.store.accounts.find((a) => a.accountNumber === 'admin')!;
    Object.assign(admin, { contactVerified: false, emailVerified: true });
    await openScreen();
    const summary = screen.getByText('账号').closest('table') as HTMLElement;
    const mobile = within(summary).getByText('13800000000').parentElement as HTMLElement;
    expect(mobile.textContent).toBe('13800000000未验证');
    expect(within(summary).getByText('admin@gatehouse.cn').parentElement?.textContent).toBe('admin@gatehouse.cn');
    expect(within(summary).getAllByText('未验证')).toHaveLength(1);
  });

  it('验证 beside the unproven mobile sends a code to it; the code saves the profile with its token and proves it', async () => {
    const admin = api.store.accounts.find((a) => a.accountNumber === 'admin')!;
    Object.assign(admin, { contactVerified: false, emailVerified: true });
    await openScreen();
    // Only the unproven contact offers 验证.
    expect(screen.queryByTestId('profile-verify-email')).toBeNull();
    fireEvent.click(screen.getByTestId('profile-verify-mobile'));
    const dialog = await findDialog('验证手机号');
    within(dialog).getByText('验证码将发送至 13800000000，填写收到的验证码并确定即完成验证');
    // No code typed: the field says so, and nothing is saved.
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await within(dialog).findByText('请输入验证码');
    fireEvent.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    await within(dialog).findByRole('button', { name: /^\d+s$/ });
    expect((await api.sent(routes.sendProfileMobileCode)).map((r) => r.body)).toEqual([{ mobile: '13800000000' }]);
    fireEvent.change(within(dialog).getByLabelText('手机验证码'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('验证成功');
    // The profile as stored, with the token of the code: the server marks the number proven.
    const [saved] = await api.sent(routes.updateProfile);
    expect(saved?.body).toMatchObject({
      accountName: '系统管理员',
      contactNumber: '13800000000',
      email: 'admin@gatehouse.cn',
      mobileToken: expect.any(String),
    });
    expect(saved?.body).not.toHaveProperty('emailToken');
    expect(admin.contactVerified).toBe(true);
    const summary = screen.getByText('账号').closest('table') as HTMLElement;
    await waitFor(() => expect(within(summary).queryByText('未验证')).toBeNull());
    expect(screen.queryByTestId('profile-verify-mobile')).toBeNull();
  });

  it('验证 the unproven e-mail: a refused save asks for a new code, the next one proves it', async () => {
    const admin = api.store.accounts.find((a) => a.accountNumber === 'admin')!;
    Object.assign(admin, { contactVerified: true, emailVerified: false });
    await openScreen();
    fireEvent.click(screen.getByTestId('profile-verify-email'));
    const dialog = await findDialog('验证邮箱');
    const send = () => fireEvent.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    send();
    await within(dialog).findByRole('button', { name: /^\d+s$/ });
    fireEvent.change(within(dialog).getByLabelText('邮箱验证码'), { target: { value: '654321' } });
    const refusal = '验证凭证无效或已过期，请重新验证身份';
    api.server.use(http.put(api.url(routes.updateProfile), () => failure(400, refusal), { once: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText(refusal);
    // The code input starts afresh: the token may be what was refused.
    await waitFor(() => expect(within(dialog).getByLabelText('邮箱验证码')).toHaveProperty('value', ''));
    send();
    await within(dialog).findByRole('button', { name: /^\d+s$/ });
    fireEvent.change(within(dialog).getByLabelText('邮箱验证码'), { target: { value: '112233' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await screen.findByText('验证成功');
    expect((await api.sent(routes.sendProfileEmailCode)).map((r) => r.body)).toEqual([
      { email: 'admin@gatehouse.cn' },
      { email: 'admin@gatehouse.cn' },
    ]);
    expect(admin.emailVerified).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('profile-verify-email')).toBeNull());
  });

  it('a switched session (identity switch) shows 未验证 but offers no 验证', async () => {
    // The seeded admin acting as 李娜.
    const lina = api.store.accounts.find((a) => a.accountNumber === 'lina')!;
    useSession.getState().setToken(issueToken({ sub: lina.id, orig: 1 }));
    await renderApp('/system/Profile');
    await screen.findByText('编辑资料');
    const summary = screen.getByText('账号').closest('table') as HTMLElement;
    await within(summary).findByText('lina');
    expect(within(summary).getAllByText('未验证')).toHaveLength(2);
    expect(screen.queryByTestId('profile-verify-mobile')).toBeNull();
    expect(screen.queryByTestId('profile-verify-email')).toBeNull();
  });

  it('shows 双因素认证 between the details and the devices, with its state', async () => {
    api.answer(routes.secondFactorStatus, { totp: true, passkeys: [], recoveryCodesLeft: 10, required: false });
    await openScreen();
    const section = await screen.findByTestId('second-factor');
    expect((await within(section).findByTestId('second-factor-state')).textContent).toBe('已启用');
    expect(within(section).getByText(/剩余 10 个可用/)).toBeTruthy();
    expect(form().compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('saves the edited details: the server keeps them and the page shows them', async () => {
    await openScreen();
    fireEvent.change(within(form()).getByLabelText('用户名'), { target: { value: '系统管理员（值班）' } });
    fireEvent.change(within(form()).getByLabelText('个人介绍'), { target: { value: '今日值班' } });
    fireEvent.click(within(form()).getByRole('button', { name: '保 存' }));
    await screen.findByText('更新成功！');
    expect(api.store.accounts.find((a) => a.accountNumber === 'admin')).toMatchObject({
      accountName: '系统管理员（值班）',
      introduction: '今日值班',
    });
    // The summary reads the reloaded account.
    await waitFor(() => expect(screen.getAllByText('系统管理员（值班）').length).toBeGreaterThan(0));
  });

  it('a new mobile number asks for a code sent to it before it can be saved', async () => {
    await openScreen();
    fireEvent.change(within(form()).getByLabelText('手机号码'), { target: { value: '13912345678' } });
    await within(form()).findByLabelText('手机验证码');
    fireEvent.click(within(form()).getByRole('button', { name: '保 存' }));
    await within(form()).findByText('请输入验证码');
    expect(await api.sent(routes.updateProfile)).toEqual([]);
  });

  it('signs another device out after confirming: it leaves the list', async () => {
    await openScreen();
    await waitFor(() => expect(sessions()).toHaveLength(adminSessions()));
    const other = sessions().find((row) => !within(row).queryByText('当前')) as HTMLElement;
    fireEvent.click(within(other).getByRole('button', { name: '下线' }));
    fireEvent.click(within(await findDialog('确定让这台设备下线吗？')).getByRole('button', { name: '确定' }));
    await screen.findByText('该设备已下线');
    await waitFor(() => expect(sessions()).toHaveLength(adminSessions() - 1));
  });

  it('devices the server fails to list: the error page says why', async () => {
    api.fail(routes.listOwnSessions, 500, '会话服务异常');
    api.signInAs('admin');
    await renderApp('/system/Profile');
    expect((await screen.findByTestId('server-error-message')).textContent).toBe('错误信息：会话服务异常');
  });
});
