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
  settleMotion,
  shownPage,
  startServer,
  waitForCode,
  waitForHash,
} from './support.js';

describe('resources, dictionaries and the personal page in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  /** One node of the resource tree (antd renders the tree as a flat list of nodes). */
  const node = (name: string) =>
    page.locator('.ant-tree-treenode').filter({ has: page.getByText(name, { exact: true }) });
  /**
   * The resource tree is virtual (only the rows in view are in the DOM): scrolls it from the top until the node is
   * rendered, and answers it.
   */
  async function reveal(name: string) {
    const holder = page.locator('.ant-tree-list-holder').first();
    for (let top = 0; (await node(name).count()) === 0; top += 300) {
      const atEnd = await holder.evaluate(async (element, y) => {
        element.scrollTop = y;
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        return element.scrollTop + element.clientHeight >= element.scrollHeight - 1;
      }, top);
      if (atEnd && (await node(name).count()) === 0) throw new Error(`${name} is not in the resource tree`);
    }
    return node(name);
  }
  const form = () => page.locator('form#resourceForm');
  /** The confirmation titled `title` (delete confirmations name the object: 删除资源「…」？). */
  const confirmDialog = (title: string) => page.getByRole('dialog').filter({ hasText: title });
  const row = (scope: Page | Locator, text: string) =>
    scope.getByRole('row').filter({ has: page.getByText(text, { exact: true }) });

  const settle = () => settleMotion(page);

  /** Clicks a dialog's 确 定 once it has finished opening. */
  async function submit(dialog: Locator) {
    await dialog.waitFor();
    await settle();
    await dialog.getByRole('button', { name: label('确定') }).click();
  }

  async function confirmDelete(title: string) {
    await submit(confirmDialog(title));
    await confirmDialog(title).waitFor({ state: 'hidden' });
  }

  async function api(method: string, path: string, body?: unknown) {
    const token = await page.evaluate(() => localStorage.getItem('gatehouse_auth'));
    const response = await fetch(`${server.baseUrl}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: token ?? '' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return response.json();
  }

  beforeAll(async () => {
    // The sign-in keeps sudo mode open for the whole file (the identity dialog has its own test, authz-sudo).
    server = await startServer({ LOGIN_CAPTCHA: 'off', SUDO_SECONDS: '86400' });
    browser = await launchBrowser();
    const context = await newContext(browser, server.baseUrl);
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto('/#/login');
    await page.getByPlaceholder('输入用户名').fill('admin');
    await page.getByPlaceholder('输入密码').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: label('登录') }).click();
    // expect.poll is for tests only; the hook waits on the page itself.
    await page.waitForFunction(() => location.hash === '#/', undefined, { timeout: 60_000 });
  });

  afterAll(async () => {
    await browser?.close();
    expect(pageErrors).toEqual([]);
    expect(await server?.stop()).toBe(0);
  });

  describe('resources', () => {
    it('shows the whole permission tree, built-in nodes undeletable', async () => {
      await page.goto('/#/user/Resource');
      await expect.poll(() => page.title()).toBe('资源管理');
      await node('账号管理').waitFor();
      // API resources carry an upper-case method tag and their url.
      const listAccounts = node('账号列表');
      await listAccounts.getByText('GET', { exact: true }).waitFor();
      await listAccounts.getByText('/account/s', { exact: true }).waitFor();
      await listAccounts.getByText('内置', { exact: true }).waitFor();
      // Only menus offer children.
      expect(await listAccounts.getByRole('button', { name: '添加子菜单' }).count()).toBe(0);
      expect(await node('账号管理').getByRole('button', { name: '添加资源' }).count()).toBe(1);

      const builtinDelete = node('账号管理').getByRole('button', { name: '删除' });
      expect(await builtinDelete.isDisabled()).toBe(true);
      await builtinDelete.hover({ force: true });
      await page.getByRole('tooltip').getByText('内置资源不可删除').waitFor();
      await page.mouse.move(0, 0);
      expect(await page.getByTestId('resource-form-title').textContent()).toBe('添加菜单');
    });

    it('creates a root menu from the initial form, after validating it', async () => {
      await form()
        .getByRole('button', { name: label('保存') })
        .click();
      await form().getByText('请输入名称').waitFor();
      await form().getByLabel('名称', { exact: true }).fill('报表中心');
      await form().getByLabel('路由', { exact: true }).fill('report');
      await form()
        .getByRole('button', { name: label('保存') })
        .click();
      await form().getByText('路由必须以 / 开头').waitFor();
      await form().getByLabel('路由', { exact: true }).fill('/report');
      await form().getByLabel('序号', { exact: true }).fill('50');
      await form()
        .getByRole('button', { name: label('保存') })
        .click();
      await page.getByText('添加成功').waitFor();
      await node('报表中心').getByText('/report', { exact: true }).waitFor();
      // The new node stays selected and the form now edits it.
      await expect.poll(() => page.getByTestId('resource-form-title').textContent()).toBe('编辑：报表中心');
      expect(await node('报表中心').getAttribute('class')).toContain('ant-tree-treenode-selected');
    });

    it('adds a child menu and an API resource under it', async () => {
      await node('报表中心').getByRole('button', { name: '添加子菜单' }).click();
      await expect.poll(() => page.getByTestId('resource-form-title').textContent()).toBe('添加菜单');
      await page.getByText('父级：报表中心').waitFor();
      await form().getByLabel('名称', { exact: true }).fill('月度报表');
      await form().getByLabel('路由', { exact: true }).fill('/report/monthly');
      await form()
        .getByRole('button', { name: label('保存') })
        .click();
      await node('月度报表').waitFor();
      await expect.poll(() => page.getByTestId('resource-form-title').textContent()).toBe('编辑：月度报表');

      await node('报表中心').getByRole('button', { name: '添加资源' }).click();
      await expect.poll(() => page.getByTestId('resource-form-title').textContent()).toBe('添加资源');
      expect(await form().getByRole('radio', { name: 'GET' }).isChecked()).toBe(true);
      await form()
        .getByRole('button', { name: label('保存') })
        .click();
      await form().getByText('请输入名称').waitFor();
      await form().getByText('请输入URL').waitFor();
      await form().getByLabel('名称', { exact: true }).fill('导出报表');
      await form().getByRole('radio', { name: 'POST' }).check();
      await form().getByLabel('URL', { exact: true }).fill('/report/export');
      await screenshot(page, 'rdp-01-resource-form-api');
      await form()
        .getByRole('button', { name: label('保存') })
        .click();
      const exported = node('导出报表');
      await exported.getByText('POST', { exact: true }).waitFor();
      await exported.getByText('/report/export', { exact: true }).waitFor();
      await screenshot(page, 'rdp-02-resources');
    });

    it('edits the API resource', async () => {
      await node('导出报表').getByRole('button', { name: '编辑' }).click();
      await expect.poll(() => page.getByTestId('resource-form-title').textContent()).toBe('编辑：导出报表');
      expect(await form().getByLabel('URL', { exact: true }).inputValue()).toBe('/report/export');
      expect(await form().getByRole('radio', { name: 'POST' }).isChecked()).toBe(true);
      await form().getByLabel('名称', { exact: true }).fill('导出月度报表');
      await form().getByRole('radio', { name: 'PUT' }).check();
      await form()
        .getByRole('button', { name: label('保存') })
        .click();
      await page.getByText('编辑成功').waitFor();
      await node('导出月度报表').getByText('PUT', { exact: true }).waitFor();
      expect(await node('导出月度报表').getAttribute('class')).toContain('ant-tree-treenode-selected');
    });

    it('shows a built-in resource with its method and url read-only', async () => {
      await (await reveal('账号列表')).getByRole('button', { name: '编辑' }).click();
      await expect.poll(() => page.getByTestId('resource-form-title').textContent()).toBe('编辑：账号列表');
      expect(await form().getByLabel('URL', { exact: true }).getAttribute('readonly')).not.toBeNull();
      expect(await form().getByRole('radio', { name: 'GET' }).isDisabled()).toBe(true);
      await screenshot(page, 'rdp-03-resource-builtin');
      await form()
        .getByRole('button', { name: label('重置') })
        .click();
      await expect.poll(() => page.getByTestId('resource-form-title').textContent()).toBe('添加菜单');
    });

    it('deletes a leaf, and refuses a node that still has children with the server’s message', async () => {
      await (await reveal('导出月度报表')).getByRole('button', { name: '删除' }).click();
      await confirmDelete('删除资源「导出月度报表」？');
      await page.getByText('删除成功').waitFor();
      await node('导出月度报表').waitFor({ state: 'detached' });

      await (await reveal('报表中心')).getByRole('button', { name: '删除' }).click();
      await confirmDialog('删除资源「报表中心」？')
        .getByText('它下面还有 1 个下级资源，需先删除它们，否则不能删除。')
        .waitFor();
      await confirmDelete('删除资源「报表中心」？');
      await page.getByText('该资源下还有 1 个子资源，请先删除子资源').waitFor();
      await reveal('报表中心');
      await screenshot(page, 'rdp-04-resource-delete-refused');
    });
  });

  describe('dictionaries', () => {
    const dictDialog = () => page.getByRole('dialog', { name: /^(添加|修改)字典$/ });
    const itemDialog = () => page.getByRole('dialog', { name: /^(添加|修改)字典数据$/ });
    const drawer = () => page.locator('.ant-drawer-content-wrapper');

    it('validates and creates a dictionary', async () => {
      await page.goto('/#/system/Dict');
      await expect.poll(() => page.title()).toBe('字典管理');
      await shownPage(page).getByText('共 0 条记录').waitFor();
      await page.getByRole('button', { name: '+ 添加' }).click();
      await submit(dictDialog());
      await dictDialog().getByText('请输入字典名称').waitFor();
      await dictDialog().getByText('请输入字典类型').waitFor();
      await dictDialog().getByLabel('字典类型', { exact: true }).fill('1region');
      await dictDialog().getByText('以字母开头，仅含字母、数字、_ . -').waitFor();
      await screenshot(page, 'rdp-05-dict-dialog-validation');
      await dictDialog().getByLabel('名称', { exact: true }).fill('地区');
      await dictDialog().getByLabel('字典类型', { exact: true }).fill('region');
      await dictDialog().getByLabel('备注', { exact: true }).fill('省市区');
      await submit(dictDialog());
      await page.getByText('添加成功').waitFor();
      await dictDialog().waitFor({ state: 'hidden' });
      await row(page, 'region').getByText('省市区').waitFor();
      await shownPage(page).getByText('共 1 条记录').waitFor();
    });

    it('pages with a working page-size selector and filters by name', async () => {
      for (let i = 1; i <= 11; i++) {
        await api('POST', '/dict', { dictName: `测试字典${i}`, dictCode: `test${i}`, remark: null });
      }
      await page.getByRole('button', { name: label('查询') }).click();
      await shownPage(page).getByText('共 12 条记录').waitFor();
      await expect.poll(() => shownPage(page).locator('.ant-table-tbody tr.ant-table-row').count()).toBe(12);

      await shownPage(page).locator('.ant-pagination-options .ant-select').click();
      await page.locator('.ant-select-item-option').filter({ hasText: '10 条/页' }).click();
      await expect.poll(() => shownPage(page).locator('.ant-table-tbody tr.ant-table-row').count()).toBe(10);
      await shownPage(page).locator('.ant-pagination-item-2').click();
      await expect.poll(() => shownPage(page).locator('.ant-table-tbody tr.ant-table-row').count()).toBe(2);
      // Row numbers continue across pages.
      await row(page, '11').first().waitFor();
      await screenshot(page, 'rdp-06-dict-list-page2');

      await shownPage(page).getByLabel('名称', { exact: true }).fill('地区');
      await page.getByRole('button', { name: label('查询') }).click();
      await shownPage(page).getByText('共 1 条记录').waitFor();
      await row(page, 'region').waitFor();
    });

    it('edits a dictionary; its CODE is read-only', async () => {
      await row(page, 'region').getByRole('button', { name: '编辑' }).click();
      const code = dictDialog().getByLabel('字典类型', { exact: true });
      expect(await code.inputValue()).toBe('region');
      expect(await code.getAttribute('readonly')).not.toBeNull();
      await dictDialog().getByText('字典类型创建后不能修改').waitFor();
      await dictDialog().getByLabel('名称', { exact: true }).fill('行政区划');
      await submit(dictDialog());
      await page.getByText('编辑成功').waitFor();
      await dictDialog().waitFor({ state: 'hidden' });
      // The list still filters by the old name, so it no longer shows the row: reset the search.
      await shownPage(page).getByText('共 0 条记录').waitFor();
      await page.getByRole('button', { name: label('重置') }).click();
      await shownPage(page).getByText('共 12 条记录').waitFor();
      // 重置 keeps the page size (10): back to 20 a page, so every dictionary is on screen again.
      await shownPage(page).locator('.ant-pagination-options .ant-select').click();
      await page.locator('.ant-select-item-option').filter({ hasText: '20 条/页' }).click();
      await expect.poll(() => shownPage(page).locator('.ant-table-tbody tr.ant-table-row').count()).toBe(12);
      await row(page, 'region').getByText('行政区划').waitFor();
      await screenshot(page, 'rdp-07-dict-list');
    });

    it('maintains the items as a tree: add, add below, edit', async () => {
      await row(page, 'region').getByRole('button', { name: '数据维护' }).click();
      await drawer().getByText('字典数据维护 — 行政区划').waitFor();
      await drawer().getByText('暂无数据，点击“+ 添加数据”开始维护').waitFor();

      for (const value of ['江苏省', '浙江省']) {
        await drawer().getByRole('button', { name: '+ 添加数据' }).click();
        await submit(itemDialog());
        await itemDialog().getByText('请输入数据标签').waitFor();
        await itemDialog().getByLabel('数据标签', { exact: true }).fill(value);
        await submit(itemDialog());
        await itemDialog().waitFor({ state: 'hidden' });
        await row(drawer(), value).waitFor();
      }

      await row(drawer(), '江苏省').getByRole('button', { name: '添加下级' }).click();
      await itemDialog().getByText('江苏省', { exact: true }).waitFor();
      await itemDialog().getByLabel('数据标签', { exact: true }).fill('苏州市');
      await submit(itemDialog());
      await itemDialog().waitFor({ state: 'hidden' });
      await row(drawer(), '苏州市').waitFor();

      // A grandchild: the 上级 cascader shows the whole path.
      await row(drawer(), '苏州市').getByRole('button', { name: '添加下级' }).click();
      await itemDialog().getByText('江苏省 / 苏州市').waitFor();
      await itemDialog().getByLabel('数据标签', { exact: true }).fill('吴中区');
      await itemDialog().getByLabel('序号', { exact: true }).fill('3');
      // 数据键值 apart from the label, and a tag colour: the preview shows the tag.
      await itemDialog().getByLabel('数据键值', { exact: true }).fill('320506');
      await itemDialog().getByRole('combobox', { name: '标签颜色' }).click();
      await page.locator('.ant-select-item-option[title="绿"]').click();
      await itemDialog().getByTestId('dict-item-preview').locator('.ant-tag-green').getByText('吴中区').waitFor();
      await screenshot(page, 'rdp-08-dict-item-dialog');
      await submit(itemDialog());
      await itemDialog().waitFor({ state: 'hidden' });
      await row(drawer(), '吴中区').waitFor();

      await row(drawer(), '浙江省').getByRole('button', { name: '编辑' }).click();
      expect(await itemDialog().getByLabel('数据标签', { exact: true }).inputValue()).toBe('浙江省');
      await itemDialog().getByLabel('数据标签', { exact: true }).fill('浙江');
      await itemDialog().getByRole('radio', { name: '禁用' }).check();
      await submit(itemDialog());
      await page.getByText('编辑成功').waitFor();
      await row(drawer(), '浙江').getByText('禁用', { exact: true }).waitFor();
      // The label as its coloured tag, the key value beside it.
      await row(drawer(), '吴中区').locator('.ant-tag-green').getByText('吴中区').waitFor();
      await row(drawer(), '吴中区').getByText('320506').waitFor();
      await screenshot(page, 'rdp-09-dict-drawer');
    });

    it('moves an item with the 上级 cascader', async () => {
      await row(drawer(), '浙江').getByRole('button', { name: '编辑' }).click();
      await itemDialog().locator('.ant-cascader').click();
      await page.locator('.ant-cascader-menu-item').filter({ hasText: '江苏省' }).click();
      await itemDialog().getByTitle('江苏省', { exact: true }).waitFor();
      // Close the cascader's menu (Escape would close the dialog too).
      await itemDialog().getByLabel('数据标签', { exact: true }).click();
      await submit(itemDialog());
      await itemDialog().waitFor({ state: 'hidden' });
      // 浙江 is now a child of 江苏省: indented like 苏州市.
      const indent = (value: string) =>
        row(drawer(), value).locator('.ant-table-row-indent').first().getAttribute('style');
      await expect.poll(() => indent('浙江')).toBe(await indent('苏州市'));
    });

    it('deletes a leaf item; an item with children is refused', async () => {
      await row(drawer(), '浙江').getByRole('button', { name: '删除' }).click();
      await confirmDelete('删除字典数据「浙江」？');
      await page.getByText('删除成功').waitFor();
      await row(drawer(), '浙江').waitFor({ state: 'detached' });

      await row(drawer(), '江苏省').getByRole('button', { name: '删除' }).click();
      await confirmDialog('删除字典数据「江苏省」？')
        .getByText('它下面还有 2 条下级数据，需先删除它们，否则不能删除。')
        .waitFor();
      await confirmDelete('删除字典数据「江苏省」？');
      await page.getByText('该数据下还有 1 个下级数据，请先删除下级数据').waitFor();
      await row(drawer(), '江苏省').waitFor();
    });

    it('deletes items in bulk: a parent chosen without all its children is refused and named, the rest go', async () => {
      // 江苏省 > 苏州市 > 吴中区: 江苏省 and 吴中区 chosen, 苏州市 not.
      for (const value of ['江苏省', '吴中区']) await row(drawer(), value).getByRole('checkbox').check();
      await drawer().getByTestId('bulk-bar').getByText('已选择 2 项').waitFor();
      await drawer().getByTestId('bulk-bar').getByRole('button', { name: '批量删除' }).click();
      const confirm = confirmDialog('删除以下 2 条字典数据？');
      await confirm.getByTestId('bulk-confirm-list').getByText('吴中区').waitFor();
      await screenshot(page, 'rdp-09b-dict-items-bulk-confirm');
      await submit(confirm);
      await page.getByText('1 项已删除，1 项未删除：江苏省：该数据下还有 1 个下级数据，请先删除下级数据').waitFor();
      await row(drawer(), '吴中区').waitFor({ state: 'detached' });
      await drawer().getByTestId('bulk-bar').getByText('已选择 1 项').waitFor();
      expect(await row(drawer(), '江苏省').getByRole('checkbox').isChecked()).toBe(true);
      await screenshot(page, 'rdp-09c-dict-items-bulk-refused');

      // With its child chosen too, both go.
      await row(drawer(), '苏州市').getByRole('checkbox').check();
      await drawer().getByTestId('bulk-bar').getByRole('button', { name: '批量删除' }).click();
      await submit(confirmDialog('删除以下 2 条字典数据？'));
      await page.getByText('2 项已删除').waitFor();
      await drawer().getByText('暂无数据，点击“+ 添加数据”开始维护').waitFor();
    });

    it('refuses up front to delete a dictionary that has items, then deletes it once empty', async () => {
      await api('POST', '/dict/item', { dictCode: 'region', value: '上海市' });
      await drawer().locator('.ant-drawer-close').click();
      await drawer().waitFor({ state: 'hidden' });
      await row(page, 'region').getByRole('button', { name: '删除' }).click();
      const blocked = confirmDialog('字典「行政区划（region）」还不能删除');
      await blocked
        .getByText('它下面还有 1 条字典数据。字典只能在清空后删除：请先在「数据维护」中删除这些数据。')
        .waitFor();
      await screenshot(page, 'rdp-09d-dict-delete-blocked');
      // 去数据维护 opens its items instead of deleting anything.
      await blocked.getByRole('button', { name: '去数据维护' }).click();
      await drawer().getByText('字典数据维护 — 行政区划').waitFor();
      await row(drawer(), '上海市').getByRole('button', { name: '删除' }).click();
      await confirmDelete('删除字典数据「上海市」？');
      await drawer().getByText('暂无数据，点击“+ 添加数据”开始维护').waitFor();
      await drawer().locator('.ant-drawer-close').click();
      await drawer().waitFor({ state: 'hidden' });

      await row(page, 'region').getByRole('button', { name: '删除' }).click();
      const confirm = confirmDialog('删除字典「行政区划（region）」？');
      await confirm.getByText('该字典没有字典数据，删除后不能恢复。').waitFor();
      await confirmDelete('删除字典「行政区划（region）」？');
      await shownPage(page).getByText('共 11 条记录').waitFor();
      expect(await row(page, 'region').count()).toBe(0);
    });
  });

  describe('personal page', () => {
    it('shows the account and saves the details it may change', async () => {
      await page.getByTestId('user-menu').click();
      await page.locator('.ant-dropdown').getByRole('menuitem', { name: '个人信息' }).click();
      await waitForHash(page, /#\/system\/Profile$/);
      const details = shownPage(page).locator('.ant-descriptions');
      await details.getByText('admin', { exact: true }).waitFor();
      await details.getByText('超级管理员').waitFor();
      await screenshot(page, 'rdp-10-profile');

      const profile = page.locator('form#profileForm');
      await profile.getByLabel('用户名', { exact: true }).fill('');
      await profile.getByLabel('手机号码', { exact: true }).fill('12345');
      await profile.getByLabel('邮箱', { exact: true }).fill('not-an-email');
      await profile.getByRole('button', { name: label('保存') }).click();
      await profile.getByText('请输入用户名').waitFor();
      await profile.getByText('手机号格式有误，请重新输入').waitFor();
      await profile.getByText('邮箱格式不正确').waitFor();

      await profile.getByLabel('用户名', { exact: true }).fill('王管理');
      await profile.getByLabel('手机号码', { exact: true }).fill('13812345678');
      await profile.getByLabel('邮箱', { exact: true }).fill('wang@example.com');
      await profile.getByLabel('详细地址，如街道、门牌号', { exact: true }).fill('江苏省苏州市吴中区');
      await profile.getByLabel('个人介绍', { exact: true }).fill('负责系统权限与组织架构。');
      // A new number and a new address are each proven by a code sent to them.
      for (const [field, channel, to] of [
        ['手机验证码', 'sms', '13812345678'],
        ['邮箱验证码', 'email', 'wang@example.com'],
      ] as const) {
        const item = profile.locator('.ant-form-item').filter({ has: page.getByLabel(field, { exact: true }) });
        const sent = new Date();
        await item.getByRole('button', { name: '获取验证码' }).click();
        await item.getByLabel(field, { exact: true }).fill(await waitForCode(server, { channel, to, since: sent }));
      }
      await screenshot(page, 'rdp-11a-profile-codes');
      await profile.getByRole('button', { name: label('保存') }).click();
      await page.getByText('更新成功！').waitFor();
      await page.getByTestId('user-menu').getByText('王管理').waitFor();
      await details.getByText('13812345678').waitFor();
      await details.getByText('wang@example.com').waitFor();
      await screenshot(page, 'rdp-11-profile-saved');

      await page.reload();
      await profile.getByLabel('详细地址，如街道、门牌号', { exact: true }).waitFor();
      expect(await profile.getByLabel('详细地址，如街道、门牌号', { exact: true }).inputValue()).toBe(
        '江苏省苏州市吴中区',
      );
      expect(await profile.getByLabel('个人介绍', { exact: true }).inputValue()).toBe('负责系统权限与组织架构。');
      // After the data is back, not while the page is still loading.
      await screenshot(page, 'rdp-12-profile-reloaded');
    });

    it('验证 proves a stored, unproven e-mail with a code sent to it', async () => {
      // As an administrator's edit leaves it (PUT /account on another account): an address stored, not proven by its
      // owner. (Another one than the address proven above, which would wait VERIFY_RESEND_SECONDS for a new code.)
      const db = new Database(join(server.dataDir, 'gatehouse.db'));
      try {
        db.pragma('busy_timeout = 30000');
        db.prepare(
          "UPDATE account SET email = 'wang.admin@example.com', email_verified = 0 WHERE account_number = 'admin'",
        ).run();
      } finally {
        db.close();
      }
      await page.reload();
      const details = shownPage(page).locator('.ant-descriptions');
      await details.getByText('未验证').waitFor();
      expect(await details.getByText('未验证').count()).toBe(1);
      await screenshot(page, 'rdp-13a-profile-unverified-email');
      await details.getByTestId('profile-verify-email').click();
      const dialog = page.getByRole('dialog').filter({ hasText: '验证邮箱' });
      await dialog.getByText('验证码将发送至 wang.admin@example.com，填写收到的验证码并确定即完成验证').waitFor();
      const sent = new Date();
      await dialog.getByRole('button', { name: '获取验证码' }).click();
      const code = await waitForCode(server, { channel: 'email', to: 'wang.admin@example.com', since: sent });
      await dialog.getByLabel('邮箱验证码', { exact: true }).fill(code);
      await screenshot(page, 'rdp-13b-profile-verify-email');
      await submit(dialog);
      await page.getByText('验证成功').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await details.getByText('未验证').waitFor({ state: 'detached' });
      expect(await details.getByTestId('profile-verify-email').count()).toBe(0);
      await screenshot(page, 'rdp-14-profile-email-verified');
      const me = await api('GET', '/getAccountInfo');
      expect(me.data).toMatchObject({ email: 'wang.admin@example.com', emailVerified: true, contactVerified: true });
    });

    it('the account dialog shows one’s own mobile and e-mail read-only, with a link to the personal page', async () => {
      await page.goto('/#/user/Account');
      const own = row(shownPage(page), 'admin');
      await own.getByRole('button', { name: '编辑' }).click();
      const dialog = page.getByRole('dialog').filter({ hasText: '修改账号' });
      await dialog.waitFor();
      await settle();
      const hint = dialog.getByTestId('account-own-contact-hint');
      await hint.waitFor();
      expect(await dialog.getByLabel('手机号码', { exact: true }).getAttribute('readonly')).not.toBeNull();
      expect(await dialog.getByLabel('邮箱', { exact: true }).inputValue()).toBe('wang.admin@example.com');
      await screenshot(page, 'rdp-15-account-dialog-own-contacts');
      await hint.getByRole('link', { name: '前往个人信息' }).click();
      await waitForHash(page, /#\/system\/Profile$/);
      await dialog.waitFor({ state: 'hidden' });
      await shownPage(page).locator('form#profileForm').waitFor();
    });
  });
});
