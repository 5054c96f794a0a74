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

  /** The table of rows (the sticky header is a table of its own, with the same name). */
  const rows = () => page.getByRole('table', { name: '登录日志列表' }).last();
  const headerTable = () => page.getByRole('table', { name: '登录日志列表' }).first();
  const firstRow = () => rows().locator('tr.ant-table-row').first();
  const headers = async () =>
    (await headerTable().getByRole('columnheader').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
  const query = () => new URL(page.url().replace('#', '')).search;
  const search = () => page.locator('form#signinLogSearch');
  /** The list request (not the preference request): aborted to play a network failure. */
  const listRequest = (url: URL) => url.pathname === '/api/signin-log/s';

  const isCaptchaImage = (url: string) => url.includes('/api/captcha/image?') || url.endsWith('/api/captcha/image');
  /** The id of the next captcha image the page loads: call before the action that shows it. */
  const nextCaptcha = () =>
    page
      .waitForResponse((response) => isCaptchaImage(response.url()), { timeout: 60_000 })
      .then(async (response) => ((await response.json()) as { data: { id: string } }).data.id);

  /** The sign-in button once no submit is running (a click on the busy button is ignored by design). */
  const idleSignIn = () => page.getByRole('button', { name: label('登录') }).and(page.locator(':not([aria-busy])'));

  /**
   * One sign-in through the form, finished when the server's answer is in. It clicks only once the previous submit
   * has settled: after a failure the form still asks the server whether this account now needs a captcha, and the
   * button stays busy until that answer is in (on a loaded machine a click in between would be lost). A toast still
   * showing from the previous attempt proves nothing about this one.
   */
  async function attempt(account: string, password: string) {
    await page.getByPlaceholder('输入用户名').fill(account);
    await page.getByPlaceholder('输入密码').fill(password);
    const answered = page.waitForResponse(
      (response) => response.url().endsWith('/api/login') && response.request().method() === 'POST',
    );
    await idleSignIn().click();
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
      // Settled: the form has heard whether a captcha is needed now.
      await idleSignIn().waitFor();
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

    await search().getByLabel('结果').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '失败' }).click();
    await search().getByLabel('账号').fill('admin');
    await page.getByRole('button', { name: label('查询') }).click();
    await page.getByText('共 3 条记录').waitFor();
    const failures = rows().getByRole('row').filter({ hasText: '密码错误' });
    await expect.poll(() => failures.count()).toBe(3);
    expect(await failures.first().textContent()).toMatch(/Chrome \d+ · Linux/);
    await screenshot(page, 'signin-04-failures');

    const download = page.waitForEvent('download');
    // The list kit's 导出 menu: CSV.
    await page.getByRole('button', { name: label('导出') }).click();
    await page.getByText('CSV (.csv)', { exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^signin-log-\d{8}T\d{6}\.csv$/);
    const csv = readFileSync((await file.path())!, 'utf8');
    expect(csv.startsWith('\uFEFF时间,账号,结果,原因,IP,浏览器,方式,类型\r\n')).toBe(true);
    const lines = csv.slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).every((line) => /,admin,失败,密码错误,/.test(line))).toBe(true);
    await page.getByText(/^已导出 signin-log-\d{8}T\d{6}\.csv$/).waitFor();

    await page.getByRole('button', { name: label('重置') }).click();
    await page.getByRole('row').filter({ hasText: 'wangwu' }).first().waitFor();
    await page.getByRole('row').filter({ hasText: '账号临时锁定' }).first().waitFor();
    await screenshot(page, 'signin-05-reset');
  });

  it('keeps the log on one line per entry at 1440 and 1024 px', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await rows().getByRole('row').filter({ hasText: 'wangwu' }).first().waitFor();
    const heights = await rows()
      .locator('tr.ant-table-row')
      .evaluateAll((trs) => trs.map((tr) => tr.clientHeight));
    expect(new Set(heights).size).toBe(1);
    // The browser's short name in the cell, the whole User-Agent on hover.
    await rows()
      .getByText(/Chrome \d+ · Linux/)
      .first()
      .hover();
    await page.getByRole('tooltip').filter({ hasText: 'Mozilla/5.0' }).waitFor();
    await screenshot(page, 'signin-06-log-1440');
    await page.mouse.move(0, 0);
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.getByRole('tooltip').waitFor({ state: 'hidden' });
    await screenshot(page, 'signin-07-log-1024');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('sorts by 登录时间 on the server from a header click: sort in the URL, the first row changes', async () => {
    const newest = await firstRow().innerText();
    const request = page.waitForRequest((r) => r.url().includes('/api/signin-log/s?') && r.url().includes('sort=at'));
    await headerTable().getByRole('columnheader', { name: '登录时间' }).click();
    expect((await request).url()).toContain('order=asc');
    await expect.poll(() => firstRow().innerText()).not.toBe(newest);
    expect(query()).toBe('?sort=at&order=asc');
    // The first attempt of all: admin's first wrong password.
    expect(await firstRow().innerText()).toContain('密码错误');
    await screenshot(page, 'signin-08-sorted-oldest-first');
    await headerTable().getByRole('columnheader', { name: '登录时间' }).click();
    await expect.poll(() => query()).toBe('?sort=at&order=desc');
    await expect.poll(() => firstRow().innerText()).toBe(newest);
  });

  it('restores the filters from the URL after a reload', async () => {
    await search().getByLabel('账号').fill('wangwu');
    await search().getByLabel('结果').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '失败' }).click();
    await page.getByRole('button', { name: label('查询') }).click();
    await expect.poll(() => query()).toBe('?account=wangwu&outcome=failure&sort=at&order=desc');
    const accounts = () => rows().locator('tr.ant-table-row td:nth-child(2)').allInnerTexts();
    const onlyWangwu = async () => [...new Set(await accounts())];
    await expect.poll(onlyWangwu).toEqual(['wangwu']);
    const count = await rows().locator('tr.ant-table-row').count();
    await page.reload();
    await page.getByText(`共 ${count} 条记录`).waitFor();
    expect(await search().getByLabel('账号').inputValue()).toBe('wangwu');
    await search().getByText('失败').waitFor();
    expect(await onlyWangwu()).toEqual(['wangwu']);
    await screenshot(page, 'signin-10-filters-restored');
    await page.getByRole('button', { name: label('重置') }).click();
    await waitForHash(page, /#\/monitor\/LoginLog$/);
  });

  it('keeps a hidden column for the account after a reload', async () => {
    expect(await headers()).toContain('IP');
    await page.getByRole('button', { name: '列设置' }).click();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/preferences/table.signinLog') && r.request().method() === 'PUT',
    );
    await page.getByTestId('column-settings').getByRole('checkbox', { name: 'IP' }).uncheck();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => headers()).not.toContain('IP');
    await page.reload();
    await firstRow().waitFor();
    expect(await headers()).not.toContain('IP');
    expect(await headers()).toContain('浏览器');

    await page.getByRole('button', { name: '列设置' }).click();
    await page.getByRole('button', { name: label('恢复默认') }).click();
    await expect.poll(() => headers()).toContain('IP');
    await page.getByRole('button', { name: '列设置' }).click();
    await page.getByTestId('column-settings').waitFor({ state: 'hidden' });
  });

  it('a failed load says 加载失败 with 重试, not 共 0 条; 重试 works once the server answers again', async () => {
    await page.route(listRequest, (route) => route.abort());
    await page.reload();
    const failed = rows().getByTestId('list-failed');
    await failed.waitFor();
    expect(await failed.innerText()).toBe('加载失败：网络异常');
    expect(await page.getByText(/共 \d+ 条记录/).count()).toBe(0);
    await screenshot(page, 'signin-09-failed');
    await page.unroute(listRequest);
    await rows()
      .getByRole('button', { name: label('重试') })
      .click();
    await firstRow().waitFor();
    await page.getByText(/共 \d+ 条记录/).waitFor();
  });
});
