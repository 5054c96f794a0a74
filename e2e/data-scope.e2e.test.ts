import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  apiCall,
  chooseRowAction,
  label,
  launchBrowser,
  newContext,
  openOrgPicker,
  orgPickerNode,
  type RunningServer,
  screenshot,
  shownPage,
  signInAsAdmin,
  startServer,
  waitForHash,
} from './support.js';

// 数据权限: a branch manager's role is limited to its branch in the role dialog; the manager signs in and
// sees only the branch's accounts and organisations, cannot move an account out of it, and an administrator sees
// why (权限说明) and previews it (权限预览).

const PASSWORD = 'Branch#Manager2026';
const ROLE = '分公司管理员';

describe('data scope in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let managerPage: Page;
  let admin: string;
  const pageErrors: string[] = [];
  const org = { root: 0, east: 0, shanghai: 0, south: 0 };
  const ids: Record<string, number> = {};

  const post = (path: string, body: unknown, method = 'POST') => apiCall(server, path, { method, body, token: admin });
  const row = (target: Page, text: string) => shownPage(target).getByRole('row').filter({ hasText: text });

  beforeAll(async () => {
    server = await startServer({ LOGIN_CAPTCHA: 'off' });
    browser = await launchBrowser();
    admin = (await apiCall(server, '/login', {
      method: 'POST',
      body: { account: 'admin', password: ADMIN_PASSWORD },
    })) as string;
    org.root = ((await apiCall(server, '/orgs', { token: admin })) as Array<{ id: number }>)[0]!.id;
    const makeOrg = async (name: string, pid: number) => ((await post('/org', { name, pid })) as { id: number }).id;
    org.east = await makeOrg('华东区', org.root);
    org.shanghai = await makeOrg('上海分公司', org.east);
    org.south = await makeOrg('华南区', org.root);
    const resources = (await apiCall(server, '/resources', { token: admin })) as Array<{
      id: number;
      route: string | null;
      method: string | null;
      url: string | null;
    }>;
    const menu = (route: string) => resources.find((r) => r.route === route)!.id;
    const api = (method: string, url: string) => resources.find((r) => r.method === method && r.url === url)!.id;
    // The role starts as every role did before data scopes (全部); the dialog limits it below.
    const role = (await post('/role', {
      name: ROLE,
      remark: '管理本分公司的账号',
      resources: [
        menu('/user'),
        menu('/user/Account'),
        menu('/user/Organization'),
        api('get', '/account/s'),
        api('put', '/account'),
        api('get', '/orgs'),
        api('get', '/role/s'),
      ],
    })) as { id: number };
    ids.role = role.id;
    const account = async (accountNumber: string, accountName: string, orgId: number, roleId?: number) => {
      const made = (await post('/account', {
        accountNumber,
        accountName,
        password: PASSWORD,
        orgId,
        roleId,
        state: 1,
        mustChangePassword: false,
      })) as { id: number };
      ids[accountNumber] = made.id;
    };
    await account('e2e.manager', '华东经理', org.east, role.id);
    await account('e2e.east', '华东员工', org.east);
    await account('e2e.shanghai', '上海员工', org.shanghai);
    await account('e2e.south', '华南员工', org.south);

    page = await (await newContext(browser, server.baseUrl)).newPage();
    managerPage = await (await newContext(browser, server.baseUrl)).newPage();
    for (const target of [page, managerPage]) target.on('pageerror', (error) => pageErrors.push(error.message));
    await signInAsAdmin(page, '/user/Role');
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') {
      await screenshot(page, `scope-failed-${context.task.name.slice(0, 30)}`);
      await screenshot(managerPage, `scope-failed-manager-${context.task.name.slice(0, 30)}`);
    }
  });

  afterAll(async () => {
    await browser?.close();
    expect(pageErrors).toEqual([]);
    expect(await server?.stop()).toBe(0);
  });

  it('limits the branch manager’s role to 本组织及以下 in the role dialog', async () => {
    await row(page, ROLE)
      .getByRole('button', { name: label('编辑') })
      .click();
    const dialog = page.getByRole('dialog', { name: /^(添加|修改)角色$/ });
    await dialog.getByText('数据权限', { exact: true }).waitFor();
    await dialog.getByRole('radio', { name: /本组织及以下/ }).check();
    await dialog.getByText('持有该角色的账号可以看到和修改其所属组织及全部下级组织的账号').waitFor();
    await screenshot(page, 'scope-01-role-dialog');
    await dialog.getByRole('button', { name: label('确定') }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row(page, ROLE).getByText('本组织及以下').waitFor();
    const roles = (await apiCall(server, '/role/s', { token: admin })) as Array<{ id: number; dataScope: string }>;
    expect(roles.find((r) => r.id === ids.role)?.dataScope).toBe('orgTree');
    await screenshot(page, 'scope-02-role-list');
  });

  it('the manager sees only the branch’s accounts, and its organisations below the path to them', async () => {
    await managerPage.goto('/#/login?redirect=/user/Account');
    await managerPage.getByPlaceholder('输入用户名').fill('e2e.manager');
    await managerPage.getByPlaceholder('输入密码').fill(PASSWORD);
    await managerPage.getByRole('button', { name: label('登录') }).click();
    await waitForHash(managerPage, /#\/user\/Account$/);
    await managerPage.getByText('共 3 条记录').waitFor();
    for (const number of ['e2e.manager', 'e2e.east', 'e2e.shanghai']) await row(managerPage, number).waitFor();
    expect(await row(managerPage, 'e2e.south').count()).toBe(0);
    expect(await row(managerPage, 'admin').count()).toBe(0);
    await screenshot(managerPage, 'scope-03-manager-accounts');

    await managerPage.goto('/#/user/Organization');
    const tree = shownPage(managerPage);
    // The top is shown greyed, only as the path down to the branch.
    const root = tree.getByRole('row').filter({ hasText: '总公司' });
    await root.waitFor();
    expect(await root.getAttribute('title')).toBe('不在您的数据权限范围内，仅作为路径显示');
    // Opened by itself down the path to the manager's own branch, and that branch on its first level.
    await root.getByRole('button', { name: '收起 总公司' }).waitFor();
    await tree.getByText('华东区', { exact: true }).first().waitFor();
    await tree.getByRole('button', { name: '收起 华东区' }).waitFor();
    await tree.getByText('上海分公司', { exact: true }).first().waitFor();
    expect(await tree.getByText('华南区', { exact: true }).count()).toBe(0);
    expect(await managerPage.getByRole('button', { name: /添加根节点/ }).count()).toBe(0);
    await screenshot(managerPage, 'scope-04-manager-tree');
  });

  it('the manager cannot move an account out of the branch', async () => {
    await managerPage.goto('/#/user/Account');
    await row(managerPage, 'e2e.shanghai')
      .getByRole('button', { name: label('编辑') })
      .click();
    const dialog = managerPage.getByRole('dialog', { name: /^(添加|修改)账号$/ });
    await openOrgPicker(managerPage, dialog.getByLabel('所属组织', { exact: true }));
    // Opened through the path (总公司, greyed) down to the account's own organisation, marked.
    await orgPickerNode(managerPage, '上海分公司').and(managerPage.locator('[aria-selected="true"]')).waitFor();
    expect(await orgPickerNode(managerPage, '总公司').getAttribute('aria-disabled')).toBe('true');
    await screenshot(managerPage, 'scope-05-manager-picker');
    // Only the branch can be picked: the top is a path, the other branch is not there at all, nor found by a search.
    expect(await orgPickerNode(managerPage, '华南区').count()).toBe(0);
    await dialog.getByLabel('所属组织', { exact: true }).fill('华');
    await orgPickerNode(managerPage, '总公司 / 华东区').waitFor();
    expect(await orgPickerNode(managerPage, '总公司 / 华南区').count()).toBe(0);
    await managerPage.keyboard.press('Escape');
    await dialog.getByRole('button', { name: label('取消') }).click();

    // A request made by hand is refused by the server in words, and nothing moves.
    const token = (await apiCall(server, '/login', {
      method: 'POST',
      body: { account: 'e2e.manager', password: PASSWORD },
    })) as string;
    const moved = await fetch(`${server.baseUrl}/api/account`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({
        id: ids['e2e.shanghai'],
        accountNumber: 'e2e.shanghai',
        accountName: '上海员工',
        orgId: org.south,
        state: 1,
      }),
    });
    expect(moved.status).toBe(403);
    expect(((await moved.json()) as { msg: string }).msg).toBe('该组织不在您的数据权限范围内，您不能执行“编辑账号”');
    const list = (await apiCall(server, '/account/s?p=1&pageSize=10&accountNumber=e2e.shanghai', {
      token: admin,
    })) as { list: Array<{ orgId: number }> };
    expect(list.list[0]?.orgId).toBe(org.shanghai);
  });

  it('the administrator sees why: 权限说明 names the scope in words, and 权限预览 shows the branch as the manager sees it', async () => {
    await page.goto('/#/user/Account');
    await chooseRowAction(row(page, 'e2e.manager'), '权限说明');
    const drawer = page.getByRole('dialog').filter({ hasText: '权限说明' });
    await drawer.getByText('本组织及以下', { exact: true }).waitFor();
    await drawer.getByText('华东区（含 1 个下级组织，3 个账号）', { exact: true }).waitFor();
    await drawer.getByText(ROLE).first().waitFor();
    await screenshot(page, 'scope-06-explain');
    await drawer.getByRole('button', { name: '预览其视图' }).click();
    await waitForHash(page, /#\/view-as\?/);
    // The preview's own screen, not the account list still shown while its code loads (which lists e2e.south).
    await page.getByRole('heading', { name: '权限预览' }).waitFor();
    for (const number of ['e2e.manager', 'e2e.east', 'e2e.shanghai']) {
      await page.getByRole('row').filter({ hasText: number }).first().waitFor();
    }
    expect(await page.getByRole('row').filter({ hasText: 'e2e.south' }).count()).toBe(0);
    await screenshot(page, 'scope-07-view-as');
  });
});
