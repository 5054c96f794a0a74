import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  label,
  launchBrowser,
  newContext,
  type RunningServer,
  screenshot,
  settleMotion,
  startServer,
  waitForCode,
  waitForHash,
} from './support.js';

/**
 * Registration, sign-in with the image captcha, forgotten password and password change, against the real server
 * with the sign-in captcha on. Codes are read from the server's outbox (no SMS provider; CAPTCHA_TEST_MODE also
 * writes every captcha answer there).
 */
describe('verification, registration and passwords in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;
  const pageErrors: string[] = [];

  const MOBILE = '13900000001';
  const NAME = '林注册';
  const COMPANY = '苏州示例科技有限公司';
  const PASSWORD = 'Register#2026';
  const RESET_PASSWORD = 'Recovered#2026';
  const CHANGED_PASSWORD = 'Changed#2026';

  const isCaptchaImage = (url: string) => url.includes('/api/captcha/image?') || url.endsWith('/api/captcha/image');

  /** The id of the next captcha image the page loads: call before the action that shows it. */
  const nextCaptcha = () =>
    page
      .waitForResponse((response) => isCaptchaImage(response.url()), { timeout: 60_000 })
      .then(async (response) => ((await response.json()) as { data: { id: string } }).data.id);

  /** The answer of a captcha image (CAPTCHA_TEST_MODE writes it to the outbox). */
  const answerOf = (id: string) => waitForCode(server, { channel: 'captcha', to: id });

  async function freshPage() {
    context = await newContext(browser, server.baseUrl);
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  }

  /** Opens the sign-in page and answers the id of its captcha image. */
  async function openLogin(): Promise<string> {
    const captcha = nextCaptcha();
    await page.goto('/#/login');
    await page.getByPlaceholder('输入用户名').waitFor();
    return captcha;
  }

  /** Signs in through the page (account, password, captcha); resolves once `landing` (home) shows. */
  async function signIn(account: string, password: string, captchaId: string, landing = /#\/$/) {
    await page.getByPlaceholder('输入用户名').fill(account);
    await page.getByPlaceholder('输入密码').fill(password);
    await page.getByPlaceholder('验证码', { exact: true }).fill(await answerOf(captchaId));
    await page.getByRole('button', { name: label('登录') }).click();
    await waitForHash(page, landing);
  }

  beforeAll(async () => {
    // One number receives several codes within a minute here; the per-number resend pause is the server's to test.
    server = await startServer({ CAPTCHA_TEST_MODE: '1', VERIFY_RESEND_SECONDS: '0', REGISTRATION: 'on' });
    browser = await launchBrowser();
  });

  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  afterAll(async () => {
    await browser?.close();
    expect(pageErrors).toEqual([]);
    expect(await server?.stop()).toBe(0);
  });

  it('checks the sign-in captcha and shows a new image after a wrong answer', async () => {
    await freshPage();
    const firstId = await openLogin();
    await expect.poll(() => page.title()).toBe('登录');
    const answer = await answerOf(firstId);
    await page.getByPlaceholder('输入用户名').fill('admin');
    await page.getByPlaceholder('输入密码').fill('whatever-password');
    await screenshot(page, 'ver-01-login-captcha');

    const wrong = answer.toLowerCase() === 'xxxx' ? 'yyyy' : 'xxxx';
    await page.getByPlaceholder('验证码', { exact: true }).fill(wrong);
    const next = nextCaptcha();
    await page.getByRole('button', { name: label('登录') }).click();
    await page.getByText('验证失败，请重试').waitFor();
    const secondId = await next;
    expect(secondId).not.toBe(firstId);
    // The wrong answer is gone, the new image is there to be read, and nobody was signed in.
    expect(await page.getByPlaceholder('验证码', { exact: true }).inputValue()).toBe('');
    await page.locator(`img[src^="data:image"]`).waitFor();
    expect(page.url()).toMatch(/#\/login/);
    await screenshot(page, 'ver-02-login-captcha-failed');

    // A right answer with a wrong password is refused by the server; its token is spent, so a new image loads.
    await page.getByPlaceholder('验证码', { exact: true }).fill(await answerOf(secondId));
    const third = nextCaptcha();
    await page.getByRole('button', { name: label('登录') }).click();
    await page.getByText('账号或密码错误').waitFor();
    expect(await third).not.toBe(secondId);
    expect(await page.getByPlaceholder('验证码', { exact: true }).inputValue()).toBe('');
  });

  it('registers by mobile with an SMS code, then signs in with the new account', async () => {
    await freshPage();
    await openLogin();
    const captcha = nextCaptcha();
    await page.getByRole('link', { name: /立即注册/ }).click();
    await waitForHash(page, /#\/register$/);
    await expect.poll(() => page.title()).toBe('注册');
    const captchaId = await captcha;

    // Nothing is sent without a valid number; the code needs the image captcha.
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('请输入手机号').waitFor();
    await page.getByPlaceholder('请输入手机号').fill('1390000');
    await page.getByRole('button', { name: label('确认') }).click();
    await page.getByText('手机号格式有误，请重新输入').waitFor();
    await page.getByText('请填写验证码').waitFor();
    await page.getByText('请输入姓名').waitFor();
    await page.getByText('请输入工作单位').waitFor();
    await page.getByText('请输入密码', { exact: true }).waitFor();
    await page.getByText('请再次输入密码', { exact: true }).waitFor();
    await screenshot(page, 'ver-03-register-validation');

    await page.getByPlaceholder('请输入手机号').fill(MOBILE);
    await page.getByPlaceholder('图形验证码').fill(await answerOf(captchaId));
    const since = new Date();
    await page.getByRole('button', { name: '获取验证码' }).click();
    const code = await waitForCode(server, { channel: 'sms', to: MOBILE, since });
    // VERIFY_RESEND_SECONDS=0 here: no countdown (session-end-and-auth.e2e.test.ts sees the default 30 s one).
    await expect.poll(() => page.getByPlaceholder('图形验证码').inputValue()).toBe('');
    expect(await page.getByRole('button', { name: '获取验证码' }).isEnabled()).toBe(true);

    await page.getByPlaceholder('请输入验证码').fill(code);
    await page.getByPlaceholder('请输入姓名').fill(` ${NAME} `);
    await page.getByPlaceholder('请输入工作单位').fill(COMPANY);
    const password = page.locator('#register_password');
    await password.fill('abcdefgh');
    await page.getByText('密码至少包含字母、数字、符号中的 2 类').waitFor();
    await password.fill(PASSWORD);
    await page.getByPlaceholder('请再次输入密码').fill(`${PASSWORD}x`);
    await page.getByText('两次输入密码不一致!').waitFor();
    await page.getByPlaceholder('请再次输入密码').fill(PASSWORD);
    await expect.poll(() => page.getByText('两次输入密码不一致!').count()).toBe(0);
    await screenshot(page, 'ver-04-register-filled');

    await page.getByRole('button', { name: label('确认') }).click();
    const success = page.getByRole('dialog').filter({ hasText: '注册成功,请登录' });
    await success.waitFor();
    await settleMotion(page);
    await screenshot(page, 'ver-05-register-success');
    const loginCaptcha = nextCaptcha();
    await success.getByRole('button', { name: label('确定') }).click();
    await waitForHash(page, /#\/login$/);
    const loginCaptchaId = await loginCaptcha;
    // The new account number (the mobile) is filled in.
    expect(await page.getByPlaceholder('输入用户名').inputValue()).toBe(MOBILE);

    await signIn(MOBILE, PASSWORD, loginCaptchaId);
    await page.getByText(NAME, { exact: true }).first().waitFor();
    // Without a role the account still finds its personal page in the side menu (and nothing else).
    const sideMenu = page.getByRole('menu').first();
    await sideMenu.getByText('系统设置').click();
    await sideMenu.getByText('个人信息').waitFor();
    expect(await sideMenu.getByText('账号管理').count()).toBe(0);
    await screenshot(page, 'ver-06-registered-home');
  });

  it('refuses a second registration of the same number when sending the code', async () => {
    await freshPage();
    const captcha = nextCaptcha();
    await page.goto('/#/register');
    await page.getByPlaceholder('请输入手机号').fill(MOBILE);
    await page.getByPlaceholder('图形验证码').fill(await answerOf(await captcha));
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('该手机号已注册，请直接登录').first().waitFor();
    expect(await page.getByRole('button', { name: '获取验证码' }).isEnabled()).toBe(true);
  });

  it('recovers a forgotten password with a code sent to the mobile', async () => {
    await freshPage();
    const loginCaptchaId = await openLogin();
    const dialog = page.getByRole('dialog');
    await page.getByRole('button', { name: '忘记密码？' }).click();
    await dialog.getByText('验证身份（邮箱验证）').waitFor();
    await settleMotion(page);
    await screenshot(page, 'ver-07-forgot-email');

    const captcha = nextCaptcha();
    await dialog.getByText('手机验证', { exact: true }).click();
    await dialog.getByText('验证身份（手机验证）').waitFor();
    const captchaId = await captcha;
    await dialog.getByPlaceholder('请输入绑定手机').fill(MOBILE);
    await dialog.getByPlaceholder('图形验证码').fill(await answerOf(captchaId));
    const since = new Date();
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    const code = await waitForCode(server, { channel: 'sms', to: MOBILE, since });
    await dialog.getByPlaceholder('请输入验证码').fill(code);
    await screenshot(page, 'ver-08-forgot-mobile');
    await dialog.getByRole('button', { name: '立即验证' }).click();

    await waitForHash(page, /#\/update-password\?authCode=/);
    await expect.poll(() => page.title()).toBe('修改密码');
    await page.getByPlaceholder('请输入新密码').fill(RESET_PASSWORD);
    await page.getByPlaceholder('请再次输入新密码').fill(RESET_PASSWORD);
    await screenshot(page, 'ver-09-update-password');
    await page.getByRole('button', { name: '提交' }).click();
    const done = page.getByRole('dialog').filter({ hasText: '密码修改成功' });
    await done.waitFor();
    await settleMotion(page);
    await screenshot(page, 'ver-10-password-changed');
    const captchaAgain = nextCaptcha();
    await done.getByRole('button', { name: label('确定') }).click();
    await waitForHash(page, /#\/login$/);
    let currentCaptcha = await captchaAgain;

    // The old password no longer works; the new one does.
    await page.getByPlaceholder('输入用户名').fill(MOBILE);
    await page.getByPlaceholder('输入密码').fill(PASSWORD);
    await page.getByPlaceholder('验证码', { exact: true }).fill(await answerOf(currentCaptcha));
    const refreshed = nextCaptcha();
    await page.getByRole('button', { name: label('登录') }).click();
    await page.getByText('账号或密码错误').waitFor();
    currentCaptcha = await refreshed;
    expect(loginCaptchaId).not.toBe(currentCaptcha);
    await signIn(MOBILE, RESET_PASSWORD, currentCaptcha);
  });

  it('signs in with an SMS code instead of the password', async () => {
    await freshPage();
    await openLogin();
    const captcha = nextCaptcha();
    await page.getByRole('tab', { name: '短信登录' }).click();
    const captchaId = await captcha;
    await page.getByPlaceholder('输入手机号').fill(MOBILE);
    await page.getByPlaceholder('图形验证码').fill(await answerOf(captchaId));
    const since = new Date();
    await page.getByRole('button', { name: '获取验证码' }).click();
    const code = await waitForCode(server, { channel: 'sms', to: MOBILE, since });
    await page.getByPlaceholder('短信验证码').fill(code);
    await screenshot(page, 'ver-11-sms-login');
    await page.getByRole('button', { name: label('登录') }).click();
    await waitForHash(page, /#\/$/);
    await page.getByText(NAME, { exact: true }).first().waitFor();
  });

  it('shows why the password page cannot work without a verified identity', async () => {
    await freshPage();
    await page.goto('/#/update-password');
    await page.getByText('未验证用户身份，请返回重试！').waitFor();
    expect(await page.getByRole('button', { name: '提交' }).isDisabled()).toBe(true);
    await screenshot(page, 'ver-12-update-password-no-auth');

    // A token the server does not know: its reason shows on the page.
    await page.goto('/#/update-password?authCode=not-a-real-token');
    await page.getByPlaceholder('请输入新密码').fill(CHANGED_PASSWORD);
    await page.getByPlaceholder('请再次输入新密码').fill(CHANGED_PASSWORD);
    await page.getByRole('button', { name: '提交' }).click();
    await page.getByTestId('update-password-refusal').getByText('验证凭证无效或已过期').waitFor();
    await screenshot(page, 'ver-13-update-password-refused');
  });

  it('changes the password from the personal page after checking the current one', async () => {
    await freshPage();
    await signIn(MOBILE, RESET_PASSWORD, await openLogin());
    await page.goto('/#/system/Profile');
    await expect.poll(() => page.title()).toBe('个人信息');
    await page.getByText('修改密码 ✎').waitFor();
    await screenshot(page, 'ver-14-profile');
    await page.getByText('修改密码 ✎').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('验证身份（密码验证）').waitFor();
    await settleMotion(page);
    await screenshot(page, 'ver-15-profile-verify-password');
    await dialog.getByPlaceholder('请输入当前登录密码').fill('Wrong#Password1');
    await dialog.getByRole('button', { name: '立即验证' }).click();
    await page.getByText('密码错误', { exact: true }).first().waitFor();
    await dialog.getByPlaceholder('请输入当前登录密码').fill(RESET_PASSWORD);
    await dialog.getByRole('button', { name: '立即验证' }).click();

    await waitForHash(page, /#\/update-password\?authCode=/);
    await page.getByPlaceholder('请输入新密码').fill(CHANGED_PASSWORD);
    await page.getByPlaceholder('请再次输入新密码').fill(CHANGED_PASSWORD);
    await page.getByRole('button', { name: '提交' }).click();
    const done = page.getByRole('dialog').filter({ hasText: '密码修改成功' });
    await done.waitFor();
    await settleMotion(page);
    await done.getByRole('button', { name: label('确定') }).click();
    // Still signed in: back to where the change started.
    await waitForHash(page, /#\/system\/Profile$/);

    await page.getByText(NAME, { exact: true }).first().click();
    await page.getByText('退出登录').click();
    const captcha = nextCaptcha();
    await page
      .getByRole('dialog')
      .filter({ hasText: '确认退出?' })
      .getByRole('button', { name: label('确定') })
      .click();
    await waitForHash(page, /#\/login/);
    await signIn(MOBILE, CHANGED_PASSWORD, await captcha, /#\/system\/Profile$/);
  });

  it('closes self-registration on the 系统参数 screen: the sign-in page then offers no 注册', async () => {
    await freshPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn('admin', ADMIN_PASSWORD, await openLogin());
    await page.goto('/#/system/SystemParam');
    await expect.poll(() => page.title()).toBe('系统参数');
    const row = page.locator('tr', { has: page.getByText('registration', { exact: true }) });
    await row.getByText('开放注册').first().waitFor();
    await screenshot(page, 'ver-20-system-params-1440');
    await row.getByRole('button', { name: '修改' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '修改系统参数' });
    await dialog.getByRole('combobox').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '关闭注册' }).click();
    await settleMotion(page);
    await screenshot(page, 'ver-21-system-params-dialog');
    await dialog.getByRole('button', { name: label('确定') }).click();
    await row.getByText('已修改').waitFor();
    await row.getByText('关闭注册').first().waitFor();
    await page.getByRole('button', { name: '切换到深色主题' }).click();
    await page.getByRole('button', { name: '切换到浅色主题' }).waitFor();
    await screenshot(page, 'ver-22-system-params-dark');
    await page.getByRole('button', { name: '切换到浅色主题' }).click();
    await page.setViewportSize({ width: 768, height: 900 });
    await screenshot(page, 'ver-23-system-params-768');

    // Another visitor's sign-in page: the server's options say registration is closed.
    const visitor = await newContext(browser, server.baseUrl);
    try {
      const other = await visitor.newPage();
      await other.goto('/#/login');
      await other.getByPlaceholder('输入用户名').waitFor();
      await expect.poll(() => other.getByRole('link', { name: /立即注册/ }).count()).toBe(0);
      await screenshot(other, 'ver-24-login-registration-closed');
    } finally {
      await visitor.close();
    }
  });
});
