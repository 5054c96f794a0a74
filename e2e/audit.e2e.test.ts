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
  waitForHash,
} from './support.js';

/** A session id as long as the contract allows: its refused force-out leaves a long url in the trail. */
const LONG_SESSION_ID = `e2e-audit-${'long-session-id-'.repeat(4)}`.slice(0, 64);

describe('操作日志 in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  /** The table of rows (the sticky header is a table of its own, with the same name). */
  const rows = (target: Page = page) => target.getByRole('table', { name: '操作日志列表' }).last();
  const headerTable = (target: Page = page) => target.getByRole('table', { name: '操作日志列表' }).first();
  const firstRow = () => rows().locator('tr.ant-table-row').first();
  const headers = async (target: Page = page) =>
    (await headerTable(target).getByRole('columnheader').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
  const query = () => new URL(page.url().replace('#', '')).search;
  const search = (target: Page = page) => target.locator('form#auditSearch');
  /** The list request (not the preference request): aborted to play a network failure. */
  const listRequest = (url: URL) => url.pathname === '/api/audit/s';

  /**
   * The page keeps its 1200 px minimum (global.css, the reference layout), so at 1024 px the table is narrower
   * than its columns: it scrolls sideways inside its card while the operation column stays at its right edge.
   */
  const expectFixedActions = async () => {
    const scroller = page.getByRole('table', { name: '操作日志列表' }).last().locator('xpath=..');
    const [scrollWidth, clientWidth] = await scroller.evaluate((element) => [element.scrollWidth, element.clientWidth]);
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    const edge = await scroller.boundingBox();
    const fixed = await rows().locator('td.ant-table-cell-fix-end').first().boundingBox();
    expect(Math.round((fixed?.x ?? 0) + (fixed?.width ?? 0))).toBeLessThanOrEqual(
      Math.round((edge?.x ?? 0) + (edge?.width ?? 0)),
    );
  };

  const api = async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${server.baseUrl}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as { code: number; msg: string; data: unknown };
  };

  beforeAll(async () => {
    server = await startServer({ LOGIN_CAPTCHA: 'off' });
    const token = (await api('POST', '/login', undefined, { account: 'admin', password: ADMIN_PASSWORD }))
      .data as string;
    const orgs = (await api('GET', '/orgs', token)).data as Array<{ id: number }>;
    const created = await api('POST', '/account', token, {
      accountNumber: 'e2e.audit',
      accountName: '审计对象',
      password: 'Audit#2026-e2e',
      orgId: orgs[0]!.id,
      state: 1,
    });
    expect(created.code, created.msg).toBe(200);
    const reset = await api('PUT', '/account/reset', token, { id: (created.data as { id: number }).id });
    expect(reset.code, reset.msg).toBe(200);
    // Refused (no such session), and recorded with its long url.
    const forced = await api('DELETE', `/online?id=${LONG_SESSION_ID}`, token);
    expect(forced.code).not.toBe(200);
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

  it('admin edits an account', async () => {
    await page.goto('/#/user/Account');
    await page.getByPlaceholder('输入用户名').fill('admin');
    await page.getByPlaceholder('输入密码').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: label('登录') }).click();
    await waitForHash(page, /#\/user\/Account$/);
    await page
      .getByRole('row')
      .filter({ hasText: 'e2e.audit' })
      .getByRole('button', { name: label('编辑') })
      .click();
    const dialog = page.getByRole('dialog', { name: /^(添加|修改)账号$/ });
    await dialog.getByLabel('用户名', { exact: true }).fill('审计对象（已改）');
    await dialog.getByRole('button', { name: label('确定') }).click();
    await page.getByText('编辑成功').waitFor();
  });

  it('opens 操作日志 from the menu, shows the trail on one line per entry, and an empty result in Chinese', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const menu = page.getByRole('menu').first();
    await menu.getByText('系统监控', { exact: true }).click();
    await menu.getByText('操作日志', { exact: true }).click();
    await waitForHash(page, /#\/monitor\/OperLog$/);
    await expect.poll(() => page.title()).toBe('操作日志');
    await rows().getByRole('row').filter({ hasText: '编辑账号' }).first().waitFor();
    expect(await headers()).toEqual([
      '操作时间',
      '操作人',
      '代操作人',
      '操作',
      '请求',
      '对象',
      '结果',
      'IP',
      '浏览器',
      '详情',
    ]);
    // The long url stays on one line: its row is as tall as the others.
    const longRow = rows()
      .locator('tr.ant-table-row')
      .filter({ hasText: LONG_SESSION_ID.slice(0, 20) });
    await longRow.waitFor();
    const heights = await rows()
      .locator('tr.ant-table-row')
      .evaluateAll((trs) => trs.map((tr) => tr.clientHeight));
    expect(new Set(heights).size).toBe(1);
    // Hovering shows the whole url.
    await longRow
      .getByText(/\/api\/online\?id=/)
      .last()
      .hover();
    await page
      .getByRole('tooltip')
      .filter({ hasText: `/api/online?id=${LONG_SESSION_ID}` })
      .waitFor();
    await screenshot(page, 'audit-01-list-1440');

    await page.setViewportSize({ width: 1024, height: 800 });
    await page.mouse.move(0, 0);
    await page.getByRole('tooltip').waitFor({ state: 'hidden' });
    await expectFixedActions();
    await screenshot(page, 'audit-02-list-1024');
    await page.setViewportSize({ width: 1440, height: 900 });

    await search().getByLabel('操作人').fill('nobody-here');
    await page.getByRole('button', { name: label('查询') }).click();
    await page.getByText('共 0 条记录').waitFor();
    await rows().getByText('调整查询条件后重试').waitFor();
    await screenshot(page, 'audit-03-empty');
    await page.getByRole('button', { name: label('重置') }).click();
    await rows().getByRole('row').filter({ hasText: '编辑账号' }).first().waitFor();
  });

  it('sorts by 操作时间 on the server from a header click: sort in the URL, the first row changes', async () => {
    const newest = await firstRow().innerText();
    const request = page.waitForRequest((r) => r.url().includes('/api/audit/s?') && r.url().includes('sort=at'));
    await headerTable().getByRole('columnheader', { name: '操作时间' }).click();
    expect((await request).url()).toContain('order=asc');
    await expect.poll(() => firstRow().innerText()).not.toBe(newest);
    expect(query()).toBe('?sort=at&order=asc');
    const oldest = await firstRow().innerText();
    // Times read YYYY/MM/DD HH:mm:ss, so their text orders as they do.
    expect(oldest.slice(0, 19) <= newest.slice(0, 19)).toBe(true);
    await screenshot(page, 'audit-04-sorted-oldest-first');
    await headerTable().getByRole('columnheader', { name: '操作时间' }).click();
    await expect.poll(() => query()).toBe('?sort=at&order=desc');
    await expect.poll(() => firstRow().innerText()).toBe(newest);
    await page.getByRole('button', { name: label('重置') }).click();
    await waitForHash(page, /#\/monitor\/OperLog$/);
  });

  it('keeps a hidden column for the account: after a reload and in another browser', async () => {
    expect(await headers()).toContain('代操作人');
    await page.getByRole('button', { name: '列设置' }).click();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/preferences/table.audit') && r.request().method() === 'PUT',
    );
    await page.getByTestId('column-settings').getByRole('checkbox', { name: '代操作人' }).uncheck();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => headers()).not.toContain('代操作人');
    await screenshot(page, 'audit-05-column-settings');

    await page.reload();
    await rows().getByRole('row').filter({ hasText: '编辑账号' }).first().waitFor();
    expect(await headers()).not.toContain('代操作人');

    const other = await newContext(browser, server.baseUrl);
    const otherPage = await other.newPage();
    otherPage.on('pageerror', (error) => pageErrors.push(error.message));
    await otherPage.goto('/#/login?redirect=/monitor/OperLog');
    await otherPage.getByPlaceholder('输入用户名').fill('admin');
    await otherPage.getByPlaceholder('输入密码').fill(ADMIN_PASSWORD);
    await otherPage.getByRole('button', { name: label('登录') }).click();
    await rows(otherPage).getByRole('row').filter({ hasText: '编辑账号' }).first().waitFor();
    expect(await headers(otherPage)).not.toContain('代操作人');
    expect(await headers(otherPage)).toContain('操作人');
    await other.close();

    await page.getByRole('button', { name: '列设置' }).click();
    await page.getByRole('button', { name: label('恢复默认') }).click();
    await expect.poll(() => headers()).toContain('代操作人');
    await page.getByRole('button', { name: '列设置' }).click();
    await page.getByTestId('column-settings').waitFor({ state: 'hidden' });
  });

  it('filters by actor, operation, outcome and date range, kept in the URL through a reload; then the edit’s before / after', async () => {
    await search().getByLabel('操作人').fill('admin');
    await search().getByLabel('操作', { exact: true }).fill('编辑账号');
    await search().getByLabel('结果').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '成功' }).click();
    // The date range: today, typed into the RangePicker (whole days, the first day's start to the last day's end).
    const now = new Date();
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    const start = search().getByPlaceholder('开始日期');
    await start.click();
    await start.fill(today);
    await start.press('Enter');
    const end = search().getByPlaceholder('结束日期');
    await end.fill(today);
    await end.press('Enter');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: label('查询') }).click();
    await page.getByText('共 1 条记录').waitFor();
    const url = query();
    for (const part of ['accountNumber=admin', 'outcome=success', 'from=', 'to=']) expect(url).toContain(part);

    // A reload keeps the filters: the same row, the form showing them.
    await page.reload();
    await page.getByText('共 1 条记录').waitFor();
    expect(await search().getByLabel('操作人').inputValue()).toBe('admin');
    expect(await search().getByLabel('操作', { exact: true }).inputValue()).toBe('编辑账号');
    expect(await search().getByPlaceholder('开始日期').inputValue()).toBe(today);
    await search().getByText('成功').waitFor();
    const row = rows().getByRole('row').filter({ hasText: '编辑账号' });
    await row.getByText('e2e.audit').waitFor();
    await row.getByText('成功').waitFor();
    await row.getByText('PUT').waitFor();
    await screenshot(page, 'audit-06-filtered');

    await row.getByRole('button', { name: label('详情') }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: '操作详情' });
    await drawer.getByText('操作详情 — 编辑账号').waitFor();
    const diff = drawer.getByRole('table').last();
    const nameRow = diff.getByRole('row').filter({ hasText: '用户名' });
    await nameRow.getByText('审计对象', { exact: true }).waitFor();
    await nameRow.getByText('审计对象（已改）', { exact: true }).waitFor();
    for (const header of ['字段', '修改前', '修改后']) await drawer.getByText(header, { exact: true }).waitFor();
    await screenshot(page, 'audit-07-detail');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('exports the filtered trail as CSV with a BOM', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        // The list kit's 导出 menu: CSV.
        await page.getByRole('button', { name: label('导出') }).click();
        await page.getByText('CSV (.csv)', { exact: true }).click();
      })(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^操作日志-\d{8}\.csv$/);
    const path = await download.path();
    const bytes = readFileSync(path);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toMatch(/^时间,操作人,代操作人,操作,/);
    // The filters hold: one row, the edit of e2e.audit, with its diff.
    const records = lines.slice(1).filter((line) => /^\d{4}-/.test(line));
    expect(records).toHaveLength(1);
    expect(records[0]).toContain(',admin,,编辑账号,PUT,/api/account,account,');
    expect(lines.join('\n')).toContain('accountName: 审计对象 → 审计对象（已改）');
    await page.getByText(/已导出 操作日志-\d{8}\.csv/).waitFor();
    await screenshot(page, 'audit-08-exported');
  });

  it('shows a password reset with the password masked as ******', async () => {
    await page.getByRole('button', { name: label('重置') }).click();
    await search().getByLabel('操作', { exact: true }).fill('重置密码');
    await page.getByRole('button', { name: label('查询') }).click();
    await page.getByText('共 1 条记录').waitFor();
    await rows()
      .getByRole('row')
      .filter({ hasText: '重置密码' })
      .getByRole('button', { name: label('详情') })
      .click();
    const drawer = page.getByRole('dialog').filter({ hasText: '操作详情' });
    const passwordRow = drawer.getByRole('table').last().getByRole('row').filter({ hasText: '密码' });
    await expect.poll(() => passwordRow.getByText('******', { exact: true }).count()).toBe(2);
    await screenshot(page, 'audit-09-masked');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('a failed load says 加载失败 with 重试, not 共 0 条; 重试 works once the server answers again', async () => {
    await page.route(listRequest, (route) => route.abort());
    await page.goto('/#/monitor/OperLog');
    await page.reload();
    const failed = rows().getByTestId('list-failed');
    await failed.waitFor();
    expect(await failed.innerText()).toBe('加载失败：网络异常');
    expect(await page.getByText(/共 \d+ 条记录/).count()).toBe(0);
    await screenshot(page, 'audit-10-failed');

    await page.unroute(listRequest);
    await rows()
      .getByRole('button', { name: label('重试') })
      .click();
    await rows().getByRole('row').filter({ hasText: '编辑账号' }).first().waitFor();
    await page.getByText(/共 \d+ 条记录/).waitFor();
  });

  it('reads well in the dark theme', async () => {
    await page.getByRole('button', { name: '切换到深色主题' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await rows()
      .locator('tr.ant-table-row')
      .filter({ hasText: LONG_SESSION_ID.slice(0, 20) })
      .hover();
    await screenshot(page, 'audit-11-dark');
    await page.getByRole('button', { name: '切换到浅色主题' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
  });
});
