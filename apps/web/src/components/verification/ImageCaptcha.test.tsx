import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { createRef, useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '@/lib/http';
import {
  createFakeVerificationApi,
  FAKE,
  type FakeVerificationApi,
  VerificationTestProviders,
} from '@/testing/fake-verification-api';
import { type CaptchaHandle, captchaRule, ImageCaptcha } from './ImageCaptcha';

function setup(api: FakeVerificationApi = createFakeVerificationApi()) {
  const handle = createRef<CaptchaHandle>();
  const onChange = vi.fn();
  render(
    <VerificationTestProviders api={api}>
      <ImageCaptcha ref={handle} onChange={onChange} />
    </VerificationTestProviders>,
  );
  return { api, handle, onChange };
}

const shownImageId = () => decodeURIComponent(document.querySelector('img')?.getAttribute('src') ?? '');

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ImageCaptcha', () => {
  it('loads a 120×40 image on mount and shows it at that size, showing 加载中... until it arrives', async () => {
    const api = createFakeVerificationApi();
    let answer: (image: { id: string; content: string }) => void = () => undefined;
    api.loadCaptcha.mockReturnValueOnce(
      new Promise((resolve) => {
        answer = resolve;
      }),
    );
    setup(api);
    expect(screen.getByPlaceholderText('验证码')).toBe(screen.getByRole('textbox', { name: '验证码' }));
    expect(screen.getByText('加载中...')).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
    expect(api.loadCaptcha).toHaveBeenCalledWith({ width: 120, height: 40 });

    await act(async () => answer({ id: 'first', content: 'data:image/svg+xml,first' }));
    expect(screen.queryByText('加载中...')).toBeNull();
    expect(document.querySelector('img')?.getAttribute('src')).toBe('data:image/svg+xml,first');
    expect(document.querySelector('img')?.getAttribute('width')).toBe('120');
    expect(document.querySelector('img')?.getAttribute('height')).toBe('40');
  });

  it('emits what is typed', () => {
    const { onChange } = setup();
    fireEvent.change(screen.getByRole('textbox', { name: '验证码' }), { target: { value: 'ab' } });
    expect(onChange).toHaveBeenCalledWith('ab');
  });

  it('answers 请填写验证码 for an empty input without using the image up', async () => {
    const { api, handle } = setup();
    await waitFor(() => expect(document.querySelector('img')).not.toBeNull());
    await expect(handle.current!.check('')).rejects.toThrow('请填写验证码');
    await expect(handle.current!.check('   ')).rejects.toThrow('请填写验证码');
    await expect(handle.current!.check(undefined)).rejects.toThrow('请填写验证码');
    expect(api.checkCaptcha).not.toHaveBeenCalled();
    expect(api.loadCaptcha).toHaveBeenCalledTimes(1);
  });

  it("answers 'loading' while the image is still loading", async () => {
    const api = createFakeVerificationApi();
    api.loadCaptcha.mockReturnValueOnce(new Promise(() => undefined));
    const { handle } = setup(api);
    await expect(handle.current!.check('abcd')).rejects.toThrow(/^loading$/);
    expect(api.checkCaptcha).not.toHaveBeenCalled();
  });

  it('a wrong answer gives 验证失败，请重试 and loads a new image', async () => {
    const { api, handle } = setup();
    await waitFor(() => expect(shownImageId()).toContain('captcha-1'));
    await act(async () => {
      await expect(handle.current!.check('wrong')).rejects.toThrow('验证失败，请重试');
    });
    expect(api.checkCaptcha).toHaveBeenCalledWith('captcha-1', 'wrong');
    expect(api.loadCaptcha).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(shownImageId()).toContain('captcha-2'));
  });

  it('a right answer resolves with the token, and the used image is replaced too', async () => {
    const { api, handle } = setup();
    await waitFor(() => expect(shownImageId()).toContain('captcha-1'));
    let token = '';
    await act(async () => {
      token = await handle.current!.check(` ${FAKE.captchaAnswer.toUpperCase()} `);
    });
    expect(token).toBe('captcha-token:captcha-1');
    expect(api.checkCaptcha).toHaveBeenCalledWith('captcha-1', 'ABCD');
    await waitFor(() => expect(shownImageId()).toContain('captcha-2'));
    // The next check goes to the new image, never to the used one.
    await act(async () => {
      token = await handle.current!.check(FAKE.captchaAnswer);
    });
    expect(token).toBe('captcha-token:captcha-2');
  });

  it('clicking the image loads a new one', async () => {
    const { api } = setup();
    await waitFor(() => expect(shownImageId()).toContain('captcha-1'));
    fireEvent.click(screen.getByRole('button', { name: '看不清？换一张' }));
    expect(api.loadCaptcha).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(shownImageId()).toContain('captcha-2'));
  });

  it('loads a new image by itself shortly before the shown one expires, as long as the server says', async () => {
    vi.useFakeTimers();
    const api = createFakeVerificationApi();
    api.loadCaptcha.mockResolvedValueOnce({ id: 'short', content: 'data:image/svg+xml,short', expiresIn: 60 });
    const { onChange } = setup(api);
    await act(async () => undefined);
    expect(shownImageId()).toContain('short');
    // A 60 s captcha is replaced 6 s before it expires; the next one (5 minutes by default) 15 s before.
    act(() => vi.advanceTimersByTime(53_999));
    expect(api.loadCaptcha).toHaveBeenCalledTimes(1);
    expect(onChange).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(api.loadCaptcha).toHaveBeenCalledTimes(2);
    expect(shownImageId()).toContain('captcha-1');
    // What was typed for the old image is void: the field is emptied.
    expect(onChange).toHaveBeenCalledWith('');
    await act(async () => vi.advanceTimersByTime(284_999));
    expect(api.loadCaptcha).toHaveBeenCalledTimes(2);
    await act(async () => vi.advanceTimersByTime(1));
    expect(api.loadCaptcha).toHaveBeenCalledTimes(3);
  });

  it('a clicked reload restarts the clock of the image it shows', async () => {
    vi.useFakeTimers();
    const { api } = setup();
    await act(async () => undefined);
    await act(async () => vi.advanceTimersByTime(200_000));
    fireEvent.click(screen.getByRole('button', { name: '看不清？换一张' }));
    await act(async () => undefined);
    expect(api.loadCaptcha).toHaveBeenCalledTimes(2);
    await act(async () => vi.advanceTimersByTime(284_999));
    expect(api.loadCaptcha).toHaveBeenCalledTimes(2);
    await act(async () => vi.advanceTimersByTime(1));
    expect(api.loadCaptcha).toHaveBeenCalledTimes(3);
  });

  it('a failed load says so in the image’s place and a click tries again; the check tells a fault as such', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = createFakeVerificationApi();
    api.loadCaptcha.mockRejectedValueOnce(new HttpError('server', '服务异常', 503));
    api.checkCaptcha.mockRejectedValueOnce(new HttpError('server', '服务异常', 500));
    const { handle } = setup(api);
    expect(await screen.findByText('加载失败')).toBeTruthy();
    expect(warn).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '看不清？换一张' }));
    await waitFor(() => expect(shownImageId()).toContain('captcha-1'));
    await act(async () => {
      await expect(handle.current!.check('abcd')).rejects.toThrow('服务异常');
    });
  });

  it('a rate-limit refusal passes the server message on', async () => {
    const api = createFakeVerificationApi();
    api.checkCaptcha.mockRejectedValueOnce(new HttpError('rate-limited', '操作过于频繁，请稍后再试', 429));
    const { handle } = setup(api);
    await waitFor(() => expect(shownImageId()).toContain('captcha-1'));
    await act(async () => {
      await expect(handle.current!.check('abcd')).rejects.toThrow('操作过于频繁，请稍后再试');
    });
  });
});

