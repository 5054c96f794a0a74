import type { Browser, Page } from 'playwright-core';
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

type Resource = { id: number; method: string | null; url: string | null; route: string | null };

/** Seeds, through the API, a role holding 角色管理 only, an account of that role and one without any role. */
async function seed(server: RunningServer) {
  let token = '';
  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.baseUrl}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { msg: string; data: T };
    if (res.status !== 200) throw new Error(`${method} ${path}: ${json.msg}`);
    return json.data;
  };
  token = await api<string>('POST', '/login', { account: 'admin', password: ADMIN_PASSWORD });
  const resources = await api<Resource[]>('GET', '/resources');
  const ids = (...keys: string[]) =>
    keys.map((key) => resources.find((r) => r.route === key || `${r.method},${r.url}` === key)!.id);
  const role = await api<{ id: number }>('POST', '/role', {
    name: '角色查看员',
    resources: ids('/user', '/user/Role', 'get,/role/s'),
  });
  for (const [accountNumber, roleId] of [
    ['ac.limited', role.id],
    ['ac.none', null],
  ] as const) {
    await api('POST', '/account', {
      accountNumber,
      accountName: accountNumber,
      password: 'Ac#2026-safe',
      orgId: 1,
      roleId,
      state: 1,
    });
  }
}

async function signIn(page: Page, account: string) {
  await page.goto('/#/login');
  await page.getByPlaceholder('输入用户名').fill(account);
  await page.getByPlaceholder('输入密码').fill('Ac#2026-safe');
  await page.getByRole('button', { name: label('登录') }).click();
}

describe('access-control mode (ACCESS_CONTROL=on) in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ LOGIN_CAPTCHA: 'off', ACCESS_CONTROL: 'on' });
    await seed(server);
    browser = await launchBrowser();
    page = await (await newContext(browser, server.baseUrl)).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    expect(await server?.stop()).toBe(0);
  });

  it('an account with no permitted route is signed out with 账号访问受限', async () => {
    await signIn(page, 'ac.none');
    // The server refuses the session; the page shows the same words as the browser-side check.
    await page.getByRole('alert').filter({ hasText: '账号访问受限, 请联系系统管理员！' }).first().waitFor();
    expect(page.url()).toMatch(/#\/login/);
    expect(await page.evaluate(() => localStorage.getItem('gatehouse_auth'))).toBeNull();
    await screenshot(page, 'ac-01-restricted');
  });

  it('a limited role gets its menus plus 首页 and 个人信息; an ungranted menu shows 403 in place, redirects retarget', async () => {
    await signIn(page, 'ac.limited');
    // 首页 is every signed-in account's: it opens, not the first granted screen.
    await waitForHash(page, /#\/$/);
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await menu.getByRole('menuitem', { name: '用户管理' }).click();
    await menu.getByText('角色管理', { exact: true }).waitFor();
    for (const hidden of ['账号管理', '组织管理', '资源管理']) {
      expect(await menu.getByText(hidden, { exact: true }).count(), hidden).toBe(0);
    }
    expect(await menu.getByText('系统设置', { exact: true }).count()).toBe(1);
    await screenshot(page, 'ac-02-limited-menu');

    await page.goto('/#/user/Account');
    await page.getByText('无权访问“账号管理”').waitFor();
    expect(page.url()).toMatch(/#\/user\/Account$/);
    // 个人信息 needs no grant.
    await page.goto('/#/system/Profile');
    await waitForHash(page, /#\/system\/Profile$/);
    await page.getByText('ac.limited').filter({ visible: true }).first().waitFor();
    // /user redirects to /user/Account, which is not permitted: retargeted to /user/Role.
    await page.goto('/#/user');
    await waitForHash(page, /#\/user\/Role$/);
  });
});

describe('permission interceptor (PERMISSION_INTERCEPTOR=on) in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const apiCalls: string[] = [];

  beforeAll(async () => {
    server = await startServer({ LOGIN_CAPTCHA: 'off', PERMISSION_INTERCEPTOR: 'on' });
    await seed(server);
    browser = await launchBrowser();
    page = await (await newContext(browser, server.baseUrl)).newPage();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) apiCalls.push(`${request.method()} ${url.pathname}`);
    });
  });
  afterAll(async () => {
    await browser?.close();
    expect(await server?.stop()).toBe(0);
  });

  it('refuses an unpermitted call in the browser with "{method,url} 请求未授权", sending nothing', async () => {
    await signIn(page, 'ac.limited');
    await waitForHash(page, /#\/$/);
    apiCalls.length = 0;
    await page.goto('/#/user/Account');
    await page.getByText('get,/account/s 请求未授权').first().waitFor();
    await screenshot(page, 'ac-03-interceptor');
    expect(apiCalls.filter((c) => c.endsWith('/api/account/s'))).toEqual([]);
    // A permitted call still goes out.
    await page.goto('/#/user/Role');
    await page.getByRole('row').filter({ hasText: '角色查看员' }).waitFor();
    expect(apiCalls).toContain('GET /api/role/s');
  });
});
