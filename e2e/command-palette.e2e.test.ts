import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  apiCall,
  label,
  launchBrowser,
  newContext,
  type RunningServer,
  screenshot,
  searchBox,
  searchScopeShows,
  signInAsAdmin,
  startServer,
  waitForHash,
} from './support.js';

/** The command palette: Ctrl+K, a search, Enter to the record's screen; only what the account may list. */
describe('command palette', () => {
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

  /** The palette's search box (the account screen's pager has a combobox of its own). */
  const paletteBox = (page: Page) =>
    page.getByRole('combobox', {
      name: /^(搜索菜单、账号（账号、用户名、手机号）、组织、角色、字典|Search menus, accounts \(number, name, mobile\), organizations, roles, dictionaries)$/,
    });

  /** The palette's search box, opened from the keyboard once the header (which listens for it) is in. */
  async function openPalette(page: Page) {
    await page.getByTestId('palette-open').waitFor();
    await page.keyboard.press('Control+k');
    const box = paletteBox(page);
    await box.waitFor();
    await expect.poll(() => box.evaluate((input) => input === document.activeElement)).toBe(true);
    return box;
  }

  beforeAll(async () => {
    server = await startServer({ LOGIN_CAPTCHA: 'off' });
    browser = await launchBrowser();
    const token = (await apiCall(server, '/login', {
      method: 'POST',
      body: { account: 'admin', password: ADMIN_PASSWORD },
    })) as string;
    const resources = (await apiCall(server, '/resources', { token })) as Array<{
      id: number;
      route: string | null;
      method: string | null;
      url: string | null;
    }>;
    const ids = (...keys: string[]) =>
      keys.map((key) => {
        const found = resources.find((r) => r.route === key || `${r.method},${r.url}` === key);
        if (!found) throw new Error(`no resource ${key}`);
        return found.id;
      });
    await apiCall(server, '/account', {
      method: 'POST',
      token,
      body: { accountNumber: 'ouyang', accountName: '欧阳明月', password: 'Oy#2026-safe', orgId: 1, state: 1 },
    });
    await apiCall(server, '/dict', { method: 'POST', token, body: { dictName: '性别', dictCode: 'gender' } });
    const role = (await apiCall(server, '/role', {
      method: 'POST',
      token,
      body: { name: '字典员', resources: ids('/system', '/system/Dict', 'get,/dict/s') },
    })) as { id: number };
    await apiCall(server, '/account', {
      method: 'POST',
      token,
      body: {
        accountNumber: 'dictonly',
        accountName: '字典专员',
        password: 'Dc#2026-safe',
        orgId: 1,
        roleId: role.id,
        state: 1,
      },
    });
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    expect(pageErrors).toEqual([]);
    expect(await server?.stop()).toBe(0);
  });

  it('Ctrl+K, part of an account name, Enter: the account screen shows that account', async () => {
    const page = await openPage();
    await signInAsAdmin(page, '/');
    const box = await openPalette(page);
    await box.fill('欧阳');
    const account = page.getByRole('group', { name: '账号' }).getByRole('option');
    await account.filter({ hasText: '欧阳明月（ouyang）' }).waitFor();
    expect(await account.count()).toBe(1);
    // The first result is the active one, its match highlighted.
    expect(await page.getByRole('option', { selected: true }).textContent()).toContain('欧阳明月（ouyang）');
    expect(await page.locator('mark.palette-match').first().textContent()).toBe('欧阳');
    await screenshot(page, 'palette-01-account-found');

    await box.press('Enter');
    await waitForHash(page, /#\/user\/Account\?accountNumber=ouyang$/);
    await expect.poll(() => box.isVisible()).toBe(false);
    await page.getByRole('row').filter({ hasText: '欧阳明月' }).waitFor();
    // The search form shows the filter it was opened with: its text in the one search box, under the scope 账号.
    const search = page.locator('form#accountSearch');
    expect(await searchBox(search).inputValue()).toBe('ouyang');
    expect(await searchScopeShows(search)).toBe('账号');
    await screenshot(page, 'palette-02-account-shown');

    // The header's button opens it too; ↓ and Enter open a menu; Esc closes and the focus goes back to the button.
    const button = page.getByRole('button', { name: '搜索菜单与记录（Ctrl+K）' });
    await button.click();
    await box.waitFor();
    await box.fill('字典');
    await page
      .getByRole('group', { name: '菜单' })
      .getByRole('option', { name: /字典管理/ })
      .waitFor();
    await box.press('Escape');
    await expect.poll(() => box.isVisible()).toBe(false);
    await expect.poll(() => button.evaluate((element) => element === document.activeElement)).toBe(true);
    await button.click();
    await box.fill('字典管理');
    await page.getByRole('option', { selected: true, name: /字典管理/ }).waitFor();
    await box.press('Enter');
    await waitForHash(page, /#\/system\/Dict$/);
  });

  it('in English and the dark theme', async () => {
    const page = await openPage();
    await signInAsAdmin(page, '/');
    await page.evaluate(() => {
      localStorage.setItem('gatehouse_locale', 'en-US');
      localStorage.setItem('gatehouse_theme', 'dark');
    });
    await page.reload();
    await page.getByRole('button', { name: 'Search menus and records (Ctrl+K)' }).waitFor();
    const box = await openPalette(page);
    await box.fill('ou');
    await page
      .getByRole('group', { name: 'Accounts' })
      .getByRole('option', { name: /欧阳明月 \(ouyang\)/ })
      .waitFor();
    await page
      .getByRole('group', { name: 'Menus' })
      .getByRole('option', { name: /Resources/ })
      .waitFor();
    await screenshot(page, 'palette-03-en-dark');
    await box.fill('zzz-nothing');
    await page.getByText('No menu or record matches “zzz-nothing”').waitFor();
    await screenshot(page, 'palette-04-en-dark-empty');
  });

  it('a narrow role sees no account results, and its palette never asks for them', async () => {
    const page = await openPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/')) asked.push(path);
    });
    await page.goto('/#/login?redirect=%2F');
    await page.getByPlaceholder('输入用户名').fill('dictonly');
    await page.getByPlaceholder('输入密码').fill('Dc#2026-safe');
    await page.getByRole('button', { name: label('登录') }).click();
    await page.waitForFunction(() => location.hash === '#/', undefined, { timeout: 60_000 });
    const box = await openPalette(page);
    await box.fill('欧阳');
    await page.getByText('没有与“欧阳”匹配的菜单或记录').waitFor();
    await screenshot(page, 'palette-05-narrow-no-accounts');
    await box.fill('性别');
    await page.getByRole('group', { name: '字典' }).getByRole('option', { name: /性别/ }).waitFor();
    expect(await page.getByRole('group', { name: '账号' }).count()).toBe(0);
    expect(await page.getByRole('group', { name: '角色' }).count()).toBe(0);
    await screenshot(page, 'palette-06-narrow-dicts');
    expect(asked.filter((path) => path === '/api/account/s' || path === '/api/role/s')).toEqual([]);
    await box.press('Enter');
    await waitForHash(page, /#\/system\/Dict\?dictName=%E6%80%A7%E5%88%AB$/);
    await page.getByRole('row').filter({ hasText: 'gender' }).waitFor();
  });
});
