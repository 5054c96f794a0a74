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
} from './support.js';

/** Menus and buttons follow a role change without signing in again. */
describe('permissions change while signed in', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let admin: string;
  let roleId: number;
  let resources: Array<{ id: number; method: string | null; url: string | null; route: string | null }>;

  async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${server.baseUrl}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(admin ? { authorization: admin } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; msg: string; data: T };
    if (res.status !== 200) throw new Error(`${method} ${path}: ${json.msg}`);
    return json.data;
  }
  const ids = (...keys: string[]) =>
    keys.map((key) => resources.find((r) => r.route === key || `${r.method},${r.url}` === key)!.id);

  beforeAll(async () => {
    server = await startServer({ LOGIN_CAPTCHA: 'off' });
    browser = await launchBrowser();
    admin = '';
    admin = await api<string>('POST', '/login', { account: 'admin', password: ADMIN_PASSWORD });
    resources = await api('GET', '/resources');
    roleId = (
      await api<{ id: number }>('POST', '/role', {
        name: '只读账号',
        resources: ids('/user', '/user/Account', 'get,/account/s'),
      })
    ).id;
    await api('POST', '/account', {
      accountNumber: 'reader',
      accountName: '只读用户',
      password: 'Rd#2026-safe',
      orgId: 1,
      roleId,
      state: 1,
    });
    page = await (await newContext(browser, server.baseUrl)).newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows only what the role grants, then what it grants after the administrator widens it', async () => {
    await page.goto('/#/login?redirect=%2Fuser%2FAccount');
    await page.getByPlaceholder('输入用户名').fill('reader');
    await page.getByPlaceholder('输入密码').fill('Rd#2026-safe');
    await page.getByRole('button', { name: label('登录') }).click();
    await page.getByRole('row').filter({ hasText: 'reader' }).waitFor();
    const menu = page.getByRole('menu').first();
    await menu.getByText('账号管理', { exact: true }).waitFor();
    expect(await menu.getByText('组织管理', { exact: true }).count()).toBe(0);
    // 系统设置 holds only the personal page, which every signed-in account has; not 字典管理.
    await menu.getByText('系统设置', { exact: true }).click();
    await menu.getByText('个人信息', { exact: true }).waitFor();
    expect(await menu.getByText('字典管理', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '+ 添加' }).count()).toBe(0);
    await screenshot(page, 'perm-01-reader-before');

    await api('PUT', '/role', {
      id: roleId,
      name: '只读账号',
      resources: ids('/user', '/user/Account', 'get,/account/s', 'post,/account', '/user/Organization', 'get,/orgs'),
    });

    // Any next call carries the new permission stamp; the menus and buttons follow.
    await page.getByRole('button', { name: '查询' }).click();
    await page.getByRole('button', { name: '+ 添加' }).waitFor();
    await menu.getByText('用户管理', { exact: true }).click();
    await menu.getByText('组织管理', { exact: true }).waitFor();
    await screenshot(page, 'perm-02-reader-after');
  });
});
