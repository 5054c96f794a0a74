import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, Modal } from 'antd';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Account, useSession } from '@/stores/session';
import {
  createFakeVerificationApi,
  FAKE,
  type FakeVerificationApi,
  VerificationTestProviders,
} from '@/testing/fake-verification-api';
import { useIdentityVerification, type VerifyOptions } from './IdentityVerification';

const account = (fields: Partial<Account>): Account =>
  ({
    id: 2,
    accountNumber: 'alice',
    accountName: 'Alice',
    avatar: null,
    // Both contacts proven by the account's owner: the dialog offers each.
    contactNumber: '13812345621',
    contactVerified: true,
    email: 'alice@example.com',
    emailVerified: true,
    state: true,
    createTime: '2024-05-01T05:45:00.000Z',
    orgId: 1,
    orgName: '总部',
    belongOrgName: '总部',
    roleId: null,
    roleName: null,
    builtin: false,
    address: null,
    introduction: null,
    company: null,
    originalAccount: null,
    ...fields,
  }) as Account;

const signIn = (fields: Partial<Account> = {}) =>
  useSession.setState({ token: 'session-token', user: account(fields), status: 'ready' });

// The dialog is a lazy component (fetched on its first opening): load its module before the tests, so no test
// waits for it to be transformed (docs/testing.md).
beforeAll(() => Promise.all([import('./identity-dialog-lazy'), import('./IdentityDialog')]));

afterEach(() => {
  useSession.setState({ token: null, user: null, status: 'signed-out' });
});

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

async function open(options?: VerifyOptions, api: FakeVerificationApi = createFakeVerificationApi()) {
  const onResult = vi.fn();
  // The app's query client is around every screen (app/App.tsx): each method's check is a mutation.
  render(
    <QueryClientProvider client={new QueryClient()}>
      <VerificationTestProviders api={api}>
        <Harness options={options} onResult={onResult} />
      </VerificationTestProviders>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: '打开' }));
  const dialog = await screen.findByRole('dialog');
  return { api, onResult, dialog };
}

/** Names of the 其他验证方式 buttons. */
const offered = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('button')
    .map((button) => button.textContent)
    .filter((name) => name?.endsWith('验证') && name !== '立即验证');

const submit = async (dialog: HTMLElement) => {
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: '立即验证' }));
  });
};

