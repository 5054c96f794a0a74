// REGISTRATION=approval: the registration page says the new account waits for an administrator.
import { routes } from '@gatehouse/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupMockApi } from '@/testing/mock-api';
import { preloadScreens, renderApp } from '@/testing/render-app';

const api = setupMockApi();

async function registerThroughThePage() {
  await renderApp('/register');
  fireEvent.change(await screen.findByPlaceholderText('请输入手机号'), { target: { value: '13912345678' } });
  await waitFor(() => expect(screen.getByRole('button', { name: '看不清？换一张' }).querySelector('img')).toBeTruthy());
  // The mock accepts any captcha answer and any code.
  fireEvent.change(screen.getByPlaceholderText('图形验证码'), { target: { value: 'K7NX' } });
  fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
  await waitFor(async () => expect(await api.sent(routes.sendSmsRegister)).toHaveLength(1));
  fireEvent.change(screen.getByPlaceholderText('请输入验证码'), { target: { value: '123456' } });
  fireEvent.change(screen.getByPlaceholderText('请输入姓名'), { target: { value: '王五' } });
  fireEvent.change(screen.getByPlaceholderText('请输入工作单位'), { target: { value: '门楼科技' } });
  fireEvent.change(screen.getByPlaceholderText('请输入密码（至少 8 位）'), { target: { value: 'Wang#2026-five' } });
  fireEvent.change(screen.getByPlaceholderText('请再次输入密码'), { target: { value: 'Wang#2026-five' } });
  fireEvent.click(screen.getByRole('button', { name: '确 认' }));
}

describe('registration answer', () => {
  beforeAll(() => preloadScreens('/register'));

  it('with REGISTRATION=approval the success says to wait for an administrator', async () => {
    api.answer(routes.register, { id: 99, accountNumber: '13912345678', pendingApproval: true });
    await registerThroughThePage();
    expect(await screen.findByText('注册成功，请等待管理员审核后登录')).toBeTruthy();
  });

  it('without approval it says to sign in', async () => {
    await registerThroughThePage();
    expect(await screen.findByText('注册成功,请登录')).toBeTruthy();
    expect(screen.queryByText('注册成功，请等待管理员审核后登录')).toBeNull();
  });
});
