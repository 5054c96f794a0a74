import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Locator, Page } from 'playwright-core';
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

const ROWS = 10_000;
const lastName = `批量接口 ${String(ROWS).padStart(5, '0')}`;

/**
 * Issue 8: a tree of 10,000 rows scrolls smoothly because it is virtual — the resource screen's permission tree
 * and the role dialog's checkable tree hold every resource of the system. The resources are written straight into
 * the server's SQLite file (the API would take minutes for 10,000 creations); the screens read them through the API.
 */
describe('virtualised long lists in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startServer({ LOGIN_CAPTCHA: 'off' });
    const db = new Database(join(server.dataDir, 'gatehouse.db'));
    db.pragma('busy_timeout = 5000');
    // A root menu of its own, ordered last, so its 10,000 APIs are the last rows of every resource tree.
    const parent = db
      .prepare(
        "INSERT INTO resource (pid, name, type, route, order_num, builtin) VALUES (NULL, '批量菜单', 0, '/bulk', 9999, 0) RETURNING id",
      )
      .get() as { id: number };
    const insert = db.prepare(
      "INSERT INTO resource (pid, name, type, route, method, url, remark, order_num, builtin) VALUES (?, ?, 1, NULL, 'GET', ?, NULL, ?, 0)",
    );
    db.transaction(() => {
      for (let n = 1; n <= ROWS; n += 1) {
        insert.run(parent.id, `批量接口 ${String(n).padStart(5, '0')}`, `/api/bulk/${n}`, 1000 + n);
      }
    })();
    db.close();

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

  /**
   * Scrolls the virtual list's holder to its end in steps of 600 px (about 21 rows: a fast fling), one per
   * animation frame, and answers the intervals
   * between frames and the most tree rows the DOM held at any step.
   */
  function scrollToEnd(holder: Locator) {
    return holder.evaluate(async (element) => {
      const rowsInDom = () => element.querySelectorAll('.ant-tree-treenode').length;
      const intervals: number[] = [];
      let most = rowsInDom();
      let last = await new Promise<number>((r) => requestAnimationFrame(r));
      while (element.scrollTop + element.clientHeight < element.scrollHeight - 1) {
        element.scrollTop += 600;
        const now = await new Promise<number>((r) => requestAnimationFrame(r));
        intervals.push(now - last);
        last = now;
        most = Math.max(most, rowsInDom());
      }
      return { intervals, most, height: element.scrollHeight };
    });
  }

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

  async function expectSmoothToTheEnd(scope: Locator, name: string) {
    const holder = scope.locator('.ant-tree-list-holder');
    await holder.waitFor();
    const before = await holder.locator('.ant-tree-treenode').count();
    expect(before).toBeGreaterThan(5);
    expect(before).toBeLessThan(200);

    const { intervals, most, height } = await scrollToEnd(holder);
    const frame = median(intervals);
    console.log(
      `${name}: ${intervals.length} frames over ${height}px, median frame ${frame.toFixed(1)} ms, at most ${most} rows in the DOM`,
    );
    // 10,000 rows of ~28 px: the holder scrolls the whole list while the DOM keeps a window of it.
    expect(height).toBeGreaterThan(ROWS * 20);
    expect(most).toBeLessThan(200);
    await holder.locator('.ant-tree-treenode').filter({ hasText: lastName }).waitFor();
    expect(frame).toBeLessThanOrEqual(50);
  }

  it('scrolls the resource screen’s tree of 10,000 rows to its last row, keeping a window of rows in the DOM', async () => {
    await page.goto('/#/user/Resource');
    const tree = page.locator('.ant-tree').first();
    // The builtin resources come first; the 10,000 are further down, not yet in the DOM.
    await tree.locator('.ant-tree-list-holder .ant-tree-treenode').first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'long-01-resource-tree-top');
    await expectSmoothToTheEnd(tree, 'resource screen tree');
    await screenshot(page, 'long-02-resource-tree-end');
  }, 120_000);

  it('scrolls the role dialog’s checkable tree of 10,000 rows to its last row the same way', async () => {
    await page.goto('/#/user/Role');
    await page.getByRole('button', { name: '+ 添加' }).click();
    const dialog = page.getByRole('dialog', { name: '权限信息' });
    await dialog.locator('.ant-tree-list-holder .ant-tree-treenode').first().waitFor({ timeout: 30_000 });
    await expectSmoothToTheEnd(dialog, 'role dialog tree');
    // The last row can be granted like any other.
    const last = dialog.getByRole('treeitem').filter({ hasText: lastName });
    await last.getByRole('checkbox').click();
    await expect.poll(() => last.getByRole('checkbox').getAttribute('aria-checked')).toBe('true');
    await screenshot(page, 'long-03-role-dialog-tree-end');
  }, 120_000);
});