describe('useIdentityVerification', () => {
  it('opens on the first method with the notice, offering only the other methods', async () => {
    signIn();
    const { dialog } = await open();
    expect(within(dialog).getByText('验证身份（密码验证）')).toBeTruthy();
    expect(within(dialog).getByText('为确保您的账号安全，请先验证身份')).toBeTruthy();
    expect(within(dialog).getByText('其他验证方式')).toBeTruthy();
    expect(offered(dialog)).toEqual(['邮箱验证', '手机验证', '图形验证']);
    expect(within(dialog).getByPlaceholderText('请输入当前登录密码')).toBeTruthy();
  });

  it('switches method: the title follows and the list offers the others', async () => {
    signIn({ email: 'alice@example.com' });
    const { dialog } = await open();
    fireEvent.click(within(dialog).getByRole('button', { name: '邮箱验证' }));
    expect(within(dialog).getByText('验证身份（邮箱验证）')).toBeTruthy();
    expect(offered(dialog)).toEqual(['密码验证', '手机验证', '图形验证']);
    expect(within(dialog).getByRole('textbox', { name: '请输入安全邮箱' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: '图形验证' }));
    expect(within(dialog).getByText('验证身份（图形验证）')).toBeTruthy();
    expect(offered(dialog)).toEqual(['密码验证', '邮箱验证', '手机验证']);
    expect(within(dialog).getByRole('textbox', { name: '验证码' })).toBeTruthy();
  });

  it('starts in the method’s first field, on opening and after a switch of method', async () => {
    signIn({ email: 'alice@example.com' });
    const { dialog } = await open();
    const password = within(dialog).getByPlaceholderText('请输入当前登录密码');
    await waitFor(() => expect(document.activeElement).toBe(password));
    fireEvent.click(within(dialog).getByRole('button', { name: '图形验证' }));
    const captcha = within(dialog).getByRole('textbox', { name: '验证码' });
    await waitFor(() => expect(document.activeElement).toBe(captcha));
  });

  it('offers only the listed methods, the first one first', async () => {
    const { dialog } = await open({ types: ['mobile', 'email'] });
    expect(within(dialog).getByText('验证身份（手机验证）')).toBeTruthy();
    expect(offered(dialog)).toEqual(['邮箱验证']);
  });

  it('× resolves null and closes; Escape does not close', async () => {
    signIn();
    const { dialog, onResult } = await open();
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape', keyCode: 27 });
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(onResult).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(null));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('password: a right password resolves with its token', async () => {
    signIn();
    const { api, dialog, onResult } = await open();
    await submit(dialog);
    expect(await within(dialog).findByText('请输入密码')).toBeTruthy();
    expect(api.checkPassword).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText('请输入当前登录密码'), { target: { value: FAKE.password } });
    await submit(dialog);
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(FAKE.passwordToken));
    expect(api.checkPassword).toHaveBeenCalledWith(FAKE.password);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('password: a refusal clears the field and warns with the server message, the dialog stays', async () => {
    signIn();
    const { dialog, onResult } = await open();
    const input = within(dialog).getByLabelText('请输入当前登录密码');
    fireEvent.change(input, { target: { value: 'wrong-password' } });
    await submit(dialog);
    expect(await screen.findByText(FAKE.wrongPassword)).toBeTruthy();
    // The form was reset (which remounts the field).
    expect(within(dialog).getByLabelText('请输入当前登录密码')).toHaveProperty('value', '');
    expect(onResult).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('email (signed in): masked address, the address must be the account’s, code → token', async () => {
    signIn({ email: 'alice@example.com' });
    const { api, dialog, onResult } = await open({ types: ['email'] });
    expect(offered(dialog)).toEqual([]);
    expect(within(dialog).queryByText('其他验证方式')).toBeNull();
    expect(within(dialog).getByText('安全邮箱：a***e@example.com')).toBeTruthy();

    const address = within(dialog).getByRole('textbox', { name: '请输入安全邮箱' });
    const send = within(dialog).getByRole('button', { name: '获取验证码' });
    await act(async () => fireEvent.click(send));
    expect(await within(dialog).findByText('请输入安全邮箱')).toBeTruthy();
    fireEvent.change(address, { target: { value: 'bob@example.com' } });
    await act(async () => fireEvent.click(send));
    expect(await within(dialog).findByText('邮箱不正确')).toBeTruthy();
    expect(api.sendEmail).not.toHaveBeenCalled();

    fireEvent.change(address, { target: { value: 'Alice@Example.com' } });
    await act(async () => fireEvent.click(send));
    expect(api.sendEmail).toHaveBeenCalledWith('Alice@Example.com', undefined);
    expect(within(dialog).getByRole('button', { name: '30s' })).toBeTruthy();

    const code = within(dialog).getByRole('textbox', { name: '请输入验证码' });
    fireEvent.change(code, { target: { value: '12' } });
    await submit(dialog);
    expect(await within(dialog).findByText('请输入正确的验证码')).toBeTruthy();
    fireEvent.change(code, { target: { value: '9999' } });
    await submit(dialog);
    expect(await within(dialog).findByText('验证失败，请重试')).toBeTruthy();
    fireEvent.change(code, { target: { value: FAKE.code } });
    await submit(dialog);
    await waitFor(() => expect(onResult).toHaveBeenCalledWith('email-token:email-1'));
  });

  it('signed in without a mobile number or e-mail: offers neither, only the password', async () => {
    signIn({ contactNumber: null, contactVerified: false, email: null, emailVerified: false });
    const { dialog } = await open({ types: ['mobile', 'email', 'password'] });
    expect(within(dialog).getByText('验证身份（密码验证）')).toBeTruthy();
    expect(within(dialog).getByPlaceholderText('请输入当前登录密码')).toBeTruthy();
    expect(within(dialog).queryByText('其他验证方式')).toBeNull();
    expect(offered(dialog)).toEqual([]);
  });

  it('offers a contact only once its owner proved it (an administrator’s entry is 未验证)', async () => {
    signIn({ contactVerified: false, emailVerified: true });
    const first = await open({ types: ['mobile', 'email', 'password'] });
    expect(within(first.dialog).getByText('验证身份（邮箱验证）')).toBeTruthy();
    expect(offered(first.dialog)).toEqual(['密码验证']);
    cleanup();

    signIn({ contactVerified: true, emailVerified: false });
    const second = await open({ types: ['password', 'email', 'mobile'] });
    expect(within(second.dialog).getByText('验证身份（密码验证）')).toBeTruthy();
    expect(offered(second.dialog)).toEqual(['手机验证']);
    cleanup();

    // A 手机号码 that is no mobile number (a landline) receives no code, proven or not.
    signIn({ contactNumber: '010-12345678', contactVerified: true, emailVerified: false });
    const third = await open({ types: ['password', 'email', 'mobile'] });
    expect(offered(third.dialog)).toEqual([]);
  });

  it('a caller asking for a contact the account lacks gets its form, which says so', async () => {
    signIn({ contactNumber: null, contactVerified: false, email: null, emailVerified: false });
    const { dialog } = await open({ types: ['mobile', 'email'] });
    expect(within(dialog).getByText('当前账号未绑定手机号，请选择其他验证方式')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: '立即验证' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '邮箱验证' }));
    expect(within(dialog).getByText('当前账号未绑定邮箱，请选择其他验证方式')).toBeTruthy();
    expect(within(dialog).queryByRole('textbox', { name: '请输入安全邮箱' })).toBeNull();
  });

  it('the notice is a neutral information, not a success', async () => {
    signIn();
    const { dialog } = await open();
    const notice = within(dialog).getByText('为确保您的账号安全，请先验证身份').closest('.ant-alert');
    expect(notice?.className).toContain('ant-alert-info');
    expect(notice?.className).not.toContain('ant-alert-success');
  });

  it('mobile (signed in): masked number, sends with the command and resolves with the SMS token', async () => {
    signIn({ contactNumber: '13812345621' });
    const { api, dialog, onResult } = await open({ types: ['mobile'], command: 'common' });
    expect(within(dialog).getByText('绑定手机：138****21')).toBeTruthy();
    const mobile = within(dialog).getByRole('textbox', { name: '请输入绑定手机' });
    const send = within(dialog).getByRole('button', { name: '获取验证码' });
    fireEvent.change(mobile, { target: { value: '1381234' } });
    await act(async () => fireEvent.click(send));
    expect(await within(dialog).findByText('手机号格式有误，请重新输入')).toBeTruthy();
    fireEvent.change(mobile, { target: { value: '13900000000' } });
    await act(async () => fireEvent.click(send));
    expect(await within(dialog).findByText('手机号不正确')).toBeTruthy();
    expect(api.sendSms).not.toHaveBeenCalled();

    fireEvent.change(mobile, { target: { value: '+8613812345621' } });
    await act(async () => fireEvent.click(send));
    expect(api.sendSms).toHaveBeenCalledWith('common', '13812345621', undefined);
    fireEvent.change(within(dialog).getByRole('textbox', { name: '请输入验证码' }), { target: { value: FAKE.code } });
    await submit(dialog);
    await waitFor(() => expect(onResult).toHaveBeenCalledWith('sms-token:sms-1'));
  });

  it('without a session (forgot password) each send needs a freshly typed image captcha', async () => {
    const { api, dialog, onResult } = await open({ types: ['email', 'mobile'], command: 'reset' });
    fireEvent.click(within(dialog).getByRole('button', { name: '手机验证' }));
    expect(within(dialog).queryByText(/绑定手机：/)).toBeNull();
    const mobile = within(dialog).getByRole('textbox', { name: '请输入绑定手机' });
    const captcha = within(dialog).getByRole('textbox', { name: '图形验证码' });
    expect(within(dialog).getByPlaceholderText('图形验证码')).toBe(captcha);
    await waitFor(() => expect(within(dialog).queryByText('加载中...')).toBeNull());
    const send = within(dialog).getByRole('button', { name: '获取验证码' });

    fireEvent.change(mobile, { target: { value: '13812345678' } });
    await act(async () => fireEvent.click(send));
    expect(await within(dialog).findByText('请填写验证码')).toBeTruthy();
    expect(api.sendSms).not.toHaveBeenCalled();

    fireEvent.change(captcha, { target: { value: 'nope' } });
    await act(async () => fireEvent.click(send));
    expect(await within(dialog).findByText('验证失败，请重试')).toBeTruthy();
    expect(captcha).toHaveProperty('value', '');
    expect(api.sendSms).not.toHaveBeenCalled();

    await waitFor(() => expect(api.loadCaptcha).toHaveBeenCalledTimes(3)); // email form, mobile form, reload
    await waitFor(() => expect(within(dialog).queryByText('加载中...')).toBeNull());
    fireEvent.change(captcha, { target: { value: FAKE.captchaAnswer } });
    await act(async () => fireEvent.click(send));
    expect(api.sendSms).toHaveBeenCalledWith('reset', '13812345678', 'captcha-token:captcha-3');
    expect(captcha).toHaveProperty('value', '');
    expect(within(dialog).getByRole('button', { name: '30s' })).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('textbox', { name: '请输入验证码' }), { target: { value: FAKE.code } });
    await submit(dialog);
    await waitFor(() => expect(onResult).toHaveBeenCalledWith('sms-token:sms-1'));
  });

  it('captcha: a right answer resolves with the captcha token; a wrong one clears the field', async () => {
    const { api, dialog, onResult } = await open({ types: ['captcha'] });
    await waitFor(() => expect(within(dialog).queryByText('加载中...')).toBeNull());
    const input = within(dialog).getByRole('textbox', { name: '验证码' });
    fireEvent.change(input, { target: { value: 'nope' } });
    await submit(dialog);
    expect(await within(dialog).findByText('验证失败，请重试')).toBeTruthy();
    expect(input).toHaveProperty('value', '');
    expect(onResult).not.toHaveBeenCalled();

    await waitFor(() => expect(api.loadCaptcha).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(within(dialog).queryByText('加载中...')).toBeNull());
    fireEvent.change(input, { target: { value: FAKE.captchaAnswer } });
    await submit(dialog);
    await waitFor(() => expect(onResult).toHaveBeenCalledWith('captcha-token:captcha-2'));
  });
});