function CaptchaForm({ onToken, onFinish }: { onToken: (token: string) => void; onFinish: () => void }) {
  const handle = useRef<CaptchaHandle>(null);
  return (
    <Form onFinish={onFinish}>
      <Form.Item name="captcha" validateTrigger={[]} rules={[captchaRule(handle, onToken)]}>
        <ImageCaptcha ref={handle} />
      </Form.Item>
      <Button htmlType="submit">提交</Button>
    </Form>
  );
}

describe('captchaRule', () => {
  it('shows the rejection inline and hands the token over on success', async () => {
    const api = createFakeVerificationApi();
    const onToken = vi.fn();
    const onFinish = vi.fn();
    render(
      <VerificationTestProviders api={api}>
        <CaptchaForm onToken={onToken} onFinish={onFinish} />
      </VerificationTestProviders>,
    );
    await waitFor(() => expect(shownImageId()).toContain('captcha-1'));
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('请填写验证码')).toBeTruthy();

    const input = screen.getByRole('textbox', { name: '验证码' });
    fireEvent.change(input, { target: { value: 'nope' } });
    // Typing does not check (it would use the image up).
    await act(async () => undefined);
    expect(api.checkCaptcha).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('验证失败，请重试')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();

    await waitFor(() => expect(shownImageId()).toContain('captcha-2'));
    fireEvent.change(input, { target: { value: FAKE.captchaAnswer } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalled());
    expect(onToken).toHaveBeenCalledWith('captcha-token:captcha-2');
  });
});
