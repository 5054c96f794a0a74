import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  label,
  launchBrowser,
  newContext,
  type RunningServer,
  screenshot,
  startServer,
  waitForCode,
  waitForHash,
} from './support.js';

/**
 * Brute-force defences and the 登录日志 screen against the real server with LOGIN_CAPTCHA=off: the captcha shows
 * up after three failed sign-ins of one account, a locked account is refused with 429 on the page, and the
 * administrator finds the failures in the log, filters them and exports them as CSV.
 */
describe('sign-in defences and the sign-in log in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  const isCaptchaImage = (url: string) => url.includes('/api/captcha/image?') || url.endsWith('/api/captcha/image');
  /** The id of the next captcha image the page loads: call before the action that shows it. */
  const nextCaptcha = () =>
    page
      .waitForResponse((response) => isCaptchaImage(response.url()), { timeout: 60_000 })
      .then(async (response) => ((await response.json()) as { data: { id: string } }).data.id);

  /**
   * One sign-in through the form, finished when the server's answer is in: the next attempt must not be clicked
   * while this one is still in flight (the button is busy then, and on a loaded machine the click would be lost),
   * and a toast still showing from the previous attempt proves nothing about this one.
   */
  async function attempt(account: string, password: string) {
    await page.getByPlaceholder('输入用户名').fill(account);
    await page.getByPlaceholder('输入密码').fill(password);
    const answered = page.waitForResponse(
      (response) => response.url().endsWith('/api/login') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: label('登录') }).click();
    await answered;
  }

  /** A sign-in through the API, as a script would try one (with a captcha token when `captcha`). */
  async function apiAttempt(account: string, password: string, captcha = false) {
    const body: Record<string, string> = { account, password };
    if (captcha) {
      const image = (await (await fetch(`${server.baseUrl}/api/captcha/image`)).json()) as { data: { id: string } };
      const answer = await waitForCode(server, { channel: 'captcha', to: image.data.id });
      const query = new URLSearchParams({ id: image.data.id, userInput: answer });
      const token = (await (await fetch(`${server.baseUrl}/api/captcha/image/validate?${query}`)).json()) as {
        data: string;
      };
      body.captcha = token.data;
    }
    const response = await fetch(`${server.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return response.status;
  }

  beforeAll(async () => {
    server = await startServer({ LOGIN_CAPTCHA: 'off', CAPTCHA_TEST_MODE: '1', LOGIN_LOCK_AFTER: '4' });
    browser = await launchBrowser();
    context = await newContext(browser, server.baseUrl);
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    expect(pageErrors).toEqual([]);
    expect(await server?.stop()).toBe(0);
  });

  it('shows no captcha at first, and asks for one after three wrong passwords', async () => {
    await page.goto('/#/login');
    await page.getByPlaceholder('输入用户名').waitFor();
    expect(await page.getByPlaceholder('验证码', { exact: true }).count()).toBe(0);
    for (let i = 1; i <= 2; i++) {
      await attempt('admin', `wrong-password-${i}`);
      await page.getByText('账号或密码错误').first().waitFor();
      expect(await page.getByPlaceholder('验证码', { exact: true }).count()).toBe(0);
    }
    const captcha = nextCaptcha();
    await attempt('admin', 'wrong-password-3');
    await page.getByText('登录失败次数较多，请输入图形验证码').waitFor();
    const captchaId = await captcha;
    await page.getByPlaceholder('验证码', { exact: true }).waitFor();
    await screenshot(page, 'signin-01-captcha-after-failures');

    // Without the captcha the form does not send; with it, the right password gets in.
    await page.getByPlaceholder('输入密码').fill(ADMIN_PASSWORD);
    await page
      .getByPlaceholder('验证码', { exact: true })
      .fill(await waitForCode(server, { channel: 'captcha', to: captchaId }));
    await page.getByRole('button', { name: label('登录') }).click();
    await waitForHash(page, /#\/$/);
  });

  it('refuses a locked account with 429 on the sign-in page', async () => {
    const other = await context
      .browser()!
      .newContext({ baseURL: server.baseUrl, viewport: { width: 1366, height: 800 } });
    const visitor = await other.newPage();
    visitor.on('pageerror', (error) => pageErrors.push(error.message));
    // Three failures by script, the fourth (with a captcha, as the server now asks) locks the account.
    for (let i = 0; i < 3; i++) expect(await apiAttempt('wangwu', `guess-${i}-x`)).toBe(400);
    expect(await apiAttempt('wangwu', 'guess-3-x', true)).toBe(400);
    await visitor.goto('/#/login');
    await visitor.getByPlaceholder('输入用户名').fill('wangwu');
    const captcha = visitor
      .waitForResponse((response) => isCaptchaImage(response.url()), { timeout: 60_000 })
      .then(async (response) => ((await response.json()) as { data: { id: string } }).data.id);
    await visitor.getByPlaceholder('输入密码').click();
    const captchaId = await captcha;
    await visitor.getByPlaceholder('输入密码').fill('any-password-1');
    await visitor
      .getByPlaceholder('验证码', { exact: true })
      .fill(await waitForCode(server, { channel: 'captcha', to: captchaId }));
    await visitor.getByRole('button', { name: label('登录') }).click();
    // Inline under the form, besides the toast.
    await visitor
      .locator('form')
      .getByRole('alert')
      .filter({ hasText: '登录失败次数过多，账号已临时锁定，请 1 分钟后再试' })
      .waitFor();
    await screenshot(visitor, 'signin-02-locked');
    await other.close();
  });

  it('lists the attempts in 登录日志, filters the failures and exports them', async () => {
    await page.goto('/#/monitor/LoginLog');
    await expect.poll(() => page.title()).toBe('登录日志');
    await page.getByRole('columnheader', { name: '浏览器' }).waitFor();
    await page.getByRole('row').filter({ hasText: '登录成功' }).first().waitFor();
    await screenshot(page, 'signin-03-log');

    await page.getByLabel('结果').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '失败' }).click();
    await page.getByLabel('账号').fill('admin');
    await page.getByRole('button', { name: label('查询') }).click();
    await page.getByText('共 3 条记录').waitFor();
    const rows = page.getByRole('row').filter({ hasText: '密码错误' });
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.first().textContent()).toMatch(/Chrome \d+ · Linux/);
    await screenshot(page, 'signin-04-failures');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /导出 CSV/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^signin-log-\d{8}T\d{6}\.csv$/);
    const csv = readFileSync((await file.path())!, 'utf8');
    expect(csv.startsWith('\uFEFF时间,账号,结果,原因,IP,浏览器,方式\r\n')).toBe(true);
    const lines = csv.slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).every((line) => /,admin,失败,密码错误,/.test(line))).toBe(true);
    await page.getByText('已导出登录日志').waitFor();

    await page.getByRole('button', { name: label('重置') }).click();
    await page.getByRole('row').filter({ hasText: 'wangwu' }).first().waitFor();
    await page.getByRole('row').filter({ hasText: '账号临时锁定' }).first().waitFor();
    await screenshot(page, 'signin-05-reset');
  });
});
