// The list kit (components/list-kit) on the account screen, in Chromium against the real server: server
// sorting from a header click, column settings kept per account (a reload, another browser), a bulk delete with a
// refusal, filters restored from the URL (the one search box showing a text filter under its scope), the failed state
// and its 重试, long values on one line, the default columns fitting at 1,366 px.
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
  searchIn,
  searchScopeShows,
  signInAsAdmin,
  startServer,
  waitForHash,
} from './support.js';

/** 50 characters: must stay on one line, cut with …. */
const LONG_NUMBER = 'e2e.kit.account-number-that-is-fifty-characters-x1';
const LONG_ORG = `研发中心${'非常长的组织名称'.repeat(10)}`;
const PASSWORD = 'Kit#2026-safe';
/** Accounts the test adds besides admin, in the order they are created (the list shows newest first). */
const PEOPLE = [
  ['kit.zhao', '赵一'],
  ['kit.qian', '钱二'],
  ['kit.sun', '孙三'],
  ['kit.li', '李四'],
  ['kit.zhou', '周五'],
  [LONG_NUMBER, `长名字${'很长的用户名'.repeat(6)}`],
] as const;

describe('list kit on the account screen in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  const api = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
    apiCall(server, path, init);

  const signIn = (target: Page) => signInAsAdmin(target, '/user/Account');

  /** The table of rows (the sticky header is a table of its own, with the same name). */
  const rows = (target: Page = page) => target.getByRole('table', { name: '账号列表' }).last();
  const headerTable = (target: Page = page) => target.getByRole('table', { name: '账号列表' }).first();
  const row = (text: string, target: Page = page) => rows(target).locator('tr.ant-table-row').filter({ hasText: text });
  const firstAccountNumber = () => rows().locator('tr.ant-table-row').first().locator('td').nth(1).innerText();
  const headers = async (target: Page = page) =>
    (await headerTable(target).getByRole('columnheader').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
  const query = () => new URL(page.url().replace('#', '')).search;
  /** Whether the rows' box is narrower than its columns (the table scrolls sideways within it). */
  const scrollsSideways = () =>
    rows().evaluate((table) => {
      const box = table.closest('.ant-table-body, .ant-table-content') as HTMLElement;
      return box.scrollWidth > box.clientWidth;
    });
  /** The list request (not the preference or org requests): aborted to play a network failure. */
  const listRequest = (url: URL) => url.pathname === '/api/account/s';

  beforeAll(async () => {
    server = await startServer({ LOGIN_CAPTCHA: 'off' });
    const token = (await api('/login', {
      method: 'POST',
      body: { account: 'admin', password: ADMIN_PASSWORD },
    })) as string;
    const [root] = (await api('/orgs', { token })) as { id: number }[];
    const org = (await api('/org', { method: 'POST', token, body: { name: LONG_ORG, pid: root?.id } })) as {
      id: number;
    };
    for (const [accountNumber, accountName] of PEOPLE) {
      await api('/account', {
        method: 'POST',
        token,
        body: { accountNumber, accountName, password: PASSWORD, state: 1, orgId: org.id },
      });
    }
    browser = await launchBrowser();
    context = await newContext(browser, server.baseUrl);
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page);
  });

  afterAll(async () => {
    await browser?.close();
    expect(pageErrors).toEqual([]);
    expect(await server?.stop()).toBe(0);
  });

  it('shows long values on one line with the operation column fixed on the right (1440, 1366 and 1024 px)', async () => {
    await row(LONG_NUMBER).waitFor();
    await page.getByText(`共 ${PEOPLE.length + 1} 条记录`).waitFor();
    const heights = await rows()
      .locator('tr.ant-table-row')
      .evaluateAll((trs) => trs.map((tr) => tr.clientHeight));
    // One line each: the row of the 50-character number is as tall as admin's.
    expect(new Set(heights).size).toBe(1);
    // The default columns fit beside the full side menu, down to 1,366 px: nothing to scroll sideways.
    expect(await scrollsSideways()).toBe(false);
    await screenshot(page, 'list-kit-01-accounts-1440');
    await page.setViewportSize({ width: 1366, height: 800 });
    expect(await scrollsSideways()).toBe(false);
    await screenshot(page, 'list-kit-01b-accounts-1366');

    // At 1,024 px the page itself does not scroll sideways (the side menu shows icons only); the table is
    // narrower than its columns: it scrolls within its box, and the operation column stays at that box's right edge.
    await page.setViewportSize({ width: 1024, height: 800 });
    await row(LONG_NUMBER)
      .getByRole('button', { name: label('编辑') })
      .waitFor();
    await screenshot(page, 'list-kit-02-accounts-1024');
    const layout = await rows().evaluate((table) => {
      const box = table.closest('.ant-table-body, .ant-table-content') as HTMLElement;
      const fixed = table.querySelector('td.ant-table-cell-fix-end') as HTMLElement;
      return {
        scrolls: box.scrollWidth > box.clientWidth,
        boxRight: box.getBoundingClientRect().right,
        fixedRight: fixed.getBoundingClientRect().right,
      };
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(layout.scrolls).toBe(true);
    expect(Math.abs(layout.fixedRight - layout.boxRight)).toBeLessThanOrEqual(1);
  });

  it('sorts by 账号 on the server from a header click: sort in the URL, the first row changes', async () => {
    expect(await firstAccountNumber()).toBe(LONG_NUMBER);
    const request = page.waitForRequest(
      (r) => r.url().includes('/api/account/s?') && r.url().includes('sort=accountNumber'),
    );
    await headerTable().getByRole('columnheader', { name: '账号' }).click();
    expect((await request).url()).toContain('order=asc');
    await expect.poll(() => firstAccountNumber()).toBe('admin');
    expect(query()).toBe('?sort=accountNumber&order=asc');
    await headerTable().getByRole('columnheader', { name: '账号' }).click();
    await expect.poll(() => firstAccountNumber()).toBe('kit.zhou');
    expect(query()).toBe('?sort=accountNumber&order=desc');
    await screenshot(page, 'list-kit-03-sorted-desc');
  });

  it('restores the filters (and the sort) from the URL after a reload', async () => {
    const search = page.locator('form#accountSearch');
    await searchIn(search, '账号', 'kit.z');
    await searchBox(search).press('Enter');
    await page.getByText('共 2 条记录').waitFor();
    expect(query()).toBe('?accountNumber=kit.z&sort=accountNumber&order=desc');
    await page.reload();
    await page.getByText('共 2 条记录').waitFor();
    // The one search box shows the restored filter under its scope.
    expect(await searchBox(search).inputValue()).toBe('kit.z');
    expect(await searchScopeShows(search)).toBe('账号');
    expect(await firstAccountNumber()).toBe('kit.zhou');
    expect(await headerTable().getByRole('columnheader', { name: '账号' }).getAttribute('aria-sort')).toBe(
      'descending',
    );

    await page.goBack();
    await page.getByText(`共 ${PEOPLE.length + 1} 条记录`).waitFor();
    expect(await searchBox(search).inputValue()).toBe('');
    expect(await searchScopeShows(search)).toBe('全部');
    await page.getByRole('button', { name: label('重置') }).click();
    await waitForHash(page, /#\/user\/Account$/);
  });

  it('keeps a hidden column for the account: after a reload and in another browser', async () => {
    expect(await headers()).toContain('角色');
    await page.getByRole('button', { name: '列设置' }).click();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/preferences/table.accounts') && r.request().method() === 'PUT',
    );
    await page.getByTestId('column-settings').getByRole('checkbox', { name: '角色' }).uncheck();
    await page.getByTestId('column-settings').getByRole('button', { name: '上移「用户名」' }).click();
    expect((await saved).status()).toBe(200);
    await screenshot(page, 'list-kit-04-column-settings');
    await expect.poll(() => headers()).not.toContain('角色');

    await page.reload();
    await row('admin').waitFor();
    expect(await headers()).not.toContain('角色');
    expect((await headers()).slice(0, 2)).toEqual(['用户名', '账号']);

    const other = await newContext(browser, server.baseUrl);
    const otherPage = await other.newPage();
    await signIn(otherPage);
    await row('admin', otherPage).waitFor();
    expect(await headers(otherPage)).not.toContain('角色');
    expect((await headers(otherPage)).slice(0, 2)).toEqual(['用户名', '账号']);
    await other.close();

    // Back to the defaults for the pictures that follow.
    await page.getByRole('button', { name: '列设置' }).click();
    await page.getByRole('button', { name: label('恢复默认') }).click();
    await expect.poll(() => headers()).toContain('角色');
    await page.getByRole('button', { name: '列设置' }).click();
    await page.getByTestId('column-settings').waitFor({ state: 'hidden' });
  });

  it('reorders a column by dragging and pins one to the left edge, kept in view while the table scrolls sideways', async () => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.getByRole('button', { name: '列设置' }).click();
    const settings = page.getByTestId('column-settings');
    const item = (name: string) => settings.locator('li').filter({ has: page.getByRole('checkbox', { name }) });
    await item('角色').dragTo(item('账号'));
    await expect.poll(async () => (await headers()).slice(0, 2)).toEqual(['角色', '账号']);

    // The save that holds the pin (the drag's own save may come first, on its own, on a loaded machine).
    const saved = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/preferences/table.accounts') &&
        r.request().method() === 'PUT' &&
        (r.request().postData() ?? '').includes('"fixed":"left"'),
    );
    await settings.getByRole('button', { name: '固定在左侧「用户名」' }).click();
    expect((await saved).status()).toBe(200);
    await screenshot(page, 'list-kit-04b-column-pinned-1024');
    await page.getByRole('button', { name: '列设置' }).click();
    await settings.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await headers())[0]).toBe('用户名');

    // Scrolled to its right end, the table still shows 用户名 at its left edge (after the selection column).
    const body = page.locator('.ant-table-body, .ant-table-content').first();
    await body.evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
    });
    const pinned = page.getByRole('columnheader', { name: '用户名' }).first();
    const table = await page.locator('.ant-table').first().boundingBox();
    const box = await pinned.boundingBox();
    expect(box && table && box.x - table.x).toBeLessThan(120);
    await screenshot(page, 'list-kit-04c-pinned-scrolled-1024');

    await page.reload();
    await row('admin').waitFor();
    expect((await headers()).slice(0, 3)).toEqual(['用户名', '角色', '账号']);

    // Back to the defaults for the pictures that follow.
    await page.getByRole('button', { name: '列设置' }).click();
    await page.getByRole('button', { name: label('恢复默认') }).click();
    await expect.poll(async () => (await headers())[0]).toBe('账号');
    await page.getByRole('button', { name: '列设置' }).click();
    await settings.waitFor({ state: 'hidden' });
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('deletes in bulk with a refusal: one message names the refused account and why; it stays selected', async () => {
    await row('kit.qian').getByRole('checkbox').check();
    await row('admin').getByRole('checkbox').check();
    await page.getByTestId('bulk-bar').getByText('已选择 2 项').waitFor();
    await page.getByTestId('bulk-bar').getByRole('button', { name: '批量删除' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '删除以下 2 个账号？' });
    await confirm.getByText('钱二（kit.qian）').waitFor();
    await confirm.getByText('系统管理员（admin）').waitFor();
    await screenshot(page, 'list-kit-05-bulk-confirm');
    await confirm.getByRole('button', { name: label('确定') }).click();

    await page.getByText('1 项已删除，1 项未删除：系统管理员（admin）：内置管理员账号不能被删除').waitFor();
    await row('kit.qian').waitFor({ state: 'detached' });
    await page.getByText(`共 ${PEOPLE.length} 条记录`).waitFor();
    await page.getByTestId('bulk-bar').getByText('已选择 1 项').waitFor();
    expect(await row('admin').getByRole('checkbox').isChecked()).toBe(true);
    await screenshot(page, 'list-kit-06-bulk-refused');
    await page.getByTestId('bulk-bar').getByRole('button', { name: '取消选择' }).click();
  });

  it('names the account in the single delete confirmation', async () => {
    await row('kit.sun')
      .getByRole('button', { name: label('删除') })
      .click();
    const confirm = page.getByRole('dialog').filter({ hasText: '删除账号「孙三（kit.sun）」？' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: label('取消') }).click();
    await confirm.waitFor({ state: 'hidden' });
  });

  it('shows 暂无数据 with a hint when nothing matches', async () => {
    await page.goto('/#/user/Account?accountName=%E6%B2%A1%E6%9C%89%E8%BF%99%E4%B8%AA%E4%BA%BA');
    await page.getByText('共 0 条记录').waitFor();
    const search = page.locator('form#accountSearch');
    expect(await searchBox(search).inputValue()).toBe('没有这个人');
    expect(await searchScopeShows(search)).toBe('用户名');
    await rows().getByText('调整查询条件后重试').waitFor();
    await screenshot(page, 'list-kit-07-empty');
  });

  it('a failed load says 加载失败 with 重试, not 共 0 条; 重试 works once the server answers again', async () => {
    await page.route(listRequest, (route) => route.abort());
    await page.goto('/#/user/Account');
    await page.reload();
    const failed = rows().getByTestId('list-failed');
    await failed.waitFor();
    expect(await failed.innerText()).toBe('加载失败：网络异常');
    expect(await page.getByText(/共 \d+ 条记录/).count()).toBe(0);
    // Not the empty state: the table's placeholder says only why the load failed.
    expect(await rows().locator('.ant-empty-description').innerText()).toBe('加载失败：网络异常');
    await screenshot(page, 'list-kit-08-failed');

    await page.unroute(listRequest);
    await rows()
      .getByRole('button', { name: label('重试') })
      .click();
    await row('admin').waitFor();
    await page.getByText(`共 ${PEOPLE.length} 条记录`).waitFor();
  });

  it('a failed refresh keeps the rows under an error banner', async () => {
    await page.route(listRequest, (route) => route.abort());
    await page.getByRole('button', { name: '刷新' }).click();
    await page.getByRole('alert').filter({ hasText: '加载失败：网络异常' }).waitFor();
    await row('admin').waitFor();
    await screenshot(page, 'list-kit-09-refresh-failed');
    await page.unroute(listRequest);
    await page
      .getByRole('alert')
      .getByRole('button', { name: label('重试') })
      .click();
    await page.getByRole('alert').filter({ hasText: '加载失败' }).waitFor({ state: 'detached' });
  });

  it('full screen fills the window and Esc leaves; compact density; the dark theme', async () => {
    await page.getByRole('button', { name: '密度' }).click();
    await page.getByRole('menuitem', { name: '紧凑' }).click();
    await page.getByRole('button', { name: '全屏' }).click();
    const card = page.getByTestId('list-card');
    await expect.poll(async () => (await card.boundingBox())?.height).toBe(900);
    await screenshot(page, 'list-kit-10-full-screen-compact');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: '全屏' }).waitFor();

    await page.getByRole('button', { name: '切换到深色主题' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await row(LONG_NUMBER).hover();
    await screenshot(page, 'list-kit-11-dark');
    await page.getByRole('button', { name: '切换到浅色主题' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
  });
});
