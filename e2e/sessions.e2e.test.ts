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
  waitForHash,
} from './support.js';

const USER = { accountNumber: 'e2e.li', accountName: '李四', password: 'Ls#2026-safe' };

async function signIn(target: Page, account: string, password: string) {
  await target.goto('/#/login');
  await target.getByPlaceholder('输入用户名').fill(account);
  await target.getByPlaceholder('输入密码').fill(password);
  await target.getByRole('button', { name: label('登录') }).click();
}

const confirmDialog = (page: Page) =>
  page
    .getByRole('dialog')
    .getByRole('button', { name: label('确定') })
    .click();

describe('sessions in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  async function openPage(): Promise<Page> {
    const context = await newContext(browser, server.baseUrl);
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    return page;
  }

  beforeAll(async () => {
    server = await startServer({ LOGIN_CAPTCHA: 'off' });
    browser = await launchBrowser();
    // The other account, created through the API with a session of its own.
    const login = await fetch(`${server.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'admin', password: ADMIN_PASSWORD }),
    });
    const token = ((await login.json()) as { data: string }).data;
    const orgs = await fetch(`${server.baseUrl}/api/orgs`, { headers: { authorization: token } });
    const rootOrg = ((await orgs.json()) as { data: Array<{ id: number }> }).data[0]!.id;
    const created = await fetch(`${server.baseUrl}/api/account`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ ...USER, orgId: rootOrg, state: 1 }),
    });
    expect(created.status).toBe(200);
    await fetch(`${server.baseUrl}/api/logout`, { method: 'POST', headers: { authorization: token } });
  });

  afterAll(async () => {
    await browser?.close();
    expect(pageErrors).toEqual([]);
    expect(await server?.stop()).toBe(0);
  });

  it('lists live sessions in 在线用户 and forces one off; the victim is sent to /login', async () => {
    const admin = await openPage();
    await signIn(admin, 'admin', ADMIN_PASSWORD);
    await waitForHash(admin, /#\/$/);
    const victim = await openPage();
    await signIn(victim, USER.accountNumber, USER.password);
    await waitForHash(victim, /#\/$/);

    await admin.goto('/#/monitor/Online');
    await expect.poll(() => admin.title()).toBe('在线用户');
    const adminRow = admin.getByRole('row').filter({ hasText: '系统管理员' });
    const victimRow = admin.getByRole('row').filter({ hasText: USER.accountName });
    await adminRow.getByText('当前会话').waitFor();
    await victimRow.getByText(/Chrome \d+ · Linux/).waitFor();
    await victimRow.getByText('总公司').waitFor();
    await admin.getByText('共 2 条记录').waitFor();
    // Your own current session cannot be forced out from its row.
    expect(await adminRow.getByRole('button', { name: '强制下线' }).isDisabled()).toBe(true);
    await screenshot(admin, 'sessions-01-online');

    await admin.locator('form#onlineSearch').getByLabel('账号', { exact: true }).fill(USER.accountNumber);
    await admin.getByRole('button', { name: label('查询') }).click();
    await admin.getByText('共 1 条记录').waitFor();
    await victimRow.getByRole('button', { name: '强制下线' }).click();
    await admin
      .getByRole('dialog')
      .filter({ hasText: `强制下线「${USER.accountName}（${USER.accountNumber}）」？` })
      .waitFor();
    await screenshot(admin, 'sessions-02-force-confirm');
    await confirmDialog(admin);
    await admin.getByText('已强制下线').waitFor();
    await admin.getByText('共 0 条记录').waitFor();
    await admin.getByText('调整查询条件后重试').waitFor();

    // The victim's next request (the reload's permission check) answers 401: the app signs out.
    await victim.reload();
    await waitForHash(victim, /#\/login/);
    await victim.getByPlaceholder('输入用户名').waitFor();
    // The sign-in page says why, after the reload as after any other next step.
    await victim.locator('#root').getByRole('alert').filter({ hasText: '您已被管理员强制下线，请重新登录' }).waitFor();
    await screenshot(victim, 'sessions-03-victim-signed-out');
  });

  it('signs another device out from the 登录设备 card on the personal page', async () => {
    const here = await openPage();
    await signIn(here, USER.accountNumber, USER.password);
    await waitForHash(here, /#\/$/);
    const elsewhere = await openPage();
    await signIn(elsewhere, USER.accountNumber, USER.password);
    await waitForHash(elsewhere, /#\/$/);

    await here.goto('/#/system/Profile');
    const card = here.getByTestId('own-sessions');
    const rows = card.getByTestId('own-session');
    await expect.poll(() => rows.count()).toBe(2);
    await rows.filter({ hasText: '当前' }).waitFor();
    await here.getByText('登录设备').scrollIntoViewIfNeeded();
    await screenshot(here, 'sessions-04-own-sessions');

    await rows
      .filter({ hasNotText: '当前' })
      .getByRole('button', { name: label('下线') })
      .click();
    await here.getByText('确定让这台设备下线吗？').waitFor();
    await confirmDialog(here);
    await here.getByText('该设备已下线').waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await card.getByRole('button', { name: '退出其他设备' }).isDisabled()).toBe(true);

    await elsewhere.reload();
    await waitForHash(elsewhere, /#\/login/);
  });

  describe('在线用户 on the list kit', () => {
    let online: Page;
    /** The table of rows (the sticky header is a table of its own, with the same name). */
    const rows = () => online.getByRole('table', { name: '在线用户列表' }).last();
    const headerTable = () => online.getByRole('table', { name: '在线用户列表' }).first();
    const firstRow = () => rows().locator('tr.ant-table-row').first();
    const ownRow = () => rows().locator('tr.ant-table-row').filter({ hasText: '当前会话' });
    const headers = async () =>
      (await headerTable().getByRole('columnheader').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
    const query = () => new URL(online.url().replace('#', '')).search;
    const search = () => online.locator('form#onlineSearch');
    const listRequest = (url: URL) => url.pathname === '/api/online/s';

    /**
     * The page keeps its 1200 px minimum (global.css, the reference layout), so at 1024 px the table is narrower
     * than its columns: it scrolls sideways inside its card while the operation column stays at its right edge.
     */
    const expectFixedActions = async () => {
      const scroller = online.getByRole('table', { name: '在线用户列表' }).last().locator('xpath=..');
      const [scrollWidth, clientWidth] = await scroller.evaluate((element) => [
        element.scrollWidth,
        element.clientWidth,
      ]);
      expect(scrollWidth).toBeGreaterThan(clientWidth);
      const edge = await scroller.boundingBox();
      const fixed = await rows().locator('td.ant-table-cell-fix-end').first().boundingBox();
      expect(Math.round((fixed?.x ?? 0) + (fixed?.width ?? 0))).toBeLessThanOrEqual(
        Math.round((edge?.x ?? 0) + (edge?.width ?? 0)),
      );
    };
    /** A browser's whole User-Agent, long: the cell shows its short form on one line. */
    const EDGE_UA =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86';

    beforeAll(async () => {
      // Two sessions of the other account, signed in by script from another browser.
      for (let i = 0; i < 2; i++) {
        const login = await fetch(`${server.baseUrl}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': EDGE_UA },
          body: JSON.stringify({ account: USER.accountNumber, password: USER.password }),
        });
        expect(login.status).toBe(200);
      }
    });

    it('lists the sessions one line each at 1440 and 1024 px, 强制下线 fixed on the right', async () => {
      online = await openPage();
      await online.setViewportSize({ width: 1440, height: 900 });
      await signIn(online, 'admin', ADMIN_PASSWORD);
      await waitForHash(online, /#\/$/);
      await online.goto('/#/monitor/Online');
      await ownRow().waitFor();
      await rows().locator('tr.ant-table-row').filter({ hasText: 'Edge 131 · Windows' }).first().waitFor();
      const heights = await rows()
        .locator('tr.ant-table-row')
        .evaluateAll((trs) => trs.map((tr) => tr.clientHeight));
      expect(new Set(heights).size).toBe(1);
      await rows().getByText('Edge 131 · Windows').first().hover();
      await online.getByRole('tooltip').filter({ hasText: EDGE_UA }).waitFor();
      await screenshot(online, 'sessions-08-online-1440');

      await online.mouse.move(0, 0);
      await online.setViewportSize({ width: 1024, height: 800 });
      await online.getByRole('tooltip').waitFor({ state: 'hidden' });
      await expectFixedActions();
      await screenshot(online, 'sessions-09-online-1024');
      await online.setViewportSize({ width: 1440, height: 900 });
    });

    it('sorts by 登录时间 on the server from a header click: sort in the URL, the first row changes', async () => {
      // Most recently active first: this very session.
      expect(await firstRow().innerText()).toContain('当前会话');
      const request = online.waitForRequest(
        (r) => r.url().includes('/api/online/s?') && r.url().includes('sort=signedInAt'),
      );
      await headerTable().getByRole('columnheader', { name: '登录时间' }).click();
      expect((await request).url()).toContain('order=asc');
      await expect.poll(() => firstRow().innerText()).not.toContain('当前会话');
      expect(query()).toBe('?sort=signedInAt&order=asc');
      await screenshot(online, 'sessions-10-sorted-oldest-first');
      await headerTable().getByRole('columnheader', { name: '登录时间' }).click();
      await expect.poll(() => query()).toBe('?sort=signedInAt&order=desc');
      await expect.poll(() => firstRow().innerText()).toContain('当前会话');
    });

    it('restores the filters from the URL after a reload', async () => {
      await search().getByLabel('账号', { exact: true }).fill(USER.accountNumber);
      await online.getByRole('button', { name: label('查询') }).click();
      await expect.poll(() => query()).toBe(`?account=${USER.accountNumber}&sort=signedInAt&order=desc`);
      const theirs = rows().locator('tr.ant-table-row');
      const onlyTheirs = async () => (await theirs.allInnerTexts()).every((text) => text.includes(USER.accountNumber));
      await expect.poll(onlyTheirs).toBe(true);
      const count = await theirs.count();
      await online.reload();
      await online.getByText(`共 ${count} 条记录`).waitFor();
      expect(await search().getByLabel('账号', { exact: true }).inputValue()).toBe(USER.accountNumber);
      expect(await onlyTheirs()).toBe(true);
      await online.getByRole('button', { name: label('重置') }).click();
      await waitForHash(online, /#\/monitor\/Online$/);
      await ownRow().waitFor();
    });

    it('keeps a hidden column for the account after a reload', async () => {
      expect(await headers()).toContain('所属组织');
      await online.getByRole('button', { name: '列设置' }).click();
      const saved = online.waitForResponse(
        (r) => r.url().endsWith('/api/preferences/table.online') && r.request().method() === 'PUT',
      );
      await online.getByTestId('column-settings').getByRole('checkbox', { name: '所属组织' }).uncheck();
      expect((await saved).status()).toBe(200);
      await expect.poll(() => headers()).not.toContain('所属组织');
      await online.reload();
      await ownRow().waitFor();
      expect(await headers()).not.toContain('所属组织');
      expect(await headers()).toContain('用户名');

      await online.getByRole('button', { name: '列设置' }).click();
      await online.getByRole('button', { name: label('恢复默认') }).click();
      await expect.poll(() => headers()).toContain('所属组织');
      await online.getByRole('button', { name: '列设置' }).click();
      await online.getByTestId('column-settings').waitFor({ state: 'hidden' });
    });

    it('forces sessions out in bulk: your own is refused with the server’s reason and stays selected', async () => {
      const theirs = rows().locator('tr.ant-table-row').filter({ hasText: USER.accountName });
      const before = await theirs.count();
      await theirs.first().getByRole('checkbox').check();
      await ownRow().getByRole('checkbox').check();
      const bar = online.getByTestId('bulk-bar');
      await bar.getByText('已选择 2 项').waitFor();
      await bar.getByRole('button', { name: '批量强制下线' }).click();
      const confirm = online.getByRole('dialog').filter({ hasText: '强制下线以下 2 个会话？' });
      await confirm.getByText(`${USER.accountName}（${USER.accountNumber}）`).waitFor();
      await confirm.getByText('系统管理员（admin）').waitFor();
      await screenshot(online, 'sessions-11-bulk-confirm');
      await confirm.getByRole('button', { name: label('确定') }).click();

      await online
        .getByText('1 项已强制下线，1 项未强制下线：系统管理员（admin）：不能强制下线当前会话，请使用退出登录')
        .waitFor();
      await expect.poll(() => theirs.count()).toBe(before - 1);
      await bar.getByText('已选择 1 项').waitFor();
      expect(await ownRow().getByRole('checkbox').isChecked()).toBe(true);
      await screenshot(online, 'sessions-12-bulk-refused');
      await bar.getByRole('button', { name: '取消选择' }).click();
    });

    it('a failed load says 加载失败 with 重试, not 共 0 条; 重试 works once the server answers again', async () => {
      await online.route(listRequest, (route) => route.abort());
      await online.reload();
      const failed = rows().getByTestId('list-failed');
      await failed.waitFor();
      expect(await failed.innerText()).toBe('加载失败：网络异常');
      expect(await online.getByText(/共 \d+ 条记录/).count()).toBe(0);
      await screenshot(online, 'sessions-13-failed');
      await online.unroute(listRequest);
      await rows()
        .getByRole('button', { name: label('重试') })
        .click();
      await ownRow().waitFor();
    });
  });
});

