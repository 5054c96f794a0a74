import { act, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '@/lib/http';
import { DEFAULT_OPTIONS, useServerOptions } from '@/stores/server-options';
import { createFakeVerificationApi, FAKE, VerificationTestProviders } from '@/testing/fake-verification-api';
import { type CodeHandle, CodeInput } from './CodeInput';

function setup(send: () => Promise<string | null>, channel: 'sms' | 'email' = 'sms') {
  const api = createFakeVerificationApi();
  const handle = createRef<CodeHandle>();
  const onChange = vi.fn();
  render(
    <VerificationTestProviders api={api}>
      <CodeInput ref={handle} channel={channel} send={send} onChange={onChange} />
    </VerificationTestProviders>,
  );
  return { api, handle, onChange };
}

const sendButton = () => screen.getByRole('button', { name: /获取验证码|\d+s/ });

/** Clicks 获取验证码 and lets the send promise settle. */
const clickSend = async () => {
  await act(async () => {
    fireEvent.click(sendButton());
  });
};

afterEach(() => {
  vi.useRealTimers();
  useServerOptions.setState({ options: DEFAULT_OPTIONS });
});

describe('CodeInput', () => {
  it('has an accessible code input and emits what is typed', () => {
    const { onChange } = setup(async () => 'sms-1');
    const input = screen.getByRole('textbox', { name: '请输入验证码' });
    expect(screen.getByPlaceholderText('请输入验证码')).toBe(input);
    fireEvent.change(input, { target: { value: '12' } });
    expect(onChange).toHaveBeenCalledWith('12');
  });

  it('answers 请先发送验证码 before anything was sent', async () => {
    const { api, handle } = setup(async () => 'sms-1');
    await expect(handle.current!.check(FAKE.code)).rejects.toThrow('请先发送验证码');
    expect(api.checkSms).not.toHaveBeenCalled();
  });

  it('counts down what the server says (here 60 s) only after send resolved with an id, then offers 获取验证码 again', async () => {
    vi.useFakeTimers();
    useServerOptions.setState({ options: { ...DEFAULT_OPTIONS, verifyResendSeconds: 60 } });
    const send = vi.fn(async () => 'sms-7');
    setup(send);
    expect(sendButton().textContent).toBe('获取验证码');
    await clickSend();
    expect(send).toHaveBeenCalledTimes(1);
    expect(sendButton().textContent).toBe('60s');
    expect(sendButton()).toHaveProperty('disabled', true);

    act(() => vi.advanceTimersByTime(1000));
    expect(sendButton().textContent).toBe('59s');
    // Disabled while counting: a click sends nothing.
    await clickSend();
    expect(send).toHaveBeenCalledTimes(1);

    for (let second = 0; second < 58; second += 1) act(() => vi.advanceTimersByTime(1000));
    expect(sendButton().textContent).toBe('1s');
    act(() => vi.advanceTimersByTime(1000));
    expect(sendButton().textContent).toBe('获取验证码');
    expect(sendButton()).toHaveProperty('disabled', false);
    await clickSend();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('counts down 30 s by default (specification §9), as long as the server has not said otherwise', async () => {
    vi.useFakeTimers();
    useServerOptions.setState({ options: DEFAULT_OPTIONS });
    setup(vi.fn(async () => 'sms-8'));
    await clickSend();
    expect(sendButton().textContent).toBe('30s');
    for (let second = 0; second < 29; second += 1) act(() => vi.advanceTimersByTime(1000));
    expect(sendButton().textContent).toBe('1s');
    act(() => vi.advanceTimersByTime(1000));
    expect(sendButton().textContent).toBe('获取验证码');
  });

  it('starts no countdown when the server asks for no wait (VERIFY_RESEND_SECONDS=0)', async () => {
    useServerOptions.setState({ options: { ...DEFAULT_OPTIONS, verifyResendSeconds: 0 } });
    const send = vi.fn(async () => 'sms-9');
    setup(send);
    await clickSend();
    expect(sendButton().textContent).toBe('获取验证码');
    await clickSend();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('sends nothing and starts no countdown when send resolves null', async () => {
    const send = vi.fn(async () => null);
    const { handle } = setup(send);
    await clickSend();
    expect(send).toHaveBeenCalledTimes(1);
    expect(sendButton().textContent).toBe('获取验证码');
    expect(sendButton()).toHaveProperty('disabled', false);
    await expect(handle.current!.check(FAKE.code)).rejects.toThrow('请先发送验证码');
    expect(document.querySelector('.ant-message')?.textContent ?? '').toBe('');
  });

  it('checks the code of the last send: empty, wrong, right', async () => {
    const { api, handle } = setup(async () => 'sms-9');
    await clickSend();
    await expect(handle.current!.check('')).rejects.toThrow('请填写验证码');
    await expect(handle.current!.check('000000')).rejects.toThrow('验证失败，请重试');
    await expect(handle.current!.check(` ${FAKE.code} `)).resolves.toBe('sms-token:sms-9');
    expect(api.checkSms).toHaveBeenLastCalledWith('sms-9', FAKE.code);
    expect(api.checkEmail).not.toHaveBeenCalled();
  });

  it('the email channel checks with the e-mail call', async () => {
    const { api, handle } = setup(async () => 'email-3', 'email');
    await clickSend();
    await expect(handle.current!.check(FAKE.code)).resolves.toBe('email-token:email-3');
    expect(api.checkEmail).toHaveBeenCalledWith('email-3', FAKE.code);
  });

  it('a refused send shows the server message, and starts no countdown', async () => {
    setup(async () => {
      throw new HttpError('rate-limited', '发送过于频繁，请稍后再试', 429);
    });
    await clickSend();
    expect(await screen.findByText('发送过于频繁，请稍后再试')).toBeTruthy();
    expect(sendButton().textContent).toBe('获取验证码');
  });

  it('a failed send without a server message says 验证码发送失败，请稍后重试 (sms)', async () => {
    setup(async () => {
      throw new Error('boom');
    });
    await clickSend();
    expect(await screen.findByText('验证码发送失败，请稍后重试')).toBeTruthy();
  });

  it('… and 验证邮件发送失败，请稍后重试 (email)', async () => {
    setup(async () => {
      throw new HttpError('network', '网络异常');
    }, 'email');
    await clickSend();
    expect(await screen.findByText('验证邮件发送失败，请稍后重试')).toBeTruthy();
  });
});
