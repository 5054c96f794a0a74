// In the browser: the dominance rule on the account screen (a narrower account sees what it may not
// touch, disabled, with the reason), and sudo mode on the personal page (a new mobile number proven by a code,
// then the identity dialog once the sign-in's verification has lapsed).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  ageVerification,
  label,
  launchBrowser,
  newContext,
  type RunningServer,
  screenshot,
  startServer,
  waitForCode,
  waitForHash,
} from './support.js';

/**
 * The sudo window (SUDO_SECONDS), told as 1 分钟 in the refusal; the profile tests age the session's verification past
 * it in the database instead of waiting (ageVerification).
 */
const SUDO_SECONDS = 60;

describe('dominance rule and sudo mode in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let admin = '';
  const pageErrors: string[] = [];
  const manager = { accountNumber: 'e2e.manager', password: 'Mg#2026-safe' };

  async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${server.baseUrl}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(admin ? { authorization: admin } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; msg: string; data: T };
    if (res.status !== 200) throw new Error(`${method} ${path}: ${json.msg}`);
    return json.data;
  }

  const row = (accountNumber: string) => page.getByRole('row').filter({ hasText: accountNumber });

  beforeAll(async () => {
    server = await startServer({ LOGIN_CAPTCHA: 'off', SUDO_SECONDS: String(SUDO_SECONDS) });
    browser = await launchBrowser();
    admin = await api<string>('POST', '/login', { account: 'admin', password: ADMIN_PASSWORD });
    const resources = await api<Array<{ id: number; route: string | null; method: string | null; url: string | null }>>(
      'GET',
      '/resources',
    );
    const ids = (...keys: string[]) =>
      keys.map((key) => resources.find((r) => r.route === key || `${r.method},${r.url}` === key)!.id);
    // Manages accounts, but holds nothing of the dictionaries.
    const narrow = await api<{ id: number }>('POST', '/role', {
      name: '账号管理员',
      resources: ids(
        '/user',
        '/user/Account',
        'get,/account/s',
        'post,/account',
        'put,/account',
        'delete,/account',
        'put,/account/reset',
        'get,/account/front/identity/switch',
        'get,/role/s',
        'get,/orgs',
      ),
    });
    const wide = await api<{ id: number }>('POST', '/role', {
      name: '字典与账号管理员',
      resources: ids('/user', '/user/Account', 'get,/account/s', '/system', '/system/Dict', 'get,/dict/s'),
    });
    const account = (accountNumber: string, accountName: string, roleId: number) =>
      api('POST', '/account', { accountNumber, accountName, password: manager.password, orgId: 1, roleId, state: 1 });
    await account(manager.accountNumber, '账号管理员甲', narrow.id);
    await account('e2e.peer', '账号管理员乙', narrow.id);
    await account('e2e.wider', '字典管理员', wide.id);

    page = await (await newContext(browser, server.baseUrl)).newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/#/login?redirect=%2Fuser%2FAccount');
    await page.getByPlaceholder('输入用户名').fill(manager.accountNumber);
    await page.getByPlaceholder('输入密码').fill(manager.password);
    await page.getByRole('button', { name: label('登录') }).click();
    await page.waitForFunction(() => location.hash.startsWith('#/user/Account'), undefined, { timeout: 60_000 });
  });

  afterAll(async () => {
    await browser?.close();
    expect(pageErrors).toEqual([]);
    expect(await server?.stop()).toBe(0);
  });

  it('disables every action on a wider account and on the built-in admin, with the reason on hover', async () => {
    await row('e2e.wider').waitFor();
    // This administrator holds four row actions: all four are links (a 更多 of one would only add a click).
    for (const name of ['编辑', '重置密码', '删除', '切换身份']) {
      expect(
        await row('e2e.wider')
          .getByRole('button', { name: label(name) })
          .isDisabled(),
      ).toBe(true);
      expect(
        await row('admin')
          .getByRole('button', { name: label(name) })
          .isDisabled(),
      ).toBe(true);
    }
    // A peer with the same role is fair game.
    expect(
      await row('e2e.peer')
        .getByRole('button', { name: label('编辑') })
        .isEnabled(),
    ).toBe(true);
    expect(
      await row('e2e.peer')
        .getByRole('button', { name: label('重置密码') })
        .isEnabled(),
    ).toBe(true);

    await row('e2e.wider')
      .getByRole('button', { name: label('编辑') })
      .hover();
    await page.getByRole('tooltip').filter({ hasText: '该账号拥有您没有的权限，不能操作' }).waitFor();
    await screenshot(page, 'authz-01-wider-row-1440');

    await page.mouse.move(0, 0);
    await row('admin')
      .getByRole('button', { name: label('重置密码') })
      .hover();
    await page.getByRole('tooltip').filter({ hasText: '内置管理员账号只能由其本人操作' }).waitFor();
    await screenshot(page, 'authz-02-admin-row-1440');

    await page.setViewportSize({ width: 768, height: 900 });
    await page.mouse.move(0, 0);
    await row('e2e.wider')
      .getByRole('button', { name: label('删除') })
      .hover();
    await page.getByRole('tooltip').filter({ hasText: '该账号拥有您没有的权限，不能操作' }).waitFor();
    await screenshot(page, 'authz-03-wider-row-768');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('offers only the roles the account may hand out in the account dialog', async () => {
    await page.mouse.move(0, 0);
    await row('e2e.peer')
      .getByRole('button', { name: label('编辑') })
      .click();
    const dialog = page.getByRole('dialog', { name: /^(添加|修改)账号$/ });
    await dialog.getByLabel('角色', { exact: true }).click();
    const option = (name: string | RegExp) => page.locator('.ant-select-item-option').filter({ hasText: name });
    await option('字典与账号管理员（不可分配）').waitFor();
    expect(await option('字典与账号管理员').getAttribute('aria-disabled')).toBe('true');
    expect(await option('超级管理员').getAttribute('aria-disabled')).toBe('true');
    expect(await option(/^账号管理员$/).getAttribute('aria-disabled')).toBe('false');
    await screenshot(page, 'authz-04-role-select');
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: label('取消') }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('changes the own mobile number with a code to the new one and, once sudo lapsed, the identity dialog', async () => {
    await page.goto('/#/system/Profile');
    await waitForHash(page, /#\/system\/Profile$/);
    const profile = page.locator('form#profileForm');
    const mobile = '13912345678';
    await profile.getByLabel('手机号码', { exact: true }).fill(mobile);
    const codeItem = profile.locator('.ant-form-item').filter({ has: page.getByLabel('手机验证码', { exact: true }) });
    await codeItem.getByText('更换手机号需验证新号码').waitFor();
    const sent = new Date();
    await codeItem.getByRole('button', { name: '获取验证码' }).click();
    await codeItem
      .getByLabel('手机验证码', { exact: true })
      .fill(await waitForCode(server, { channel: 'sms', to: mobile, since: sent }));
    await screenshot(page, 'authz-05-profile-mobile-code');

    ageVerification(server);
    await profile.getByRole('button', { name: label('保存') }).click();
    const verify = page.getByRole('dialog', { name: '验证身份（密码验证）' });
    await verify.getByText('为确保您的账号安全，请先验证身份').waitFor();
    // Only the methods that prove identity: no image captcha, and no mobile or e-mail, which this account has not
    // proven (an administrator's or an unsaved one proves nothing): its password.
    await verify.getByPlaceholder('请输入当前登录密码').waitFor();
    expect(await verify.getByText('邮箱验证', { exact: true }).count()).toBe(0);
    expect(await verify.getByText('手机验证', { exact: true }).count()).toBe(0);
    expect(await verify.getByText('图形验证码').count()).toBe(0);
    await screenshot(page, 'authz-06-sudo-dialog');

    await verify.getByPlaceholder('请输入当前登录密码').fill(manager.password);
    await verify.getByRole('button', { name: label('立即验证') }).click();
    await page.getByText('更新成功！').waitFor();
    await verify.waitFor({ state: 'hidden' });
    await page.locator('.ant-descriptions').getByText(mobile).waitFor();
    expect(await profile.getByLabel('手机验证码', { exact: true }).count()).toBe(0);
    await screenshot(page, 'authz-07-profile-saved');
  });

  it('shows the identity dialog in the dark theme as well', async () => {
    await page.getByRole('button', { name: '切换到深色主题' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const profile = page.locator('form#profileForm');
    await profile.getByLabel('手机号码', { exact: true }).fill('');
    // Removing the number needs no code, only a recent verification.
    ageVerification(server);
    await profile.getByRole('button', { name: label('保存') }).click();
    const verify = page.getByRole('dialog', { name: '验证身份（密码验证）' });
    await verify.getByText('为确保您的账号安全，请先验证身份').waitFor();
    await screenshot(page, 'authz-08-sudo-dialog-dark');
    // Closing it gives up: the refusal is told and nothing changed.
    await verify.locator('.ant-modal-close').click();
    await page.getByText('该操作需要在 1 分钟内验证过身份，请先验证身份').waitFor();
    await page.locator('.ant-descriptions').getByText('13912345678').waitFor();
  });
});
