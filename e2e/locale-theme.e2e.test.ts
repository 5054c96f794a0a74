import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  label,
  launchBrowser,
  newContext,
  pickOrg,
  type RunningServer,
  screenshot,
  startServer,
  waitForHash,
} from './support.js';

/** The computed background colour of an element, as 'rgb(r, g, b)'. */
const backgroundOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);

/** Relative luminance (0 black … 1 white) of a computed 'rgb(...)'/'rgba(...)' colour. */
function luminance(colour: string): number {
  const [r = 0, g = 0, b = 0] = (colour.match(/[\d.]+/g) ?? []).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

describe('language and theme in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startServer({ LOGIN_CAPTCHA: 'off' });
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

  it('starts in zh-CN, switches the sign-in page to English, and answers refusals in English', async () => {
    await page.goto('/#/login');
    await page.getByPlaceholder('输入用户名').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await screenshot(page, 'i18n-01-login-zh');

    await page.getByTestId('language-switch').getByText('English', { exact: true }).click();
    // The page reloads in English.
    await page.getByPlaceholder('Account', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await expect.poll(() => page.title()).toBe('Sign in');
    await page.getByText('Gatehouse Admin Console').waitFor();

    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Please enter the account').waitFor();
    await page.getByPlaceholder('Account', { exact: true }).fill('admin');
    await page.getByPlaceholder('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // The server's message, in the language the client asked for.
    await page.getByText('Wrong account or password').waitFor();
    await screenshot(page, 'i18n-02-login-en-refused');
  });

  it('signs in; menus, titles and the account list speak English', async () => {
    await page.getByPlaceholder('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await waitForHash(page, /#\/$/);
    await page.getByText('Hello,', { exact: false }).first().waitFor();
    await screenshot(page, 'i18n-03-home-en');

    const menu = page.getByRole('menu').first();
    await menu.getByText('System', { exact: true }).waitFor();
    await menu.getByText('Users', { exact: true }).click();
    for (const item of ['Accounts', 'Organizations', 'Roles', 'Resources']) {
      await menu.getByText(item, { exact: true }).waitFor();
    }
    await menu.getByText('Accounts', { exact: true }).click();
    await waitForHash(page, /#\/user\/Account$/);
    await expect.poll(() => page.title()).toBe('Accounts');
    for (const column of ['Account', 'Name', 'Organization', 'Role', 'Status', 'Created', 'Actions']) {
      await page.getByRole('columnheader', { name: column, exact: true }).waitFor();
    }
    await page.getByText('Total: 1').waitFor();
    // antd's own texts (pagination) follow too.
    expect(await page.getByText('20 / page').count()).toBeGreaterThan(0);
    await screenshot(page, 'i18n-04-accounts-en');
  });

  it('shows a duplicate account number refused by the server in English', async () => {
    await page.getByRole('button', { name: '+ Add' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add account' });
    await dialog.getByLabel('Account', { exact: true }).fill('admin');
    await dialog.getByLabel('Name', { exact: true }).fill('Duplicate');
    await dialog.getByLabel('Password', { exact: true }).fill('Zs#2026-safe');
    await dialog.getByLabel('Confirm', { exact: true }).fill('Zs#2026-safe');
    // The seeded root in English (docs/adr/0037).
    await pickOrg(page, dialog.getByLabel('Organization', { exact: true }), ['Head office']);
    await dialog.getByRole('button', { name: label('OK') }).click();
    // Under Account itself (the server names the field, ADR 0031), besides the toast.
    await dialog.getByText('Account “admin” already exists').waitFor();
    await screenshot(page, 'i18n-05-duplicate-en');
    await dialog.getByRole('button', { name: label('Cancel') }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('keeps English across a reload', async () => {
    await page.reload();
    await page.getByRole('columnheader', { name: 'Account', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await page.getByRole('menu').first().getByText('Accounts', { exact: true }).waitFor();
  });

  it('tours the other screens in English (screenshots for a person to check)', async () => {
    const screens: Array<[path: string, title: string, shot: string]> = [
      ['/#/user/Organization', 'Organizations', 'i18n-09-orgs-en'],
      ['/#/user/Role', 'Roles', 'i18n-10-roles-en'],
      ['/#/user/Resource', 'Resources', 'i18n-11-resources-en'],
      ['/#/system/Dict', 'Dictionaries', 'i18n-12-dicts-en'],
      ['/#/system/Profile', 'Profile', 'i18n-13-profile-en'],
    ];
    for (const [path, title, shot] of screens) {
      await page.goto(path);
      await expect.poll(() => page.title()).toBe(title);
      await page.getByRole('heading', { name: title, exact: true }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await screenshot(page, shot);
    }
    await page.goto('/#/user/Role');
    await page.getByRole('button', { name: '+ Add' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add role' });
    await dialog.getByLabel('Role name', { exact: true }).waitFor();
    await screenshot(page, 'i18n-14-role-dialog-en');
    await dialog.getByRole('button', { name: label('Cancel') }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.goto('/#/user/Account');
    await page.getByRole('columnheader', { name: 'Account', exact: true }).waitFor();
  });

  it('switches to the dark theme, keeps it across a reload, and switches back', async () => {
    const before = await backgroundOf(page, 'main');
    expect(luminance(await backgroundOf(page, 'body'))).toBeGreaterThan(0.9);
    await page.getByRole('button', { name: 'Switch to the dark theme' }).click();
    await page.getByRole('button', { name: 'Switch to the light theme' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await expect.poll(async () => luminance(await backgroundOf(page, 'body'))).toBeLessThan(0.15);
    // The content area sits on a dark surface, its text is light.
    expect(await backgroundOf(page, 'main')).toBe(before);
    const shell = await page
      .locator('main')
      .evaluate((el) => getComputedStyle(el.parentElement?.parentElement as Element).backgroundColor);
    expect(luminance(shell)).toBeLessThan(0.15);
    const headerText = await page
      .getByRole('columnheader', { name: 'Account', exact: true })
      .evaluate((el) => getComputedStyle(el).color);
    expect(luminance(headerText)).toBeGreaterThan(0.6);
    await screenshot(page, 'i18n-06-accounts-dark');

    await page.reload();
    await page.getByRole('columnheader', { name: 'Account', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(luminance(await backgroundOf(page, 'body'))).toBeLessThan(0.15);

    await page.getByText('Gatehouse', { exact: true }).first().click();
    await waitForHash(page, /#\/$/);
    await page.getByTestId('chart-per-day').waitFor();
    await screenshot(page, 'i18n-07-home-dark');

    await page.getByRole('button', { name: 'Switch to the light theme' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await expect.poll(async () => luminance(await backgroundOf(page, 'body'))).toBeGreaterThan(0.9);
  });

  it('offers both switches on the sign-in page, in the dark theme too, and back to Chinese', async () => {
    await page.getByRole('button', { name: 'Switch to the dark theme' }).click();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: label('OK') })
      .click();
    await waitForHash(page, /#\/login/);
    await page.getByPlaceholder('Account', { exact: true }).waitFor();
    expect(luminance(await backgroundOf(page, 'body'))).toBeLessThan(0.15);
    await screenshot(page, 'i18n-08-login-en-dark');

    await page.getByTestId('language-switch').getByText('中文', { exact: true }).click();
    await page.getByPlaceholder('输入用户名').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await page.getByRole('button', { name: '切换到浅色主题' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await page.reload();
    await page.getByPlaceholder('输入用户名').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('gatehouse_theme'))).toBe('light');
  });
});
