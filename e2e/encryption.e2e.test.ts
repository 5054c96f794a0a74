import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  label,
  launchBrowser,
  newContext,
  type RunningServer,
  screenshot,
  shownPage,
  startServer,
  waitForHash,
} from './support.js';

describe('request encryption mode in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  /** Every API request the page sends: method and path. */
  const sent: Array<{ method: string; path: string; body: string | null }> = [];

  beforeAll(async () => {
    server = await startServer({ LOGIN_CAPTCHA: 'off', REQUEST_ENCRYPTION: 'on' });
    browser = await launchBrowser();
    page = await (await newContext(browser, server.baseUrl)).newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) {
        sent.push({ method: request.method(), path: url.pathname + url.search, body: request.postData() });
      }
    });
  });

  afterAll(async () => {
    await browser?.close();
    expect(pageErrors).toEqual([]);
    expect(await server?.stop()).toBe(0);
  });

  it('sends every signed-in call as a sealed envelope and still shows the data', async () => {
    await page.goto('/#/login');
    await page.getByPlaceholder('输入用户名').fill('admin');
    await page.getByPlaceholder('输入密码').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: label('登录') }).click();
    await waitForHash(page, /#\/$/);
    sent.length = 0;

    await page.goto('/#/user/Account');
    await page.getByRole('row').filter({ hasText: 'admin' }).waitFor();
    await page.goto('/#/user/Organization');
    // The account list stays mounted in its hidden tab, and its admin row says 总公司 too: look on the shown page.
    await shownPage(page).locator('tr.ant-table-row').filter({ hasText: '总公司' }).waitFor();
    await screenshot(page, 'enc-01-organisations');

    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) {
      expect(request.method, request.path).toBe('POST');
      expect(request.path, request.path).toMatch(/^\/api\/sapi\/[0-9a-f]{32}$/);
      // Neither the path nor the parameters can be read off the wire.
      expect(request.body ?? '').not.toMatch(/account|orgs|pageSize/);
    }
  });
});
