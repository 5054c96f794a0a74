import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh module per test: the handlers, the waiting notices and the fallback are module state. */
async function load() {
  vi.resetModules();
  return import('./index');
}

describe('notify', () => {
  afterEach(() => vi.resetModules());

  it('hands notices to the newest handler, and back to the older one when it goes', async () => {
    const { notify, registerNoticeHandler } = await load();
    const first = vi.fn();
    const second = vi.fn();
    registerNoticeHandler(first);
    const unregister = registerNoticeHandler(second);
    notify({ level: 'error', content: '账号或密码错误' });
    expect(second).toHaveBeenCalledWith({ level: 'error', content: '账号或密码错误' });
    expect(first).not.toHaveBeenCalled();
    unregister();
    notify({ level: 'warning', content: '请求未授权' });
    expect(first).toHaveBeenCalledWith({ level: 'warning', content: '请求未授权' });
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('dismissNotices takes down what every mounted root shows and drops what waits; unregistered roots are left', async () => {
    const { dismissNotices, notify, registerNoticeHandler } = await load();
    notify({ level: 'error', content: '账号或密码错误' });
    dismissNotices();
    const shown = vi.fn();
    const dismissIsland = vi.fn();
    const dismissRoot = vi.fn();
    const dismissGone = vi.fn();
    registerNoticeHandler(shown, dismissIsland);
    expect(shown).not.toHaveBeenCalled();
    registerNoticeHandler(vi.fn(), dismissRoot);
    registerNoticeHandler(vi.fn(), dismissGone)();
    dismissNotices();
    expect(dismissIsland).toHaveBeenCalledTimes(1);
    expect(dismissRoot).toHaveBeenCalledTimes(1);
    expect(dismissGone).not.toHaveBeenCalled();
  });

  it('keeps notices raised without a handler, starts the fallback once, and delivers them in order', async () => {
    const { notify, registerNoticeHandler, setNoticeFallback } = await load();
    let finish: () => void = () => undefined;
    const fallback = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    setNoticeFallback(fallback);
    notify({ level: 'error', content: 'one' });
    notify({ level: 'error', content: 'two' });
    expect(fallback).toHaveBeenCalledTimes(1);
    const shown: string[] = [];
    registerNoticeHandler((notice) => shown.push(notice.content));
    finish();
    expect(shown).toEqual(['one', 'two']);
    notify({ level: 'error', content: 'three' });
    expect(shown).toEqual(['one', 'two', 'three']);
  });

  it('tries the fallback again after it failed to load', async () => {
    const { notify, setNoticeFallback } = await load();
    const fallback = vi.fn(() => Promise.reject(new Error('offline')));
    setNoticeFallback(fallback);
    notify({ level: 'error', content: 'one' });
    await vi.waitFor(() => expect(fallback).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    notify({ level: 'error', content: 'two' });
    expect(fallback).toHaveBeenCalledTimes(2);
  });
});