/**
 * A sudo action started from a dialog (a confirmation of App.useApp(), a page's own dialog in its popup
 * layer) asks for the verification while that dialog is open. The identity dialog must stack over it, and give the
 * focus back to the action that asked once it closes.
 */
describe('the identity dialog over the dialog that asked for it', () => {
  /** 重置 opens App.useApp()'s confirmation, or a dialog of the page's own, whose 确定 asks for the verification. */
  function Asking({
    via,
    onResult,
    done,
  }: {
    via: 'confirm' | 'dialog';
    onResult: (token: string | null) => void;
    /** The action's own work after the verification (the repeated request), held until the test lets it end. */
    done: Promise<void>;
  }) {
    const { modal } = App.useApp();
    const { verify, dialog } = useIdentityVerification();
    const [open, setOpen] = useState(false);
    const ask = async () => {
      onResult(await verify({ types: ['password'] }));
      await done;
    };
    const start = () =>
      via === 'confirm'
        ? modal.confirm({ title: '重置密码', okText: '确定', cancelText: '取消', onOk: ask })
        : setOpen(true);
    return (
      <>
        <button type="button" onClick={start}>
          重置
        </button>
        <Modal open={open} title="添加通行密钥" okText="确定" onOk={() => void ask()} onCancel={() => setOpen(false)}>
          页面自己的对话框
        </Modal>
        {dialog}
      </>
    );
  }

  const zIndexOf = (dialog: HTMLElement) =>
    Number(getComputedStyle(dialog.closest('.ant-modal-wrap') as HTMLElement).zIndex);

  /** Opens the asking dialog, focuses and clicks its 确定; answers it, its 确定 and the identity dialog. */
  async function askFrom(via: 'confirm' | 'dialog') {
    signIn();
    const onResult = vi.fn();
    let finish = () => {};
    const done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <VerificationTestProviders api={createFakeVerificationApi()}>
          <Asking via={via} onResult={onResult} done={done} />
        </VerificationTestProviders>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    // A confirmation's role="dialog" takes no name from its title: each is found by its text.
    const [title] = await screen.findAllByText(via === 'confirm' ? '重置密码' : '添加通行密钥');
    const asking = title?.closest('[role="dialog"]') as HTMLElement;
    const ok = within(asking).getByRole('button', { name: '确定' });
    ok.focus();
    await act(async () => fireEvent.click(ok));
    const verify = (await screen.findByText('验证身份（密码验证）')).closest('[role="dialog"]') as HTMLElement;
    return { asking, ok, verify, onResult, finish };
  }

  async function verifyAndClose(verify: HTMLElement, onResult: ReturnType<typeof vi.fn>) {
    fireEvent.change(within(verify).getByLabelText('请输入当前登录密码'), { target: { value: FAKE.password } });
    await submit(verify);
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(FAKE.passwordToken));
    await waitFor(() => expect(screen.queryByText('验证身份（密码验证）')).toBeNull());
  }

  it('stacks over App.useApp()’s confirmation (and under toasts), and gives the focus back to its 确定', async () => {
    const { asking, ok, verify, onResult, finish } = await askFrom('confirm');
    expect(zIndexOf(verify)).toBeGreaterThan(zIndexOf(asking));
    // Toasts (antd's message: zIndexPopupBase + 1010) stay over it: a refused check is told in one.
    expect(zIndexOf(verify)).toBeLessThan(1000 + 1010);
    await verifyAndClose(verify, onResult);
    await waitFor(() => expect(document.activeElement).toBe(ok));
    finish();
  });

  it('stacks over a page’s own dialog and its popup layer, and gives the focus back to its 确定', async () => {
    const { asking, ok, verify, onResult, finish } = await askFrom('dialog');
    // A page's dialogs are inside its popup layer, stacked at 1001 (app/global.css .gh-page-popups).
    expect(zIndexOf(verify)).toBeGreaterThan(Math.max(zIndexOf(asking), 1001));
    await verifyAndClose(verify, onResult);
    await waitFor(() => expect(document.activeElement).toBe(ok));
    finish();
  });
});
