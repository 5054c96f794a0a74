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
} from './support.js';

describe('region cascader in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startServer({ LOGIN_CAPTCHA: 'off' });
    browser = await launchBrowser();
    page = await (await newContext(browser, server.baseUrl)).newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto('/#/login');
    await page.getByPlaceholder('输入用户名').fill('admin');
    await page.getByPlaceholder('输入密码').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: label('登录') }).click();
    await page.waitForURL(/#\/$/);
  });
  afterAll(async () => {
    await browser?.close();
    expect(pageErrors).toEqual([]);
    expect(await server?.stop()).toBe(0);
  });

  it('gives an organisation its 所在地区 level by level, and shows it again on edit', async () => {
    await page.goto('/#/user/Organization');
    await page.locator('tr.ant-table-row').filter({ hasText: '总公司' }).waitFor();
    await page.getByRole('button', { name: '+ 添加根节点' }).click();
    const dialog = page.getByRole('dialog', { name: /^(添加|修改)组织$/ });
    await dialog.getByLabel('名称', { exact: true }).fill('苏州分公司');
    await dialog.getByLabel('所在地区').click();
    // Provinces come first; each level loads when its parent is opened.
    await page
      .locator('.ant-cascader-menu-item')
      .filter({ hasText: /^江苏省$/ })
      .click();
    await page
      .locator('.ant-cascader-menu-item')
      .filter({ hasText: /^苏州市$/ })
      .click();
    await page
      .locator('.ant-cascader-menu-item')
      .filter({ hasText: /^吴中区$/ })
      .click();
    await screenshot(page, 'region-01-org-dialog');
    await dialog.getByRole('button', { name: label('确定') }).click();
    await page.getByText('添加成功').waitFor();

    const row = page.locator('tr.ant-table-row').filter({ hasText: '苏州分公司' });
    await row.getByRole('button', { name: '编辑' }).click();
    await dialog.getByText('江苏省 / 苏州市 / 吴中区').waitFor();
    await dialog.getByRole('button', { name: label('取消') }).click();
  });

  it('finds a place by name on the personal page and keeps it as the 联系地址 region', async () => {
    await page.goto('/#/system/Profile');
    const region = page.getByLabel('所在地区');
    await region.click();
    await region.fill('朝阳');
    const hit = page.locator('.ant-cascader-menu-item').filter({ hasText: '北京市 / 朝阳区' }).first();
    await hit.waitFor();
    await screenshot(page, 'region-02-profile-search');
    await hit.click();
    await page.getByLabel('详细地址，如街道、门牌号').fill('建国路 1 号');
    await page.getByRole('button', { name: label('保存') }).click();
    await page.getByText('更新成功！').first().waitFor();

    await page.reload();
    await page.getByText('北京市 / 朝阳区').first().waitFor();
    expect(await page.getByLabel('详细地址，如街道、门牌号').inputValue()).toBe('建国路 1 号');
    await screenshot(page, 'region-03-profile-saved');
  });

  it('opens the districts of a search hit chosen from the list (上海市), instead of closing', async () => {
    await page.goto('/#/system/Profile');
    const region = page.getByLabel('所在地区');
    await region.click();
    await region.fill('上海');
    const item = (text: string | RegExp) => page.locator('.ant-cascader-menu-item').filter({ hasText: text }).first();
    await item(/^上海市$/).click();
    await item('黄浦区').waitFor();
    await screenshot(page, 'region-04-search-hit-opens');
    await item('黄浦区').click();
    // The field shows the path chosen (an aria-live copy of it is hidden, so the visible one is asked for).
    await expect
      .poll(() =>
        page
          .getByText('上海市 / 黄浦区', { exact: true })
          .evaluateAll((found) => found.some((el) => (el as HTMLElement).offsetParent !== null)),
      )
      .toBe(true);
  });
});
