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
  startServer,
  waitForCode,
  waitForHash,
} from './support.js';

/**
 * As a user meets it: a session ended by an administrator (强制下线, disabling the account) lands on the
 * sign-in page saying why; a disabled account is told so when its password is right (and only then); /login sends
 * a signed-in account on; a captcha or SMS failure leaves the registration form as it was; the code countdown is
 * the server's 30 s; dialogs start in their first field. Against the real server with the default
 * VERIFY_RESEND_SECONDS; CAPTCHA_TEST_MODE writes every captcha answer to the outbox.
 */
describe('how a session ends, and the sign-in pages, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: string;
  let rootOrg: number;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  async function openPage(): Promise<Page> {
    const context = await newContext(browser, server.baseUrl);
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    return page;
  }

  /** A new enabled account (no role), created by the administrator through the API. */
  async function account(accountNumber: string, password: string): Promise<number> {
    const created = (await apiCall(server, '/account', {
      method: 'POST',
      token: admin,
      body: { accountNumber, accountName: `用户${accountNumber.slice(-2)}`, password, orgId: rootOrg, state: 1 },
    })) as { id: number };
    return created.id;
  }

  async function signIn(page: Page, accountNumber: string, password: string) {
    await page.getByPlaceholder('输入用户名').fill(accountNumber);
    await page.getByPlaceholder('输入密码').fill(password);
    await page.getByRole('button', { name: label('登录') }).click();
  }

  /** The live session ids of an account, as 在线用户 lists them. */
  async function sessionsOf(accountNumber: string): Promise<string[]> {
    const page = (await apiCall(server, `/online/s?p=1&pageSize=50&account=${accountNumber}`, { token: admin })) as {
      list: Array<{ id: string; accountNumber: string }>;
    };
    return page.list.filter((s) => s.accountNumber === accountNumber).map((s) => s.id);
  }

  const search = (page: Page) => new URLSearchParams(new URL(page.url()).hash.split('?')[1] ?? '');

  beforeAll(async () => {
    server = await startServer({ LOGIN_CAPTCHA: 'off', CAPTCHA_TEST_MODE: '1', REGISTRATION: 'on' });
    browser = await launchBrowser();
    admin = (await apiCall(server, '/login', {
      method: 'POST',
      body: { account: 'admin', password: ADMIN_PASSWORD },
    })) as string;
    rootOrg = ((await apiCall(server, '/orgs', { token: admin })) as Array<{ id: number }>)[0]!.id;
  });

  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });

  afterAll(async () => {
    await browser?.close();
    expect(pageErrors).toEqual([]);
    expect(await server?.stop()).toBe(0);
  });

  it('forced off by an administrator: the next action lands on the sign-in page saying so, after a reload too', async () => {
    const password = 'Wang#2026-safe';
    await account('e2e.wang', password);
    const user = await openPage();
    await user.goto('/#/login');
    await signIn(user, 'e2e.wang', password);
    await waitForHash(user, /#\/$/);

    const [sid] = await sessionsOf('e2e.wang');
    // DELETE without a body (apiCall sends a JSON content type, which a body-less DELETE may not carry).
    const forced = await fetch(`${server.baseUrl}/api/online?id=${sid}`, {
      method: 'DELETE',
      headers: { authorization: admin },
    });
    expect(forced.status).toBe(200);

    // The user moves on to another screen: its first call is refused, and the sign-in page says why.
    await user.goto('/#/user/Account');
    await waitForHash(user, /#\/login\?/);
    const notice = user.locator('#root').getByRole('alert').filter({ hasText: '您已被管理员强制下线，请重新登录' });
    await notice.waitFor();
    expect(search(user).get('reason')).toBe('forced');
    expect(search(user).get('redirect')).toBe('/user/Account');
    await screenshot(user, 'session-end-01-forced');

    await user.reload();
    await notice.waitFor();

    // Signing in again goes to the screen the user was on; the notice is gone with the page.
    await signIn(user, 'e2e.wang', password);
    await waitForHash(user, /#\/user\/Account$/);
    // The page's notice went with the page (a toast of the refusal may still be fading out).
    await expect.poll(() => user.locator('.gh-alert').count()).toBe(0);
  });

  it('disabled while signed in: told on the sign-in page; then 账号已禁用 for the right password only', async () => {
    const password = 'Zhao#2026-safe';
    const id = await account('e2e.zhao', password);
    const user = await openPage();
    await user.goto('/#/login');
    await signIn(user, 'e2e.zhao', password);
    await waitForHash(user, /#\/$/);

    await apiCall(server, '/account/batch-state', { method: 'PUT', token: admin, body: { ids: [id], state: 0 } });
    await user.goto('/#/user/Account');
    await waitForHash(user, /#\/login\?/);
    await user.locator('#root').getByRole('alert').filter({ hasText: '账号已被禁用，请联系管理员' }).waitFor();
    expect(search(user).get('reason')).toBe('disabled');
    await screenshot(user, 'session-end-02-disabled');

    // A wrong password learns nothing about the account.
    await signIn(user, 'e2e.zhao', 'Not-the-password-1');
    await user.getByText('账号或密码错误').waitFor();
    await signIn(user, 'e2e.zhao', password);
    await user.getByText('账号已禁用', { exact: true }).waitFor();
    await screenshot(user, 'session-end-03-disabled-sign-in');
    expect(user.url()).toContain('#/login');
  });

  it('a reason the page does not know shows nothing, whatever text the address carries', async () => {
    const page = await openPage();
    await page.goto(`/#/login?reason=${encodeURIComponent('账号异常，请联系 400-000-0000')}`);
    await page.getByPlaceholder('输入用户名').waitFor();
    expect(await page.getByText('400-000-0000', { exact: false }).count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('/login sends a signed-in account home, or to its redirect when that stays in the app', async () => {
    const page = await openPage();
    await page.goto('/#/login');
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await waitForHash(page, /#\/$/);

    // Home is shown (the address changes before the screen does).
    await expect.poll(() => page.getByPlaceholder('输入用户名').count()).toBe(0);
    const signInGone = () => expect.poll(() => page.getByPlaceholder('输入用户名').count()).toBe(0);
    await page.goto('/#/login?redirect=%2Fuser%2FRole');
    await waitForHash(page, /#\/user\/Role$/);
    await signInGone();
    await page.goto(`/#/login?redirect=${encodeURIComponent('//evil.example/x')}`);
    await waitForHash(page, /#\/$/);
    await signInGone();
    await page.goto('/#/user/Role');
    await page.goto('/#/login');
    await waitForHash(page, /#\/$/);
    await signInGone();
  });

  it('registration: a failed captcha and a failed SMS send keep the form; the countdown is 30 s', async () => {
    const page = await openPage();
    // The server fails once for each: the first captcha image, the first send.
    await page.route(
      (url) => url.pathname === '/api/captcha/image',
      (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":500,"msg":"服务异常"}' }),
      { times: 1 },
    );
    await page.route(
      (url) => url.pathname === '/api/captcha/sms/register',
      (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":503,"msg":"短信通道故障"}' }),
      { times: 1 },
    );
    const captchaIds: string[] = [];
    page.on('response', async (response) => {
      if (new URL(response.url()).pathname !== '/api/captcha/image' || response.status() !== 200) return;
      captchaIds.push(((await response.json()) as { data: { id: string } }).data.id);
    });
    const answer = async () => {
      await expect.poll(() => captchaIds.length).toBeGreaterThan(0);
      return waitForCode(server, { channel: 'captcha', to: captchaIds.at(-1)! });
    };

    await page.goto('/#/register');
    const reload = page.getByRole('button', { name: '看不清？换一张' });
    await reload.getByText('加载失败').waitFor();
    await page.getByPlaceholder('请输入手机号').fill('1391234');
    await page.getByText('手机号格式有误，请重新输入').waitFor();
    await page.getByPlaceholder('请输入手机号').fill('13912345678');
    await page.getByPlaceholder('请输入姓名').fill('钱七');
    await page.getByPlaceholder('请输入工作单位').fill('示例科技');

    await reload.click();
    await reload.locator('img').waitFor();
    await page.getByPlaceholder('图形验证码').fill(await answer());
    const shown = captchaIds.length;
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('验证码发送失败，请稍后重试').waitFor();
    await screenshot(page, 'session-end-04-register-send-failed');
    expect(page.url()).toContain('#/register');
    expect(await page.getByPlaceholder('请输入手机号').inputValue()).toBe('13912345678');
    expect(await page.getByPlaceholder('请输入姓名').inputValue()).toBe('钱七');

    // The captcha was spent by the failed send: a new image is up; the send goes through with its answer.
    await expect.poll(() => captchaIds.length).toBeGreaterThan(shown);
    await page.getByPlaceholder('图形验证码').fill(await answer());
    const since = new Date();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await waitForCode(server, { channel: 'sms', to: '13912345678', since });
    await page.getByRole('button', { name: '30s' }).waitFor();
    await page.getByRole('button', { name: '29s' }).waitFor();
    await screenshot(page, 'session-end-05-register-countdown');
  });

  it('dialogs start in their first field: a management dialog and the identity verification', async () => {
    const page = await openPage();
    await page.goto('/#/login?redirect=%2Fuser%2FAccount');
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await waitForHash(page, /#\/user\/Account$/);
    await page.getByRole('button', { name: '+ 添加' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // The avatar comes first in this form; typing starts in 账号, its first text field.
    const accountNumber = dialog.getByLabel('账号', { exact: true });
    await expect.poll(() => accountNumber.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type('e2e.focus');
    expect(await accountNumber.inputValue()).toBe('e2e.focus');
    await screenshot(page, 'session-end-06-dialog-focus');
    await dialog.getByRole('button', { name: label('取消') }).click();

    // Signed out, 忘记密码？ opens the identity verification in its first field (the e-mail address).
    const other = await openPage();
    await other.goto('/#/login');
    await other.getByRole('button', { name: '忘记密码？' }).click();
    await other.getByRole('dialog').waitFor();
    await expect
      .poll(() =>
        other.evaluate(() => {
          const active = document.activeElement as HTMLInputElement | null;
          return active?.closest('.ant-modal') ? active.getAttribute('aria-label') : null;
        }),
      )
      .toBe('请输入安全邮箱');
  });
});
