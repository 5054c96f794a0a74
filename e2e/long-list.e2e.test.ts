import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLongList, LONG_LIST_LAST as lastName, LONG_LIST_ROWS as ROWS, scrollTreeToEnd } from './frontend-perf.js';
import {
  ADMIN_PASSWORD,
  label,
  launchBrowser,
  newContext,
  type RunningServer,
  screenshot,
  startServer,
} from './support.js';

/**
 * A tree of 10,000 rows scrolls smoothly because it is virtual — the resource screen's permission tree
 * and the role dialog's checkable tree hold every resource of the system. The resources are written straight into
 * the server's SQLite file (the API would take minutes for 10,000 creations); the screens read them through the API.
 *
 * What is held here does not depend on the machine's speed: the DOM keeps a window of rows, never the list, from the
 * top to the last row. How smoothly it scrolls (the frame interval) is a figure of the machine as much as of the
 * code: `npm run bench` measures it with the same data and scroll loop (bench/long-list.ts, docs/testing.md).
 */
describe('virtualised long lists in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startServer({ LOGIN_CAPTCHA: 'off' });
    addLongList(join(server.dataDir, 'gatehouse.db'));

    browser = await launchBrowser();
    page = await (await newContext(browser, server.baseUrl)).newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto('/#/login');
    await page.getByPlaceholder('输入用户名').fill('admin');
    await page.getByPlaceholder('输入密码').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: label('登录') }).click();
    await page.waitForFunction(() => location.hash === '#/');
  });

  afterAll(async () => {
    await browser?.close();
    expect(pageErrors).toEqual([]);
    expect(await server?.stop()).toBe(0);
  });

  /** Scrolls the tree in `scope` from its top to its last row; the DOM holds a window of rows at every step. */
  async function expectVirtualToTheEnd(scope: Locator) {
    const holder = scope.locator('.ant-tree-list-holder');
    await holder.waitFor();
    const before = await holder.locator('.ant-tree-treenode').count();
    expect(before).toBeGreaterThan(5);
    expect(before).toBeLessThan(200);

    // Strides of about 170 rows: some 60 positions from the top to the last row, each rendered before the next
    // (the bench scrolls in flings of 600 px to time the frames).
    const { most, height } = await scrollTreeToEnd(holder, 4_800);
    // 10,000 rows of ~28 px: the holder scrolls the whole list while the DOM keeps a window of it.
    expect(height).toBeGreaterThan(ROWS * 20);
    expect(most).toBeLessThan(200);
    await holder.locator('.ant-tree-treenode').filter({ hasText: lastName }).waitFor();
  }

  it('scrolls the resource screen’s tree of 10,000 rows to its last row, keeping a window of rows in the DOM', async () => {
    await page.goto('/#/user/Resource');
    const tree = page.locator('.ant-tree').first();
    // The builtin resources come first; the 10,000 are further down, not yet in the DOM.
    await tree.locator('.ant-tree-list-holder .ant-tree-treenode').first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'long-01-resource-tree-top');
    await expectVirtualToTheEnd(tree);
    await screenshot(page, 'long-02-resource-tree-end');
  });

  it('scrolls the role dialog’s checkable tree of 10,000 rows to its last row the same way', async () => {
    await page.goto('/#/user/Role');
    await page.getByRole('button', { name: '+ 添加' }).click();
    const dialog = page.getByRole('dialog', { name: /^(添加|修改)角色$/ });
    await dialog.locator('.ant-tree-list-holder .ant-tree-treenode').first().waitFor({ timeout: 30_000 });
    await expectVirtualToTheEnd(dialog);
    // The last row can be granted like any other.
    const last = dialog.getByRole('treeitem').filter({ hasText: lastName });
    await last.getByRole('checkbox').click();
    await expect.poll(() => last.getByRole('checkbox').getAttribute('aria-checked')).toBe('true');
    await screenshot(page, 'long-03-role-dialog-tree-end');
  });
});
