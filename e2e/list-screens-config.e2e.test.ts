// The list kit on the role, dictionary (and item), organisation and resource screens, and on the screen derived for a
// descriptor-served entity (岗位), in Chromium against the real server: server sorting, column settings kept per
// account (a reload, another browser), filters restored from the URL, the failed state and its 重试, named delete
// confirmations, long values on one line with the operation column fixed, at 1440, 1024 and 768 px and in the dark
// theme.
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  apiCall,
  label,
  launchBrowser,
  newContext,
  type RunningServer,
  screenshot,
  shownPage,
  signInAsAdmin,
  startServer,
} from './support.js';

/** 200 characters: must stay on one line, cut with …. */
const LONG_REMARK = '这是一段用来检验表格单行显示的很长的备注文字'.repeat(10).slice(0, 200);
const ROLE = '报表查看员';
/** Dictionaries the test adds, in the order they are created (the list shows them by id). */
const DICTS = [
  ['区域', 'zone', LONG_REMARK],
  ['币种', 'currency', '结算币种'],
  ['审批状态', 'approval_state', null],
  ['门店类型', 'store_type', '直营、加盟'],
] as const;

describe('role, dictionary, organisation and resource lists in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  const pageErrors: string[] = [];

  const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
    apiCall(server, path, { ...init, token });

  const signIn = (target: Page) => signInAsAdmin(target, '/system/Dict');

  /** The table of rows named `name` (the sticky header is a table of its own, with the same name). */
  const rows = (name: string, target: Page = page) => target.getByRole('table', { name }).last();
  const headerTable = (name: string, target: Page = page) => target.getByRole('table', { name }).first();
  const row = (name: string, text: string, target: Page = page) =>
    rows(name, target).locator('tr.ant-table-row').filter({ hasText: text });
  const headers = async (name: string, target: Page = page) =>
    (await headerTable(name, target).getByRole('columnheader').allInnerTexts())
      .map((text) => text.trim())
      .filter(Boolean);
  const query = () => new URL(page.url().replace('#', '')).search;
  const dictCodes = () =>
    rows('字典列表')
      .locator('tr.ant-table-row')
      .evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[2]?.textContent ?? ''));
  /** The dictionary list request (not the preference or item requests): aborted to play a network failure. */
  const dictListRequest = (url: URL) => url.pathname === '/api/dict/s';

  /** The layout at the current width: does the table scroll sideways, and does the fixed column end at its box? */
  const fixedColumnLayout = (name: string) =>
    rows(name).evaluate((table) => {
      const box = table.closest('.ant-table-body, .ant-table-content') as HTMLElement;
      const fixed = table.querySelector('td.ant-table-cell-fix-end') as HTMLElement;
      return {
        scrolls: box.scrollWidth > box.clientWidth,
        boxRight: box.getBoundingClientRect().right,
        fixedRight: fixed.getBoundingClientRect().right,
      };
    });

  beforeAll(async () => {
    server = await startServer({ LOGIN_CAPTCHA: 'off' });
    token = (await api('/login', { method: 'POST', body: { account: 'admin', password: ADMIN_PASSWORD } })) as string;
    for (const [dictName, dictCode, remark] of DICTS) {
      await api('/dict', { method: 'POST', body: { dictName, dictCode, remark } });
    }
    for (const value of ['华东', '华南', '华北']) {
      await api('/dict/item', { method: 'POST', body: { dictCode: 'zone', value } });
    }
    const resources = (await api('/resources')) as { id: number; url: string | null }[];
    const roleList = resources.find((r) => r.url === '/role/s');
    await api('/role', { method: 'POST', body: { name: ROLE, remark: LONG_REMARK, resources: [roleList?.id] } });
    browser = await launchBrowser();
    context = await newContext(browser, server.baseUrl);
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page);
  });

  // A failing step leaves a picture of where it stopped.
  afterEach(async (test) => {
    if (test.task.result?.state === 'fail') await screenshot(page, `lsc-failed-${test.task.name.slice(0, 40)}`);
  });

  afterAll(async () => {
    await browser?.close();
    expect(pageErrors).toEqual([]);
    expect(await server?.stop()).toBe(0);
  });

  describe('dictionaries', () => {
    it('shows a 200-character remark on one line with 操作 fixed on the right (1440 and 1024 px)', async () => {
      await row('字典列表', 'zone').waitFor();
      await page.getByText(`共 ${DICTS.length} 条记录`).waitFor();
      const heights = await rows('字典列表')
        .locator('tr.ant-table-row')
        .evaluateAll((trs) => trs.map((tr) => tr.clientHeight));
      expect(new Set(heights).size).toBe(1);
      expect(await headers('字典列表')).toEqual(['序号', '字典名称', '字典类型', '备注', '操作']);
      await row('字典列表', 'zone').getByText(LONG_REMARK).hover();
      await page.getByRole('tooltip').getByText(LONG_REMARK).waitFor();
      await screenshot(page, 'lsc-01-dicts-1440');

      await page.setViewportSize({ width: 1024, height: 800 });
      await row('字典列表', 'zone')
        .getByRole('button', { name: label('编辑') })
        .waitFor();
      await screenshot(page, 'lsc-02-dicts-1024');
      const layout = await fixedColumnLayout('字典列表');
      await page.setViewportSize({ width: 1440, height: 900 });
      expect(Math.abs(layout.fixedRight - layout.boxRight)).toBeLessThanOrEqual(1);
    });

    it('sorts by 字典类型 on the server from a header click: sort in the request and the URL, the order changes', async () => {
      // Newest first without a sort (the server's default order).
      expect(await dictCodes()).toEqual(DICTS.map(([, code]) => code).reverse());
      const request = page.waitForRequest((r) => r.url().includes('/api/dict/s?') && r.url().includes('sort=dictCode'));
      await headerTable('字典列表').getByRole('columnheader', { name: '字典类型' }).click();
      expect((await request).url()).toContain('order=asc');
      const ascending = DICTS.map(([, code]) => code as string).sort();
      await expect.poll(() => dictCodes()).toEqual(ascending);
      expect(query()).toBe('?sort=dictCode&order=asc');
      await headerTable('字典列表').getByRole('columnheader', { name: '字典类型' }).click();
      await expect.poll(() => dictCodes()).toEqual([...ascending].reverse());
      expect(query()).toBe('?sort=dictCode&order=desc');
      await screenshot(page, 'lsc-03-dicts-sorted-desc');
    });

    it('restores the filter (and the sort) from the URL after a reload', async () => {
      const search = page.locator('form#dictSearch');
      await search.getByLabel('名称', { exact: true }).fill('类型');
      await search.getByLabel('名称', { exact: true }).press('Enter');
      await page.getByText('共 1 条记录').waitFor();
      expect(query()).toBe(`?dictName=${encodeURIComponent('类型')}&sort=dictCode&order=desc`);
      await page.reload();
      await page.getByText('共 1 条记录').waitFor();
      expect(await search.getByLabel('名称', { exact: true }).inputValue()).toBe('类型');
      await row('字典列表', 'store_type').waitFor();
      expect(
        await headerTable('字典列表').getByRole('columnheader', { name: '字典类型' }).getAttribute('aria-sort'),
      ).toBe('descending');
      await page.getByRole('button', { name: label('重置') }).click();
      await page.getByText(`共 ${DICTS.length} 条记录`).waitFor();
      expect(query()).toBe('');
    });

    it('keeps a hidden column for the account: after a reload and in another browser', async () => {
      await page.getByRole('button', { name: '列设置' }).click();
      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/api/preferences/table.dicts') && r.request().method() === 'PUT',
      );
      await page.getByTestId('column-settings').getByRole('checkbox', { name: '备注' }).uncheck();
      expect((await saved).status()).toBe(200);
      await screenshot(page, 'lsc-04-dicts-column-settings');
      await expect.poll(() => headers('字典列表')).not.toContain('备注');
      await page.getByRole('button', { name: '列设置' }).click();
      await page.getByTestId('column-settings').waitFor({ state: 'hidden' });

      await page.reload();
      await row('字典列表', 'zone').waitFor();
      expect(await headers('字典列表')).toEqual(['序号', '字典名称', '字典类型', '操作']);

      const other = await newContext(browser, server.baseUrl);
      const otherPage = await other.newPage();
      await signIn(otherPage);
      await row('字典列表', 'zone', otherPage).waitFor();
      expect(await headers('字典列表', otherPage)).toEqual(['序号', '字典名称', '字典类型', '操作']);
      await other.close();

      await page.getByRole('button', { name: '列设置' }).click();
      // Saved before the reload that follows (the kit debounces its writes).
      const restored = page.waitForResponse(
        (r) => r.url().endsWith('/api/preferences/table.dicts') && r.request().method() === 'PUT',
      );
      await page.getByRole('button', { name: label('恢复默认') }).click();
      await expect.poll(() => headers('字典列表')).toContain('备注');
      expect((await restored).status()).toBe(200);
      await page.getByRole('button', { name: '列设置' }).click();
      await page.getByTestId('column-settings').waitFor({ state: 'hidden' });
    });

    it('a failed load says 加载失败 with 重试, not 共 0 条; 重试 works once the server answers again', async () => {
      await page.route(dictListRequest, (route) => route.abort());
      await page.reload();
      const failed = rows('字典列表').getByTestId('list-failed');
      await failed.waitFor();
      expect(await failed.innerText()).toBe('加载失败：网络异常');
      expect(await page.getByText(/共 \d+ 条记录/).count()).toBe(0);
      await screenshot(page, 'lsc-05-dicts-failed');
      await page.unroute(dictListRequest);
      await rows('字典列表')
        .getByRole('button', { name: label('重试') })
        .click();
      await row('字典列表', 'zone').waitFor();
      await page.getByText(`共 ${DICTS.length} 条记录`).waitFor();
    });

    it('a dictionary with items is not offered for deletion: the dialog names it and counts its items', async () => {
      await row('字典列表', 'zone')
        .getByRole('button', { name: label('删除') })
        .click();
      const blocked = page.getByRole('dialog').filter({ hasText: '字典「区域（zone）」还不能删除' });
      await blocked.getByText('它下面还有 3 条字典数据。', { exact: false }).waitFor();
      await screenshot(page, 'lsc-06-dict-delete-blocked');
      await blocked.getByRole('button', { name: label('去数据维护') }).click();
      const drawer = page.locator('.ant-drawer-content-wrapper');
      await drawer.getByText('字典数据维护 — 区域').waitFor();
      await row('字典数据列表', '华南').waitFor();
      await screenshot(page, 'lsc-07-dict-items-drawer');
      await drawer.locator('.ant-drawer-close').click();
      await drawer.waitFor({ state: 'hidden' });

      await row('字典列表', 'approval_state')
        .getByRole('button', { name: label('删除') })
        .click();
      const confirm = page.getByRole('dialog').filter({ hasText: '删除字典「审批状态（approval_state）」？' });
      await confirm.getByText('该字典没有字典数据，删除后不能恢复。').waitFor();
      await confirm.getByRole('button', { name: label('取消') }).click();
      await confirm.waitFor({ state: 'hidden' });
    });

    it('the dark theme, compact density', async () => {
      await page.getByRole('button', { name: '密度' }).click();
      await page.getByRole('menuitem', { name: '紧凑' }).click();
      await page.getByRole('button', { name: '切换到深色主题' }).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      await row('字典列表', 'zone').hover();
      await screenshot(page, 'lsc-08-dicts-dark-compact');
      await page.getByRole('button', { name: '切换到浅色主题' }).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
      await page.getByRole('button', { name: '密度' }).click();
      await page.getByRole('menuitem', { name: '中等' }).click();
    });
  });

  describe('roles', () => {
    it('shows a 200-character remark on one line, 操作 fixed right, the roles on one page (1440 and 1024 px)', async () => {
      await page.goto('/#/user/Role');
      await row('角色列表', ROLE).waitFor();
      const heights = await rows('角色列表')
        .locator('tr.ant-table-row')
        .evaluateAll((trs) => trs.map((tr) => tr.clientHeight));
      expect(new Set(heights).size).toBe(1);
      // Fewer roles than a page (20): one page in the pager.
      expect(await shownPage(page).locator('.ant-pagination-item').count()).toBe(1);
      await screenshot(page, 'lsc-09-roles-1440');
      await page.setViewportSize({ width: 1024, height: 800 });
      await row('角色列表', ROLE)
        .getByRole('button', { name: label('编辑') })
        .waitFor();
      await screenshot(page, 'lsc-10-roles-1024');
      const layout = await fixedColumnLayout('角色列表');
      await page.setViewportSize({ width: 1440, height: 900 });
      expect(Math.abs(layout.fixedRight - layout.boxRight)).toBeLessThanOrEqual(1);
    });

    it('keeps a hidden column after a reload', async () => {
      expect(await headers('角色列表')).toEqual(['角色名称', '备注', '数据权限', '账号数', '操作']);
      await page.getByRole('button', { name: '列设置' }).click();
      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/api/preferences/table.roles') && r.request().method() === 'PUT',
      );
      await page.getByTestId('column-settings').getByRole('checkbox', { name: '账号数' }).uncheck();
      expect((await saved).status()).toBe(200);
      await page.reload();
      await row('角色列表', ROLE).waitFor();
      expect(await headers('角色列表')).toEqual(['角色名称', '备注', '数据权限', '操作']);
    });

    it('names the role in the delete confirmation', async () => {
      await row('角色列表', ROLE)
        .getByRole('button', { name: label('删除') })
        .click();
      const confirm = page.getByRole('dialog').filter({ hasText: `删除角色「${ROLE}」？` });
      await confirm.waitFor();
      await screenshot(page, 'lsc-11-role-delete-confirm');
      await confirm.getByRole('button', { name: label('取消') }).click();
      await confirm.waitFor({ state: 'hidden' });
    });
  });

  describe('tree tables', () => {
    it('organisations: the kit tool bar, one-line cells, 操作 fixed right, a named confirmation', async () => {
      await page.goto('/#/user/Organization');
      const root = row('组织列表', '总公司');
      await root.waitFor();
      await page.getByRole('toolbar', { name: '表格工具' }).getByRole('button', { name: '列设置' }).waitFor();
      await root.getByRole('button', { name: label('删除') }).click();
      const confirm = page.getByRole('dialog').filter({ hasText: '删除组织「总公司」？' });
      await confirm.waitFor();
      await screenshot(page, 'lsc-12-orgs-delete-confirm');
      await confirm.getByRole('button', { name: label('取消') }).click();
      await confirm.waitFor({ state: 'hidden' });
      await page.setViewportSize({ width: 1024, height: 800 });
      await screenshot(page, 'lsc-13-orgs-1024');
      await page.setViewportSize({ width: 1440, height: 900 });
    });

    it('resources: the virtual tree with 刷新 and 全屏, one-line rows', async () => {
      await page.goto('/#/user/Resource');
      await page.locator('.ant-tree-treenode').filter({ hasText: '账号管理' }).first().waitFor();
      await page.getByRole('toolbar', { name: '表格工具' }).getByRole('button', { name: '刷新' }).waitFor();
      const heights = await page.locator('.ant-tree-treenode').evaluateAll((nodes) =>
        // rc-tree keeps a zero-height node for its motion; the rows are the others.
        nodes
          .map((node) => (node as HTMLElement).offsetHeight)
          .filter((height) => height > 0),
      );
      // One line each: no node is twice as tall as the shortest (menus and API rows differ by a tag's height).
      expect(Math.max(...heights)).toBeLessThan(2 * Math.min(...heights));
      await screenshot(page, 'lsc-14-resources-1440');
      await page.getByRole('button', { name: '全屏' }).click();
      await screenshot(page, 'lsc-15-resources-full-screen');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: '全屏' }).waitFor();
    });
  });

  describe('posts: the screen derived from a descriptor', () => {
    const POSTS = [
      ['ceo', '董事长', 1],
      ['se', '项目经理', 2],
      ['hr', '人力资源', 3],
    ] as const;
    const dialog = (title: string) => page.getByRole('dialog').filter({ hasText: title });
    const postCodes = () =>
      rows('岗位列表')
        .locator('tr.ant-table-row')
        .evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[1]?.textContent ?? ''));

    it('lists, adds (a duplicate 岗位编码 refused under the field), edits and searches (1440 and 768 px)', async () => {
      for (const [postCode, postName, sort] of POSTS) {
        await api('/post', { method: 'POST', body: { postCode, postName, sort, remark: LONG_REMARK } });
      }
      await page.goto('/#/user/Post');
      await row('岗位列表', 'ceo').waitFor();
      expect(await headers('岗位列表')).toEqual(['岗位编码', '岗位名称', '显示顺序', '状态', '创建时间', '操作']);
      expect(await postCodes()).toEqual(['ceo', 'se', 'hr']);

      await shownPage(page).getByRole('button', { name: '+ 添加' }).click();
      const add = dialog('添加岗位');
      await add.getByLabel('岗位编码').fill('ceo');
      await add.getByLabel('岗位名称').fill('财务总监');
      await add.getByLabel('显示顺序').fill('4');
      await add.getByRole('button', { name: label('确定') }).click();
      await add.locator('.ant-form-item-explain-error').getByText('岗位编码“ceo”已存在').waitFor();
      await screenshot(page, 'lsc-16-post-duplicate-code');
      await add.getByLabel('岗位编码').fill('cfo');
      await add.getByRole('button', { name: label('确定') }).click();
      await add.waitFor({ state: 'hidden' });
      await row('岗位列表', 'cfo').waitFor();

      await row('岗位列表', 'hr')
        .getByRole('button', { name: label('编辑') })
        .click();
      const edit = dialog('修改岗位');
      expect(await edit.getByLabel('岗位名称').inputValue()).toBe('人力资源');
      await edit.getByLabel('岗位名称').fill('人事行政');
      await edit.getByRole('button', { name: label('确定') }).click();
      await edit.waitFor({ state: 'hidden' });
      await row('岗位列表', '人事行政').waitFor();
      await shownPage(page).getByText('共 4 条记录').waitFor();
      await screenshot(page, 'lsc-17-posts-1440');

      const search = page.locator('form#PostSearch');
      await search.getByLabel('搜索', { exact: true }).fill('经理');
      await search.getByLabel('搜索', { exact: true }).press('Enter');
      await shownPage(page).getByText('共 1 条记录').waitFor();
      expect(query()).toBe(`?keyword=${encodeURIComponent('经理')}`);
      expect(await postCodes()).toEqual(['se']);
      await page.reload();
      await shownPage(page).getByText('共 1 条记录').waitFor();
      expect(await search.getByLabel('搜索', { exact: true }).inputValue()).toBe('经理');
      await shownPage(page)
        .getByRole('button', { name: label('重置') })
        .click();
      await shownPage(page).getByText('共 4 条记录').waitFor();

      await page.setViewportSize({ width: 768, height: 900 });
      await row('岗位列表', 'cfo')
        .getByRole('button', { name: label('编辑') })
        .waitFor();
      await screenshot(page, 'lsc-18-posts-768');
      await page.setViewportSize({ width: 1440, height: 900 });
    });

    it('disables in bulk, exports the visible columns, deletes by name; the dark theme', async () => {
      for (const code of ['ceo', 'se']) {
        await row('岗位列表', code).getByRole('checkbox').check();
      }
      await page
        .getByTestId('bulk-bar')
        .getByRole('button', { name: label('批量禁用') })
        .click();
      const confirm = dialog('禁用以下 2 个岗位？');
      await confirm.getByText('董事长（ceo）').waitFor();
      await confirm.getByRole('button', { name: label('确定') }).click();
      await page.getByText('2 项已禁用').waitFor();
      await row('岗位列表', 'ceo').getByText('禁用', { exact: true }).waitFor();
      await row('岗位列表', 'se').getByText('禁用', { exact: true }).waitFor();

      const [file] = await Promise.all([
        page.waitForEvent('download'),
        (async () => {
          await shownPage(page)
            .getByRole('button', { name: label('导出') })
            .click();
          await page.getByText('Excel (.xlsx)', { exact: true }).click();
        })(),
      ]);
      expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(readFileSync(await file.path()) as unknown as ArrayBuffer);
      const sheet: unknown[][] = [];
      book.worksheets[0]?.eachRow((r) => sheet.push((r.values as unknown[]).slice(1)));
      expect(sheet[0]).toEqual(['岗位编码', '岗位名称', '显示顺序', '状态', '创建时间']);
      expect(sheet.slice(1).map((cells) => [cells[0], cells[3]])).toEqual([
        ['ceo', '禁用'],
        ['se', '禁用'],
        ['hr', '启用'],
        ['cfo', '启用'],
      ]);

      await row('岗位列表', 'cfo')
        .getByRole('button', { name: label('删除') })
        .click();
      const remove = dialog('删除岗位「财务总监（cfo）」？');
      await remove.waitFor();
      await screenshot(page, 'lsc-19-post-delete-confirm');
      await remove.getByRole('button', { name: label('确定') }).click();
      await shownPage(page).getByText('共 3 条记录').waitFor();

      await page.getByRole('button', { name: '切换到深色主题' }).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      await shownPage(page).getByRole('button', { name: '+ 添加' }).click();
      await dialog('添加岗位').getByLabel('岗位编码').waitFor();
      await screenshot(page, 'lsc-20-post-dialog-dark');
      await page.keyboard.press('Escape');
      await dialog('添加岗位').waitFor({ state: 'hidden' });
      await screenshot(page, 'lsc-21-posts-dark');
      await page.getByRole('button', { name: '切换到浅色主题' }).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    });
  });
});
