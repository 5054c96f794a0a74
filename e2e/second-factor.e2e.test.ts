import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  apiCall,
  label,
  launchBrowser,
  type RunningServer,
  screenshot,
  shownPage,
  startServer,
  waitForHash,
} from './support.js';

const PASSWORD = 'Second#Factor2026';

/**
 * The second factor in Chromium against the real server: an authenticator app enrolled on the personal
 * page (the test computes its codes from the secret the page shows), the two-step sign-in with a code and with a
 * recovery code (once), a role that requires a second factor leading its account to enrol first, and a passkey
 * enrolled and used through Chromium's virtual authenticator (DevTools WebAuthn domain), alone and as the second step.
 */
describe('second factor in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;
  let admin: string;
  let rootOrg: number;
  const pageErrors: string[] = [];

  /** A new account (through the API, as the administrator), optionally holding `roleId`. */
  async function newAccount(accountNumber: string, roleId: number | null = null): Promise<void> {
    await apiCall(server, '/account', {
      method: 'POST',
      token: admin,
      body: {
        accountNumber,
        accountName: `双因素${accountNumber.slice(-3)}`,
        password: PASSWORD,
        orgId: rootOrg,
        roleId,
        state: 1,
        mustChangePassword: false,
      },
    });
  }

  /** A fresh page at `origin` (passkeys need a domain name: localhost, not 127.0.0.1). */
  async function freshPage(origin = server.baseUrl) {
    await context?.close();
    context = await browser.newContext({
      baseURL: origin,
      viewport: { width: 1366, height: 800 },
      reducedMotion: 'reduce',
    });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  }

  /** The password step on the sign-in page. */
  async function passwordStep(account: string) {
    await page.goto('/#/login');
    await page.getByPlaceholder('输入用户名').fill(account);
    await page.getByPlaceholder('输入密码').fill(PASSWORD);
    await page.getByRole('button', { name: label('登录') }).click();
  }

  /** Signs the page out by forgetting its token, back on the sign-in page. */
  async function forgetSession() {
    await page.evaluate(() => localStorage.removeItem('gatehouse_auth'));
    await page.goto('/#/login');
    await page.reload();
    await page.getByPlaceholder('输入用户名').waitFor();
  }

  /** A code of the authenticator app `seconds` from now (a code works once: the next window's is a new one). */
  const codeAt = (secret: string, seconds: number) =>
    generate({ secret, epoch: Math.floor(Date.now() / 1000) + seconds });

  /** Sets the authenticator app up on the open personal page (or enrolment page); answers its secret and codes. */
  async function enrolTotp(shot: string): Promise<{ secret: string; codes: string[] }> {
    await page
      .getByRole('button', { name: label('设置身份验证器') })
      .first()
      .click();
    const setup = page.getByTestId('totp-setup');
    await setup.waitFor();
    await expect.poll(() => setup.locator('canvas, svg').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await screenshot(page, `${shot}-totp-setup`);
    await page.getByPlaceholder('6 位动态验证码').fill(await codeAt(secret, 0));
    await page.getByRole('button', { name: label('启用') }).click();
    const codes = page.getByTestId('recovery-code');
    await expect.poll(() => codes.count(), { timeout: 30_000 }).toBe(10);
    const texts = (await codes.allInnerTexts()).map((text) => text.trim());
    await screenshot(page, `${shot}-recovery-codes`);
    await page.getByRole('button', { name: label('我已保存恢复码') }).click();
    return { secret, codes: texts };
  }

  beforeAll(async () => {
    server = await startServer({ LOGIN_CAPTCHA: 'off' });
    browser = await launchBrowser();
    admin = (await apiCall(server, '/login', {
      method: 'POST',
      body: { account: 'admin', password: ADMIN_PASSWORD },
    })) as string;
    rootOrg = ((await apiCall(server, '/orgs', { token: admin })) as Array<{ id: number }>)[0]!.id;
  }, 120_000);

  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    expect(pageErrors).toEqual([]);
  });

  it('enrols an authenticator app, signs in with its code, and takes a recovery code once', async () => {
    await newAccount('totp001');
    await freshPage();
    await passwordStep('totp001');
    await waitForHash(page, /#\/$/);
    await page.goto('/#/system/Profile');
    await shownPage(page)
      .getByRole('button', { name: label('设置身份验证器') })
      .waitFor();
    await screenshot(page, 'sf-01-profile-off');
    const { secret, codes } = await enrolTotp('sf-02');
    await expect.poll(() => shownPage(page).getByText('已启用').count()).toBeGreaterThan(0);
    await screenshot(page, 'sf-03-profile-on');

    // The password alone no longer signs in: the second step asks for the app's code.
    await forgetSession();
    await passwordStep('totp001');
    const codeField = page.getByPlaceholder('6 位动态验证码');
    await codeField.waitFor();
    await screenshot(page, 'sf-04-second-step');
    // A wrong code first, then the next window's code (the one of the enrolment is spent).
    await codeField.fill('000000');
    await expect.poll(() => page.getByText('动态验证码错误或已使用').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await screenshot(page, 'sf-05-second-step-wrong');
    await codeField.fill(await codeAt(secret, 30));
    await waitForHash(page, /#\/$/);

    // A recovery code signs in once.
    await forgetSession();
    await passwordStep('totp001');
    await page.getByText('使用恢复码').click();
    await page.getByPlaceholder('恢复码').fill(codes[0]!);
    await page.getByRole('button', { name: label('验证') }).click();
    await waitForHash(page, /#\/$/);
    await forgetSession();
    await passwordStep('totp001');
    await page.getByText('使用恢复码').click();
    await page.getByPlaceholder('恢复码').fill(codes[0]!);
    await page.getByRole('button', { name: label('验证') }).click();
    await expect.poll(() => page.getByText('恢复码错误或已使用').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await screenshot(page, 'sf-06-recovery-used');

    // The sign-in log names each method.
    const log = (await apiCall(server, '/signin-log/s?p=1&pageSize=20&account=totp001', { token: admin })) as {
      list: Array<{ method: string; reason: string }>;
    };
    const seen = log.list.map((entry) => `${entry.method}:${entry.reason}`);
    expect(seen).toContain('totp:ok');
    expect(seen).toContain('totp:code_invalid');
    expect(seen).toContain('recovery:ok');
    expect(seen).toContain('recovery:code_invalid');
  });

  it('leads an account whose role requires a second factor to enrol before the app opens', async () => {
    const role = (await apiCall(server, '/role', {
      method: 'POST',
      token: admin,
      body: { name: '需双因素的角色', resources: [1], requireSecondFactor: true },
    })) as { id: number; requireSecondFactor: boolean };
    expect(role.requireSecondFactor).toBe(true);
    await newAccount('enrol001', role.id);
    await freshPage();
    await passwordStep('enrol001');
    await page.getByText('您的角色要求启用双因素认证').first().waitFor({ timeout: 60_000 });
    await screenshot(page, 'sf-07-enrol-required');
    await enrolTotp('sf-08');
    // Enrolled: the app opens.
    await page.locator('[data-testid="kept-page"]').first().waitFor({ timeout: 60_000 });
    await screenshot(page, 'sf-09-enrolled-home');
  });

  it('enrols a passkey with the virtual authenticator and signs in with it alone and as the second step', async () => {
    await newAccount('pkey001');
    // Passkeys are bound to a domain name: the page is opened at localhost.
    const localhost = server.baseUrl.replace('127.0.0.1', 'localhost');
    await freshPage(localhost);
    const cdp = await context!.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await passwordStep('pkey001');
    await waitForHash(page, /#\/$/);
    await page.goto('/#/system/Profile');
    await shownPage(page)
      .getByRole('button', { name: label('添加通行密钥') })
      .click();
    const dialog = page.getByRole('dialog', { name: '添加通行密钥' });
    await dialog.waitFor();
    await dialog.getByRole('textbox').fill('测试电脑');
    await dialog.getByRole('button', { name: label('确定') }).click();
    // The account's first factor: its recovery codes are shown once.
    await expect.poll(() => page.getByTestId('recovery-code').count(), { timeout: 30_000 }).toBe(10);
    await page.getByRole('button', { name: label('我已保存恢复码') }).click();
    await shownPage(page).getByText('测试电脑').waitFor();
    await screenshot(page, 'sf-10-passkey-added');

    // Passwordless.
    await forgetSession();
    await page.getByText('使用通行密钥登录').click();
    await waitForHash(page, /#\/$/);

    // After the password, the passkey is the second step.
    await forgetSession();
    await passwordStep('pkey001');
    const verify = page.getByRole('button', { name: label('使用通行密钥验证') });
    await verify.waitFor();
    await screenshot(page, 'sf-11-second-step-passkey');
    await verify.click();
    await waitForHash(page, /#\/$/);

    const log = (await apiCall(server, '/signin-log/s?p=1&pageSize=20&account=pkey001', { token: admin })) as {
      list: Array<{ method: string; reason: string }>;
    };
    expect(log.list.filter((entry) => entry.method === 'passkey' && entry.reason === 'ok')).toHaveLength(2);
  });
});