describe('first sign-in with a generated admin password', () => {
  let server: RunningServer;
  let browser: Browser;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    // No ADMIN_PASSWORD: the server generates one and prints it once on stdout.
    server = await startServer({ LOGIN_CAPTCHA: 'off', ADMIN_PASSWORD: '' }, { captureStdout: true });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    expect(pageErrors).toEqual([]);
    expect(await server?.stop()).toBe(0);
  });

  it('asks for a new password before anything else, then continues to the wanted page', async () => {
    await expect.poll(() => server.stdout()).toMatch(/初始密码（仅显示一次）: \S+/);
    const generated = /初始密码（仅显示一次）: (\S+)/.exec(server.stdout())![1]!;
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));

    await page.goto('/#/system/Dict');
    await waitForHash(page, /#\/login\?redirect=/);
    await page.getByPlaceholder('输入用户名').fill('admin');
    await page.getByPlaceholder('输入密码').fill(generated);
    await page.getByRole('button', { name: label('登录') }).click();
    const form = page.getByTestId('initial-password');
    await form.getByText('修改初始密码').waitFor();
    // Nothing else is shown: no side menu behind the form.
    expect(await page.getByRole('menu').count()).toBe(0);

    // The password just typed is not asked again: the page starts in 新密码, and still knows it.
    expect(await form.getByLabel('当前密码').isVisible()).toBe(false);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete')))
      .toBe('new-password');
    await form.getByLabel('新密码').fill(generated);
    await form.getByLabel('确认密码').fill(generated);
    await form.getByRole('button', { name: '修改并继续' }).click();
    await form.getByText('新密码不能与当前密码相同').waitFor();
    await screenshot(page, 'sessions-05-initial-password');

    // After a reload the page has forgotten it (it was never stored): 当前密码 is asked, and checked.
    await page.reload();
    await form.getByLabel('当前密码').waitFor();
    await form.getByLabel('当前密码').fill('not-the-password');
    await form.getByLabel('新密码').fill('Chosen#Admin2026');
    await form.getByLabel('确认密码').fill('Chosen#Admin2026');
    await form.getByRole('button', { name: '修改并继续' }).click();
    await page.getByTestId('initial-refusal').waitFor();
    await screenshot(page, 'sessions-06-initial-refused');

    await form.getByLabel('当前密码').fill(generated);
    await form.getByRole('button', { name: '修改并继续' }).click();
    await page.getByText('密码已修改').waitFor();
    await expect.poll(() => page.title()).toBe('字典管理');
    await page.getByRole('menu').first().waitFor();
    await screenshot(page, 'sessions-07-after-change');

    // The new password signs in; the generated one no longer does.
    const login = (password: string) =>
      fetch(`${server.baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'admin', password }),
      });
    expect((await login('Chosen#Admin2026')).status).toBe(200);
    expect((await login(generated)).status).toBe(400);
  });
});
