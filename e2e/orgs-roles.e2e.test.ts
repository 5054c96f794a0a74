import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  chooseRowAction,
  launchBrowser,
  newContext,
  openMoreActions,
  openOrgPicker,
  orgPickerNode,
  orgPickerOf,
  orgPickerShows,
  pickOrg,
  type RunningServer,
  screenshot,
  shownPage,
  startServer,
  waitForHash,
} from './support.js';

async function signIn(target: Page, account: string, password: string) {
  await target.goto('/#/login');
  await target.getByPlaceholder('输入用户名').fill(account);
  await target.getByPlaceholder('输入密码').fill(password);
  await target.getByRole('button', { name: '登录', exact: true }).click();
  await waitForHash(target, /#\/$/);
}

/** The table row whose name cell reads exactly `name` (the expand button's label is not text). */
const orgRow = (scope: Page | Locator, name: string) => {
  // A `has` locator is resolved inside the row, so it must start from the page, not from the scope.
  const root = 'goto' in scope ? scope : scope.page();
  return scope.locator('tr.ant-table-row').filter({ has: root.locator('td', { hasText: new RegExp(`^${name}$`) }) });
};

describe('organisations, roles, permissions and identity switch in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  const viewer = { accountNumber: 'e2e.viewer', accountName: '账号查看者', password: 'Viewer#2026-ok' };
  const roleName = '账号查看员';

  const orgDialog = () => page.getByRole('dialog', { name: /^(添加|修改)组织$/ });
  const confirmDialog = (text: string) => page.getByRole('dialog').filter({ hasText: text });
  const accountRow = (accountNumber: string) => page.getByRole('row').filter({ hasText: accountNumber });

  beforeAll(async () => {
    server = await startServer({ LOGIN_CAPTCHA: 'off' });
    browser = await launchBrowser();
    const context = await newContext(browser, server.baseUrl);
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  // A failing step leaves a picture of where it stopped.
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await screenshot(page, `or-failed-${context.task.name.slice(0, 40)}`);
  });

  afterAll(async () => {
    await browser?.close();
    expect(pageErrors).toEqual([]);
    expect(await server?.stop()).toBe(0);
  });

  it('builds an organisation tree: root, children via 添加下级, edit, delete a leaf', async () => {
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.goto('/#/user/Organization');
    await orgRow(page, '总公司').waitFor();
    expect(await orgRow(page, '总公司').locator('td').nth(4).textContent()).toMatch(
      /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/,
    );

    await page.getByRole('button', { name: '+ 添加根节点' }).click();
    await orgDialog().getByRole('button', { name: '确 定' }).click();
    await orgDialog().getByText('请输入名称').waitFor();
    await orgDialog().getByLabel('名称', { exact: true }).fill('E2E集团');
    await orgDialog().getByLabel('全称').fill('E2E 集团有限公司');
    await screenshot(page, 'or-01-org-dialog');
    await orgDialog().getByRole('button', { name: '确 定' }).click();
    await page.getByText('添加成功').waitFor();
    await orgDialog().waitFor({ state: 'hidden' });
    await orgRow(page, 'E2E集团').waitFor();

    // 添加下级 creates a child of the clicked row (the original made a sibling); the parent opens to show it.
    await orgRow(page, 'E2E集团').getByRole('button', { name: '添加下级' }).click();
    expect(await orgPickerShows(orgDialog().getByLabel('上级组织'))).toBe('E2E集团');
    await orgDialog().getByLabel('名称', { exact: true }).fill('研发中心');
    await orgDialog().getByRole('button', { name: '确 定' }).click();
    await orgRow(page, '研发中心').waitFor();
    await page.getByRole('button', { name: '收起 E2E集团' }).waitFor();

    await orgRow(page, '研发中心').getByRole('button', { name: '添加下级' }).click();
    await orgDialog().getByLabel('名称', { exact: true }).fill('前端组');
    await orgDialog().getByRole('button', { name: '确 定' }).click();
    await orgRow(page, '前端组').waitFor();

    await orgRow(page, 'E2E集团').getByRole('button', { name: '添加下级' }).click();
    await orgDialog().getByLabel('名称', { exact: true }).fill('临时部门');
    await orgDialog().getByRole('button', { name: '确 定' }).click();
    await orgRow(page, '临时部门').waitFor();
    // The branch opened before is still open: only the changed level was re-loaded.
    await orgRow(page, '前端组').waitFor();

    await orgRow(page, '临时部门').getByRole('button', { name: '编辑' }).click();
    expect(await orgPickerShows(orgDialog().getByLabel('上级组织'))).toBe('E2E集团');
    await orgDialog().getByLabel('名称', { exact: true }).fill('临时小组');
    await orgDialog().getByRole('button', { name: '确 定' }).click();
    await page.getByText('编辑成功').waitFor();
    await orgRow(page, '临时小组').waitFor();

    await orgRow(page, '临时小组').getByRole('button', { name: '删除' }).click();
    await confirmDialog('删除组织「临时小组」？').getByRole('button', { name: '确定' }).click();
    await page.getByText('删除成功').waitFor();
    await orgRow(page, '临时小组').waitFor({ state: 'detached' });
    await orgRow(page, '前端组').waitFor();
    await screenshot(page, 'or-02-orgs-tree');
  });

  it('offers no 删除 of an organisation that has children: disabled, the reason on hover', async () => {
    const remove = orgRow(page, 'E2E集团').getByRole('button', { name: '删除' });
    expect(await remove.isDisabled()).toBe(true);
    await remove.hover();
    await page.getByRole('tooltip').filter({ hasText: '它下面还有下级组织，需先删除它们，否则不能删除。' }).waitFor();
    await orgRow(page, 'E2E集团').waitFor();
    await screenshot(page, 'or-03-org-delete-refused');
  });

  it('moves an organisation with the 上级组织 picker; its old parent loses the expand arrow', async () => {
    await orgRow(page, '前端组').getByRole('button', { name: '编辑' }).click();
    const parent = orgDialog().getByLabel('上级组织');
    expect(await orgPickerShows(parent)).toBe('研发中心');
    // The picker opens inline, down to the current parent (E2E集团 open, 研发中心 marked).
    await openOrgPicker(page, parent);
    await orgPickerNode(page, '研发中心').and(page.locator('[aria-selected="true"]')).waitFor();
    await screenshot(page, 'or-04-org-move-picker');
    // A search names each hit by its path; the organisation itself is greyed (it cannot move under itself).
    await parent.fill('前端');
    const self = orgPickerNode(page, 'E2E集团 / 研发中心 / 前端组');
    expect(await self.getAttribute('aria-disabled')).toBe('true');
    await screenshot(page, 'or-04b-org-picker-search');
    await page.keyboard.press('Escape');
    // Cleared: the org becomes a root.
    await orgPickerOf(parent).hover();
    await orgPickerOf(parent).locator('.ant-select-clear').click();
    await expect.poll(() => orgPickerShows(parent)).toBe(null);
    await orgDialog().getByRole('button', { name: '确 定' }).click();
    await page.getByText('编辑成功').waitFor();
    await orgDialog().waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByRole('button', { name: '收起 研发中心' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '展开 研发中心' }).count()).toBe(0);
    await orgRow(page, '前端组').waitFor();
    // Shown once, at its new place: never left under its old parent too.
    expect(await orgRow(page, '前端组').count()).toBe(1);
    expect(await orgRow(page, '前端组').getAttribute('class')).toContain('ant-table-row-level-0');
  });

  it('creates a role from the permission tree granting only the account list', async () => {
    await page.goto('/#/user/Role');
    const builtin = page.getByRole('row').filter({ hasText: '超级管理员' });
    await builtin.waitFor();
    expect(await builtin.getByRole('button', { name: '编辑' }).isDisabled()).toBe(true);
    expect(await builtin.getByRole('button', { name: '删除' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: '+ 添加' }).click();
    const dialog = page.getByRole('dialog', { name: /^(添加|修改)角色$/ });
    await dialog.getByRole('button', { name: '确 定' }).click();
    await dialog.getByText('请输入角色名称').waitFor();
    await dialog.getByText('请选择权限').waitFor();

    await dialog.getByLabel('角色名称').fill(roleName);
    await dialog.getByLabel('备注').fill('只能查看账号列表');
    // A new role starts at 本组织 (least privilege); this one sees every organisation's accounts.
    expect(await dialog.getByRole('radio', { name: /^本组织(?!及以下)/ }).isChecked()).toBe(true);
    await dialog.getByRole('radio', { name: /^全部/ }).check();
    const node = (name: string) => dialog.getByRole('treeitem').filter({ hasText: name });
    await node('账号列表').getByRole('checkbox').click();
    expect(await node('账号列表').getByRole('checkbox').getAttribute('aria-checked')).toBe('true');
    expect(await node('账号管理').getByRole('checkbox').first().getAttribute('aria-checked')).toBe('mixed');
    await dialog.getByText('已选 3 项').waitFor();
    await screenshot(page, 'or-05-role-dialog-tree');

    // RuoYi's toolbar: 父子联动 on for a new role; 展开/折叠 closes every node and opens them again.
    expect(await dialog.getByRole('switch', { name: '父子联动' }).getAttribute('aria-checked')).toBe('true');
    const expandAll = dialog.getByRole('checkbox', { name: '展开/折叠' });
    await expandAll.uncheck();
    await expect.poll(() => node('账号列表').count()).toBe(0);
    expect(await node('用户管理').getAttribute('aria-expanded')).toBe('false');
    await screenshot(page, 'or-05d-role-tree-collapsed');
    await expandAll.check();
    await node('账号列表').waitFor();
    // Names first, the raw method and url after them; no 批量选择 on a leaf.
    expect((await node('账号列表').locator('.ant-tree-title').textContent())?.startsWith('账号列表')).toBe(true);
    expect(await node('账号列表').getByRole('button', { name: '批量选择' }).count()).toBe(0);
    for (const width of [1440, 1024, 768]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, `or-05e-role-dialog-${width}`);
    }
    await page.setViewportSize({ width: 1366, height: 800 });

    // Search keeps the path to a match and hides the rest.
    await dialog.getByPlaceholder('搜索名称、路由或接口地址').fill('/role/s');
    await node('角色列表').waitFor();
    await node('角色管理').waitFor();
    expect(await node('添加账号').count()).toBe(0);
    await screenshot(page, 'or-05b-role-tree-search');
    await dialog.getByPlaceholder('搜索名称、路由或接口地址').fill('');

    // Ticking an action brings its screen's list along, with a note; unticked again, the role is as
    // before.
    await dialog.getByPlaceholder('搜索名称、路由或接口地址').fill('删除角色');
    await node('删除角色').getByRole('checkbox').click();
    await dialog
      .getByTestId('role-prerequisites-added')
      .getByText('勾选“删除角色”时已一并勾选“角色列表”：没有它，持有该角色的账号打不开这个页面')
      .waitFor();
    await dialog.getByPlaceholder('搜索名称、路由或接口地址').fill('/role');
    await node('角色列表').waitFor();
    expect(await node('角色列表').getByRole('checkbox').getAttribute('aria-checked')).toBe('true');
    await screenshot(page, 'or-05c-role-prerequisite-added');
    await node('删除角色').getByRole('checkbox').click();
    await node('角色列表').getByRole('checkbox').click();
    await dialog.getByPlaceholder('搜索名称、路由或接口地址').fill('');
    await dialog.getByText('已选 3 项').waitFor();

    await dialog.getByRole('button', { name: '确 定' }).click();
    await page.getByText('添加成功').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: roleName });
    await row.getByText('只能查看账号列表').waitFor();
    expect((await row.locator('td').nth(3).textContent())?.trim()).toBe('0');
  });

  it('creates an account of that role in a child organisation and finds it by the parent’s subtree', async () => {
    await page.goto('/#/user/Account');
    await accountRow('admin').waitFor();
    // Nobody switches to themselves.
    const more = await openMoreActions(accountRow('admin'));
    await more.getByRole('menuitem', { name: '权限说明' }).waitFor();
    expect(await more.getByRole('menuitem', { name: '切换身份' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: '+ 添加' }).click();
    const dialog = page.getByRole('dialog', { name: /^(添加|修改)账号$/ });
    await dialog.getByLabel('账号', { exact: true }).fill(viewer.accountNumber);
    await dialog.getByLabel('用户名', { exact: true }).fill(viewer.accountName);
    await dialog.getByLabel('密码', { exact: true }).fill(viewer.password);
    await dialog.getByLabel('确认密码', { exact: true }).fill(viewer.password);
    // Ticked by default; unticked, the viewer signs in below with the password set here.
    await dialog.getByRole('checkbox', { name: '首次登录须修改密码' }).uncheck();
    await pickOrg(page, dialog.getByLabel('所属组织', { exact: true }), ['E2E集团', '研发中心']);
    await dialog.getByLabel('角色', { exact: true }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: roleName }).click();
    await dialog.getByRole('button', { name: '确 定' }).click();
    await page.getByText('添加成功').waitFor();
    await accountRow(viewer.accountNumber).getByText('研发中心').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const orgFilter = page.locator('form#accountSearch').getByLabel('所属组织');
    await pickOrg(page, orgFilter, ['E2E集团']);
    await expect.poll(() => orgPickerShows(orgFilter)).toBe('E2E集团');
    await page.getByRole('button', { name: '查询' }).click();
    await shownPage(page).getByText('共 1 条记录').waitFor();
    await accountRow(viewer.accountNumber).waitFor();
    expect(await accountRow('admin').count()).toBe(0);
    await screenshot(page, 'or-06-accounts-filtered-by-org');

    await page.getByRole('button', { name: '重置', exact: true }).click();
    await shownPage(page).getByText('共 2 条记录').waitFor();
    await expect.poll(() => orgPickerShows(orgFilter)).toBe(null);
  });

  it('refuses to delete a role in use, naming how many accounts hold it', async () => {
    await page.goto('/#/user/Role');
    const row = page.getByRole('row').filter({ hasText: roleName });
    await expect.poll(async () => (await row.locator('td').nth(3).textContent())?.trim()).toBe('1');
    await screenshot(page, 'or-07-roles-list');
    await row.getByRole('button', { name: '删除' }).click();
    const confirm = confirmDialog(`删除角色「${roleName}」？`);
    await confirm.getByText('该角色正被 1 个账号使用，需先为这些账号改换角色，否则不能删除。').waitFor();
    await screenshot(page, 'or-07b-role-delete-confirm');
    await confirm.getByRole('button', { name: '确定' }).click();
    await page.getByText('该角色正被 1 个账号使用，不能删除').waitFor();
  });

  it('an account of that role sees the account list without its actions, and is refused elsewhere', async () => {
    const context = await newContext(browser, server.baseUrl);
    const limited = await context.newPage();
    limited.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(limited, viewer.accountNumber, viewer.password);
    await limited.goto('/#/user/Account');
    await limited.getByRole('row').filter({ hasText: viewer.accountNumber }).waitFor();
    await limited.getByText('共 2 条记录').waitFor();
    expect(await limited.getByRole('button', { name: '+ 添加' }).count()).toBe(0);
    for (const action of ['编辑', '重置密码', '删除', '切换身份']) {
      expect(await limited.getByRole('button', { name: action, exact: true }).count()).toBe(0);
    }
    // No empty 操作 column, and no organisation filter it could not load.
    expect(await limited.getByRole('columnheader', { name: '操作' }).count()).toBe(0);
    expect(await limited.locator('form#accountSearch').getByLabel('所属组织').count()).toBe(0);
    await screenshot(limited, 'or-08-limited-account-view');

    await limited.goto('/#/user/Role');
    // The refusal is toasted and said in place of the rows (the list kit's failed state), never as 暂无数据.
    await limited.getByTestId('list-failed').getByText('加载失败：无权访问“角色列表”，请联系企业管理员').waitFor();
    expect(await limited.getByRole('button', { name: '+ 添加' }).count()).toBe(0);
    await screenshot(limited, 'or-09-limited-refused');
    await context.close();
  });

  it('switches to that account and back, the header saying who is being acted as', async () => {
    await page.goto('/#/user/Account');
    await chooseRowAction(accountRow(viewer.accountNumber), '切换身份');
    await confirmDialog(`确定以账号 ${viewer.accountNumber} 的身份操作?`).getByRole('button', { name: '确定' }).click();
    await waitForHash(page, /#\/$/);
    await page.getByText('已切换身份').waitFor();
    const badge = page.getByTestId('acting-as');
    await badge.getByText(`正在以 ${viewer.accountName}（${viewer.accountNumber}）的身份操作`).waitFor();
    await page.getByText(`你好，${viewer.accountName}`).waitFor();
    await screenshot(page, 'or-10-switched-header');

    // Acting as the limited account: its permissions, not the administrator's.
    await page.goto('/#/user/Account');
    await accountRow(viewer.accountNumber).waitFor();
    expect(await page.getByRole('button', { name: '+ 添加' }).count()).toBe(0);

    // The banner's 返回 (the user menu's 切换回原身份 does the same).
    await badge.getByRole('button', { name: '切换回原身份' }).click();
    await waitForHash(page, /#\/$/);
    await page.getByText('已切换回原身份').waitFor();
    await page.getByText('你好，系统管理员').waitFor();
    expect(await badge.count()).toBe(0);
    await page.goto('/#/user/Account');
    await page.getByRole('button', { name: '+ 添加' }).waitFor();
    await screenshot(page, 'or-11-restored');
  });

  it('the role dialog’s tree toolbar fits at 768 px in English, in the dark theme', async () => {
    await page.evaluate(() => {
      localStorage.setItem('gatehouse_locale', 'en-US');
      localStorage.setItem('gatehouse_theme', 'dark');
    });
    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto('/#/user/Role');
    await page.reload();
    await page.getByRole('button', { name: '+ Add' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add role' });
    const toolbar = dialog.getByTestId('resource-tree-toolbar');
    await toolbar.getByText('Link parent & child').waitFor();
    await dialog.getByRole('treeitem').first().waitFor();
    // One line, inside the dialog.
    const box = await dialog.boundingBox();
    const tops = new Set<number>();
    for (const text of ['Expand all', 'Select all', 'Link parent & child']) {
      const item = await toolbar.getByText(text, { exact: true }).boundingBox();
      tops.add(Math.round(item?.y ?? -1));
      expect((item?.x ?? 0) + (item?.width ?? 0), text).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0));
    }
    expect(tops.size).toBe(1);
    await screenshot(page, 'or-12-role-dialog-en-dark-768');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.evaluate(() => {
      localStorage.removeItem('gatehouse_locale');
      localStorage.removeItem('gatehouse_theme');
    });
    await page.setViewportSize({ width: 1366, height: 800 });
  });
});
