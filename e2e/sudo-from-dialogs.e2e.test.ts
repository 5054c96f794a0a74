// In the browser: every sudo action started from a dialog (a confirmation, a page's own dialog) once the
// session's verification is old. The identity dialog must open over the dialog that asked for it, take mouse
// clicks (Playwright's click fails when another layer would receive it), and let the action finish.
import { generate } from 'otplib';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  ageVerification,
  apiCall,
  chooseRowAction,
  label,
  launchBrowser,
  newContext,
  openMoreActions,
  type RunningServer,
  screenshot,
  shownPage,
  startServer,
  waitForHash,
} from './support.js';

const PASSWORD = 'Sudo#Dialogs2026';

describe('sudo actions started from a dialog', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let cdp: CDPSession;
  let admin = '';
  const pageErrors: string[] = [];

  const sudoDialog = () => page.getByRole('dialog').filter({ hasText: '为确保您的账号安全，请先验证身份' });
  /** A confirmation or a dialog of the page, found by a text of it. */
  const dialogWith = (text: string) => page.getByRole('dialog').filter({ hasText: text });

  /**
   * Completes the identity dialog with the mouse: it must be the top layer, or the clicks land on whatever covers
   * it. Switches to 密码验证 when the account's second factor is offered first. Screenshots at 1440 and 768 px.
   */
  async function verifyByMouse(shot?: string) {
    const verify = sudoDialog();
    await verify.waitFor();
    const title = verify.locator('.ant-modal-title');
    await expect.poll(() => title.innerText()).toMatch(/^验证身份（.+）$/);
    if ((await title.innerText()) !== '验证身份（密码验证）') {
      await verify.getByRole('button', { name: '密码验证' }).click();
      await expect.poll(() => title.innerText()).toBe('验证身份（密码验证）');
    }
    const password = verify.getByPlaceholder('请输入当前登录密码');
    await password.click();
    if (shot) {
      await screenshot(page, `${shot}-1440`);
      await page.setViewportSize({ width: 768, height: 900 });
      await screenshot(page, `${shot}-768`);
      // The narrow window too takes the click on the identity dialog, not on the dialog below it.
      await password.click();
      await page.setViewportSize({ width: 1440, height: 900 });
    }
    await page.keyboard.type(ADMIN_PASSWORD);
    await verify.getByRole('button', { name: label('立即验证') }).click();
    await verify.waitFor({ state: 'hidden' });
  }

  /** What the focus went to, in order: each element's dialog title (if any) and its text. */
  const focusTrail = () => page.evaluate(() => (window as unknown as { focusTrail: string[] }).focusTrail.slice());

  async function newAccount(accountNumber: string) {
    await apiCall(server, '/account', {
      method: 'POST',
      token: admin,
      body: {
        accountNumber,
        accountName: `提权${accountNumber.slice(-3)}`,
        password: PASSWORD,
        orgId: 1,
        roleId: null,
        state: 1,
        mustChangePassword: false,
      },
    });
  }

  const accountRow = (accountNumber: string) =>
    shownPage(page)
      .getByRole('row')
      .filter({ has: page.getByText(accountNumber, { exact: true }) });

  beforeAll(async () => {
    // The window is five minutes here; a session is aged by an hour.
    server = await startServer({ LOGIN_CAPTCHA: 'off', SUDO_SECONDS: '300' });
    browser = await launchBrowser();
    admin = (await apiCall(server, '/login', {
      method: 'POST',
      body: { account: 'admin', password: ADMIN_PASSWORD },
    })) as string;
    await newAccount('sudo.reset');
    await newAccount('sudo.switch');
    // An account with an authenticator app, for 重置双因素认证.
    await newAccount('sudo.factor');
    const own = (await apiCall(server, '/login', {
      method: 'POST',
      body: { account: 'sudo.factor', password: PASSWORD },
    })) as string;
    const { secret } = (await apiCall(server, '/auth/totp/setup', { method: 'POST', token: own, body: {} })) as {
      secret: string;
    };
    await apiCall(server, '/auth/totp/enable', {
      method: 'POST',
      token: own,
      body: { code: await generate({ secret }) },
    });
    await apiCall(server, '/org', { method: 'POST', token: admin, body: { name: '提权待删组织', pid: null } });
    const resources = (await apiCall(server, '/resources', { token: admin })) as Array<{
      id: number;
      route: string | null;
    }>;
    const home = resources.find((resource) => resource.route === '/user')!.id;
    await apiCall(server, '/role', { method: 'POST', token: admin, body: { name: '提权待删角色', resources: [home] } });

    // Passkeys need a domain name: the page is opened at localhost, with Chromium's virtual authenticator.
    const context = await newContext(browser, server.baseUrl.replace('127.0.0.1', 'localhost'));
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.addInitScript(() => {
      const trail: string[] = [];
      (window as unknown as { focusTrail: string[] }).focusTrail = trail;
      document.addEventListener(
        'focusin',
        (event) => {
          const target = event.target as HTMLElement;
          const dialog = target.closest?.('[role="dialog"]');
          const title = dialog?.querySelector('.ant-modal-title, .ant-modal-confirm-title')?.textContent ?? '';
          trail.push(`${title}|${(target.textContent ?? '').replace(/\s/g, '')}`);
        },
        true,
      );
    });
    cdp = await context.newCDPSession(page);
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
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/#/login?redirect=%2Fuser%2FAccount');
    await page.getByPlaceholder('输入用户名').fill('admin');
    await page.getByPlaceholder('输入密码').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: label('登录') }).click();
    await page.waitForFunction(() => location.hash.startsWith('#/user/Account'), undefined, { timeout: 60_000 });
  });

  afterAll(async () => {
    await browser?.close();
    expect(pageErrors).toEqual([]);
    expect(await server?.stop()).toBe(0);
  });

  it('重置密码: the confirmation asks, the identity dialog opens over it, the new password is shown', async () => {
    await accountRow('sudo.reset').waitFor();
    ageVerification(server);
    await accountRow('sudo.reset')
      .getByRole('button', { name: label('重置密码') })
      .click();
    const confirm = dialogWith('确定重置账号 sudo.reset 的密码?');
    await confirm.getByRole('button', { name: label('确定') }).click();
    // An account with neither a proven mobile nor a proven e-mail (admin has neither) is offered the password.
    await sudoDialog().waitFor();
    expect(await sudoDialog().getByText('其他验证方式').count()).toBe(0);
    expect(await sudoDialog().locator('.ant-alert-info').count()).toBe(1);
    await verifyByMouse('sudo-dialogs-01-reset-password');
    await page.getByTestId('reset-password-result').waitFor();
    // The focus went back from the identity dialog to the 确定 that asked for it.
    const trail = await focusTrail();
    const lastInVerify = trail.map((entry) => entry.startsWith('验证身份（')).lastIndexOf(true);
    expect(trail[lastInVerify + 1]).toBe('提示|确定');
    await screenshot(page, 'sudo-dialogs-02-reset-password-done');
    await page.getByRole('button', { name: label('我知道了') }).click();
    await page.getByTestId('reset-password-result').waitFor({ state: 'hidden' });
  });

  it('重置双因素认证: the confirmation asks, the account’s second factor is reset', async () => {
    ageVerification(server);
    await chooseRowAction(accountRow('sudo.factor'), '重置双因素认证');
    await dialogWith('的双因素认证？')
      .getByRole('button', { name: label('确定') })
      .click();
    await verifyByMouse();
    await page.getByText('双因素认证已重置').waitFor();
    // The list is read again: the row's 双因素认证 says 未启用, and its 更多 offers the reset no more.
    await accountRow('sudo.factor').getByText('未启用').waitFor();
    const more = await openMoreActions(accountRow('sudo.factor'));
    expect(await more.getByRole('menuitem', { name: '重置双因素认证' }).count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('删除组织 and 删除角色: each confirmation asks, the row goes', async () => {
    await page.goto('/#/user/Organization');
    await waitForHash(page, /#\/user\/Organization$/);
    const orgRow = shownPage(page).locator('tr.ant-table-row').filter({ hasText: '提权待删组织' });
    await orgRow.waitFor();
    ageVerification(server);
    await orgRow.getByRole('button', { name: label('删除') }).click();
    await dialogWith('删除组织「提权待删组织」？')
      .getByRole('button', { name: label('确定') })
      .click();
    await verifyByMouse();
    await orgRow.waitFor({ state: 'detached' });

    await page.goto('/#/user/Role');
    await waitForHash(page, /#\/user\/Role$/);
    const roleRow = shownPage(page).getByRole('row').filter({ hasText: '提权待删角色' });
    await roleRow.waitFor();
    ageVerification(server);
    await roleRow.getByRole('button', { name: label('删除') }).click();
    await dialogWith('删除角色「提权待删角色」？')
      .getByRole('button', { name: label('确定') })
      .click();
    await verifyByMouse();
    await roleRow.waitFor({ state: 'detached' });
  });

  it('the personal page’s second factor: 启用 in the authenticator setup, 添加通行密钥, 重新生成, 删除, 停用', async () => {
    await page.goto('/#/system/Profile');
    await waitForHash(page, /#\/system\/Profile$/);
    const card = shownPage(page).getByTestId('second-factor');
    const recoveryCodes = page.getByTestId('recovery-code');
    const savedCodes = async () => {
      await expect.poll(() => recoveryCodes.count(), { timeout: 30_000 }).toBe(10);
      await page.getByRole('button', { name: label('我已保存恢复码') }).click();
      await expect.poll(() => recoveryCodes.count()).toBe(0);
    };

    // 设置身份验证器 asks for its secret while the sign-in is fresh; the verification lapses while the setup
    // dialog is open, so its 启用 asks.
    await card.getByRole('button', { name: label('设置身份验证器') }).click();
    await page.getByTestId('totp-setup').waitFor();
    const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    ageVerification(server);
    await page.getByPlaceholder('6 位动态验证码').fill(await generate({ secret }));
    await dialogWith('设置身份验证器')
      .getByRole('button', { name: label('启用') })
      .click();
    await verifyByMouse('sudo-dialogs-03-totp-enable');
    await savedCodes();
    await card.getByText('已启用').first().waitFor();

    // 添加通行密钥: the name dialog asks; the identity dialog offers the authenticator app first.
    ageVerification(server);
    await card.getByRole('button', { name: label('添加通行密钥') }).click();
    const add = dialogWith('添加通行密钥');
    await add.getByRole('textbox').fill('提权测试电脑');
    await add.getByRole('button', { name: label('确定') }).click();
    await sudoDialog().getByText('验证身份（身份验证器）').waitFor();
    await verifyByMouse('sudo-dialogs-04-passkey-add');
    await card.getByText('提权测试电脑').waitFor();
    await add.waitFor({ state: 'hidden' });
    await screenshot(page, 'sudo-dialogs-05-passkey-added');

    // 重新生成 (recovery codes).
    ageVerification(server);
    await card.getByRole('button', { name: label('重新生成') }).click();
    await dialogWith('重新生成恢复码？')
      .getByRole('button', { name: label('确定') })
      .click();
    await verifyByMouse();
    await savedCodes();

    // 删除 the passkey.
    ageVerification(server);
    await card
      .getByRole('row')
      .filter({ hasText: '提权测试电脑' })
      .getByRole('button', { name: label('删除') })
      .click();
    await dialogWith('删除通行密钥「提权测试电脑」？')
      .getByRole('button', { name: label('确定') })
      .click();
    await verifyByMouse();
    await page.getByText('通行密钥已删除').waitFor();
    await card.getByText('提权测试电脑').waitFor({ state: 'detached' });

    // 停用 the authenticator app.
    ageVerification(server);
    await card.getByRole('button', { name: label('停用') }).click();
    await dialogWith('停用身份验证器？')
      .getByRole('button', { name: label('确定') })
      .click();
    await verifyByMouse();
    await page.getByText('身份验证器已停用').waitFor();
    await card.getByRole('button', { name: label('设置身份验证器') }).waitFor();
  });

  it('切换身份: the confirmation asks, the session acts as the other account', async () => {
    await page.goto('/#/user/Account');
    await waitForHash(page, /#\/user\/Account$/);
    await accountRow('sudo.switch').waitFor();
    ageVerification(server);
    await chooseRowAction(accountRow('sudo.switch'), '切换身份');
    await dialogWith('sudo.switch')
      .getByRole('button', { name: label('确定') })
      .click();
    await verifyByMouse();
    await page.getByText('已切换身份').waitFor();
    await waitForHash(page, /#\/$/);
    await page.getByText('提权tch').first().waitFor();
    await screenshot(page, 'sudo-dialogs-06-switched');
  });
});
