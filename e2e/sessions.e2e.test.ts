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
    await admin.getByText('当前共 2 个在线会话').waitFor();
    // Your own current session has no 强制下线 button.
    expect(await adminRow.getByRole('button', { name: '强制下线' }).count()).toBe(0);
    await screenshot(admin, 'sessions-01-online');

    await admin.getByLabel('账号', { exact: true }).fill(USER.accountNumber);
    await admin.getByRole('button', { name: label('查询') }).click();
    await admin.getByText('当前共 1 个在线会话').waitFor();
    await victimRow.getByRole('button', { name: '强制下线' }).click();
    await admin
      .getByText(`确定强制下线 ${USER.accountName}（${USER.accountNumber}）的这个会话吗？`, { exact: false })
      .waitFor();
    await screenshot(admin, 'sessions-02-force-confirm');
    await confirmDialog(admin);
    await admin.getByText('已强制下线').waitFor();
    await admin.getByText('暂无在线会话').waitFor();

    // The victim's next request (the reload's permission check) answers 401: the app signs out.
    await victim.reload();
    await waitForHash(victim, /#\/login/);
    await victim.getByPlaceholder('输入用户名').waitFor();
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

    await form.getByLabel('当前密码').fill(generated);
    await form.getByLabel('新密码').fill(generated);
    await form.getByLabel('确认密码').fill(generated);
    await form.getByRole('button', { name: '修改并继续' }).click();
    await form.getByText('新密码不能与当前密码相同').waitFor();
    await screenshot(page, 'sessions-05-initial-password');

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
