import { readFileSync } from 'node:fs';
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

describe('操作日志 in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

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
    browser = await launchBrowser();
    const context = await newContext(browser, server.baseUrl);
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
    const dialog = page.getByRole('dialog', { name: '账号信息' });
    await dialog.getByLabel('用户名', { exact: true }).fill('审计对象（已改）');
    await dialog.getByRole('button', { name: label('确定') }).click();
    await page.getByText('编辑成功').waitFor();
  });

  it('opens 操作日志 from the menu, shows the trail, and an empty result in Chinese', async () => {
    const menu = page.getByRole('menu').first();
    await menu.getByText('系统监控', { exact: true }).click();
    await menu.getByText('操作日志', { exact: true }).click();
    await waitForHash(page, /#\/monitor\/OperLog$/);
    await expect.poll(() => page.title()).toBe('操作日志');
    await page.getByRole('row').filter({ hasText: '编辑账号' }).first().waitFor();
    for (const column of ['时间', '操作人', '代操作人', '操作', '请求', '对象', '结果', 'IP', '浏览器']) {
      await page.getByRole('columnheader', { name: column, exact: true }).waitFor();
    }
    await screenshot(page, 'audit-01-list');

    await page.getByLabel('操作人').fill('nobody-here');
    await page.getByRole('button', { name: label('查询') }).click();
    await page.getByText('暂无操作日志').waitFor();
    await page.getByText('共 0 条记录').waitFor();
    await screenshot(page, 'audit-02-empty');
    await page.getByRole('button', { name: label('重置') }).click();
    await page.getByRole('row').filter({ hasText: '编辑账号' }).first().waitFor();
  });

  it('filters by actor, operation, outcome and time range, then shows the before / after of the edit', async () => {
    await page.getByLabel('操作人').fill('admin');
    await page.getByLabel('操作', { exact: true }).fill('编辑账号');
    await page.getByLabel('结果').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '成功' }).click();
    // The time range: from an hour ago to an hour ahead, typed into the RangePicker.
    const fmt = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} ${String(
        d.getHours(),
      ).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
    const start = page.getByPlaceholder('开始时间');
    await start.click();
    await start.fill(fmt(new Date(Date.now() - 3_600_000)));
    await start.press('Enter');
    const end = page.getByPlaceholder('结束时间');
    await end.fill(fmt(new Date(Date.now() + 3_600_000)));
    await end.press('Enter');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: label('查询') }).click();
    await page.getByText('共 1 条记录').waitFor();
    const row = page.getByRole('row').filter({ hasText: '编辑账号' });
    await row.getByText('e2e.audit').waitFor();
    await row.getByText('成功').waitFor();
    await row.getByText('PUT').waitFor();
    await screenshot(page, 'audit-03-filtered');

    await row.getByRole('button', { name: label('详情') }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: '操作详情' });
    await drawer.getByText('操作详情 — 编辑账号').waitFor();
    const diff = drawer.getByRole('table').last();
    const nameRow = diff.getByRole('row').filter({ hasText: '用户名' });
    await nameRow.getByText('审计对象', { exact: true }).waitFor();
    await nameRow.getByText('审计对象（已改）', { exact: true }).waitFor();
    for (const header of ['字段', '修改前', '修改后']) await drawer.getByText(header, { exact: true }).waitFor();
    await screenshot(page, 'audit-04-detail');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('exports the filtered trail as CSV with a BOM', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: label('导出 CSV') }).click(),
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
    await screenshot(page, 'audit-05-exported');
  });

  it('shows a password reset with the password masked as ******', async () => {
    await page.getByRole('button', { name: label('重置') }).click();
    await page.getByLabel('操作', { exact: true }).fill('重置密码');
    await page.getByRole('button', { name: label('查询') }).click();
    await page.getByText('共 1 条记录').waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: '重置密码' })
      .getByRole('button', { name: label('详情') })
      .click();
    const drawer = page.getByRole('dialog').filter({ hasText: '操作详情' });
    const passwordRow = drawer.getByRole('table').last().getByRole('row').filter({ hasText: '密码' });
    await expect.poll(() => passwordRow.getByText('******', { exact: true }).count()).toBe(2);
    await screenshot(page, 'audit-06-masked');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });
});
