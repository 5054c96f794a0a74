import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  label,
  launchBrowser,
  newContext,
  type RunningServer,
  screenshot,
  signInAsAdmin,
  startServer,
  waitForHash,
} from './support.js';

/** 首页 dashboard and the /data-v big screen on real data (items 5 and 6). */
describe('home dashboard and the /data-v big screen', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let admin = '';
  const pageErrors: string[] = [];
  const password = 'Dash#2026-safe';
  const reader = { accountNumber: 'dash.reader', accountName: '只读用户' };

  async function api<T>(method: string, path: string, body?: unknown, token = admin): Promise<T> {
    const res = await fetch(`${server.baseUrl}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; msg: string; data: T };
    if (res.status !== 200) throw new Error(`${method} ${path}: ${json.msg}`);
    return json.data;
  }

  async function signIn(target: Page, account: string, secret: string) {
    await target.goto('/#/login');
    await target.getByPlaceholder('输入用户名').fill(account);
    await target.getByPlaceholder('输入密码').fill(secret);
    await target.getByRole('button', { name: label('登录') }).click();
    await waitForHash(target, /#\/$/);
  }

  /** Pixels of a chart's canvas that something was drawn on (a blank canvas has none). */
  const paintedPixels = (canvas: Locator) =>
    canvas.evaluate((element) => {
      const c = element as HTMLCanvasElement;
      const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray();
      let painted = 0;
      for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) painted += 1;
      return painted;
    });

  async function expectChartDrawn(chart: Locator) {
    const canvas = chart.locator('canvas').first();
    await canvas.waitFor();
    const box = await canvas.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(100);
    expect(box?.height ?? 0).toBeGreaterThan(100);
    await expect.poll(() => paintedPixels(canvas)).toBeGreaterThan(1000);
  }

  const statValue = (key: string) => page.getByTestId(`stat-${key}-value`);

  beforeAll(async () => {
    server = await startServer({ LOGIN_CAPTCHA: 'off' });
    browser = await launchBrowser();
    admin = await api<string>('POST', '/login', { account: 'admin', password: ADMIN_PASSWORD }, '');
    // Seeded: the admin account in the root organisation 总公司, the 超级管理员 role, no dictionaries.
    const root = (await api<Array<{ id: number }>>('GET', '/orgs'))[0]!.id;
    const dev = await api<{ id: number }>('POST', '/org', { name: '研发部', pid: root });
    const sales = await api<{ id: number }>('POST', '/org', { name: '市场部', pid: root });
    const resources = await api<Array<{ id: number; method: string | null; url: string | null; route: string | null }>>(
      'GET',
      '/resources',
    );
    const ids = (...keys: string[]) =>
      keys.map((key) => resources.find((r) => r.route === key || `${r.method},${r.url}` === key)!.id);
    // A role that may list accounts but not read the statistics.
    const role = await api<{ id: number }>('POST', '/role', {
      name: '只读账号',
      resources: ids('/user', '/user/Account', 'get,/account/s'),
    });
    for (const [accountNumber, accountName, orgId, state, roleId] of [
      ['dev.li', '李研发', dev.id, 1, null],
      ['dev.wang', '王研发', dev.id, 1, null],
      ['sales.zhao', '赵市场', sales.id, 0, null],
      [reader.accountNumber, reader.accountName, root, 1, role.id],
    ] as const) {
      await api('POST', '/account', { accountNumber, accountName, password, orgId, state, roleId });
    }
    await api('POST', '/dict', { dictName: '性别', dictCode: 'gender' });

    context = await newContext(browser, server.baseUrl);
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    expect(pageErrors).toEqual([]);
    await server?.stop();
  });

  it('shows the account’s card and the real counts', async () => {
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.getByText('你好，系统管理员').waitFor();
    const card = page.getByTestId('home-account-card');
    await card.getByText('账号：admin').waitFor();
    await card.getByText('总公司', { exact: true }).waitFor();
    await card.getByText('超级管理员', { exact: true }).waitFor();
    // What was created plus the seeded admin (accounts), root organisation and 超级管理员 role.
    await expect.poll(() => statValue('accounts').textContent()).toBe('5');
    const counts = {
      enabled: '4',
      disabled: '1',
      orgs: '3',
      roles: '2',
      dicts: '1',
      // The API sign-in above and this one in the browser, both still in use.
      signInsToday: '2',
      liveSessions: '2',
    };
    for (const [key, value] of Object.entries(counts)) expect(await statValue(key).textContent(), key).toBe(value);
    // The account's own latest sign-in (this one) on its card, and the sign-ins table, newest first.
    await card.getByTestId('home-last-sign-in').waitFor();
    const recent = page.getByTestId('home-recent-sign-ins');
    const rows = recent.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    await rows.first().getByText('admin', { exact: true }).waitFor();
    expect(await rows.first().textContent()).toMatch(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}.*Chrome \d+/);
    // The first sign-in came from fetch() in Node, not a browser.
    expect(await rows.nth(1).textContent()).toMatch(/node|未知/);
    await screenshot(page, 'dash-01-admin-home');
  });

  it('draws both charts', async () => {
    await expectChartDrawn(page.getByTestId('chart-per-org'));
    await expectChartDrawn(page.getByTestId('chart-per-day'));
    // Everything in view at once for the picture (the content pane scrolls, not the page).
    await page.setViewportSize({ width: 1366, height: 1500 });
    await screenshot(page, 'dash-02-admin-home-full');
    await page.setViewportSize({ width: 1366, height: 800 });
  });

  it('leads from each number to the screen behind it', async () => {
    for (const [key, hash, title] of [
      ['orgs', /#\/user\/Organization$/, '组织管理'],
      ['roles', /#\/user\/Role$/, '角色管理'],
      ['dicts', /#\/system\/Dict$/, '字典管理'],
      ['disabled', /#\/user\/Account$/, '账号管理'],
      ['accounts', /#\/user\/Account$/, '账号管理'],
    ] as const) {
      await page.goto('/#/');
      await statValue(key).waitFor();
      await page.getByTestId(`stat-${key}`).click();
      await waitForHash(page, hash);
      await expect.poll(() => page.title()).toBe(title);
    }
    await page.getByText('共 5 条记录').waitFor();
  });

  it('opens the big screen: dark, scaled to the window, refreshing, with the same figures', async () => {
    await page.goto('/#/');
    await page.getByRole('button', { name: /大屏/ }).click();
    await waitForHash(page, /#\/data-v\/overview$/);
    await expect.poll(() => page.title()).toBe('Gatehouse 运营总览');
    await page.getByRole('heading', { name: 'Gatehouse 运营总览' }).waitFor();
    await page
      .getByTestId('datav-updated')
      .getByText(/更新于 \d{2}:\d{2}:\d{2}/)
      .waitFor();
    await expect.poll(() => page.getByTestId('datav-kpi-accounts-value').textContent()).toBe('5');
    expect(await page.getByTestId('datav-kpi-orgs-value').textContent()).toBe('3');
    expect(await page.getByTestId('datav-kpi-disabled-value').textContent()).toBe('1');
    // No header or side menu: the blank layout.
    expect(await page.getByRole('navigation', { name: '主菜单' }).count()).toBe(0);

    // Dark: the stage and the bars around it.
    const luminance = (locator: Locator) =>
      locator.evaluate((element) => {
        const [r = 255, g = 255, b = 255] = (getComputedStyle(element).backgroundColor.match(/\d+/g) ?? []).map(Number);
        return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
      });
    expect(await luminance(page.getByTestId('datav-screen'))).toBeLessThan(0.1);
    expect(await luminance(page.locator('.gh-datav'))).toBeLessThan(0.1);

    await expectChartDrawn(page.getByTestId('datav-chart-per-day'));
    await expectChartDrawn(page.getByTestId('datav-chart-per-org'));
    await page.getByTestId('datav-live').getByText('系统管理员').first().waitFor();
    await screenshot(page, 'dash-03-datav-1366x800');

    // 1366×768 (wider than 16:9): the whole stage fits, filling the height, bars at the sides.
    await page.setViewportSize({ width: 1366, height: 768 });
    const stage = page.getByTestId('datav-stage');
    // The stage settles at the new size and place after the resize (height and top together: on a busy machine one
    // was seen before the other).
    await expect
      .poll(async () => {
        const settled = await stage.boundingBox();
        return settled ? [Math.round(settled.height), Math.round(settled.y)] : null;
      })
      .toEqual([768, 0]);
    const box = (await stage.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(-0.5);
    expect(box.x + box.width).toBeLessThanOrEqual(1366.5);
    expect(box.y + box.height).toBeLessThanOrEqual(768.5);
    expect(box.width / box.height).toBeCloseTo(1920 / 1080, 2);
    expect(box.x).toBeCloseTo((1366 - box.width) / 2, 0);
    await screenshot(page, 'dash-04-datav-1366x768');

    // A new sign-in shows up on the next refresh (every 10 s), newest first.
    await api('POST', '/login', { account: 'dev.li', password }, '');
    const first = page.getByTestId('datav-live').locator('li').first();
    await expect.poll(() => first.textContent(), { timeout: 20_000, interval: 500 }).toContain('李研发');
    await expect.poll(() => page.getByTestId('datav-kpi-signInsToday-value').textContent()).toBe('3');

    await page.setViewportSize({ width: 1920, height: 1080 });
    await expect.poll(async () => (await stage.boundingBox())?.width ?? 0).toBeCloseTo(1920, 0);
    await screenshot(page, 'dash-05-datav-1920x1080');
    await page.setViewportSize({ width: 1366, height: 800 });

    await page.getByRole('link', { name: /返回首页/ }).click();
    await waitForHash(page, /#\/$/);
    await page.getByText('你好，系统管理员').waitFor();
  });

  it('ends unknown /data-v paths on /404', async () => {
    await page.goto('/#/data-v/no-such-screen');
    await waitForHash(page, /#\/404$/);
    await page.goto('/#/data-v');
    await waitForHash(page, /#\/data-v\/overview$/);
    await page.getByTestId('datav-stage').waitFor();
  });

  it('shows an account without the overview permission only its card', async () => {
    const readerContext = await newContext(browser, server.baseUrl);
    const readerPage = await readerContext.newPage();
    readerPage.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(readerPage, reader.accountNumber, password);
    await readerPage.getByText(`你好，${reader.accountName}`).waitFor();
    const card = readerPage.getByTestId('home-account-card');
    await card.getByText('只读账号', { exact: true }).waitFor();
    await readerPage.getByTestId('home-no-stats').waitFor();
    expect(await readerPage.getByTestId('home-stats').count()).toBe(0);
    expect(await readerPage.locator('canvas').count()).toBe(0);
    expect(await readerPage.getByRole('button', { name: /大屏/ }).count()).toBe(0);
    expect(await readerPage.getByTestId('home-recent-sign-ins').count()).toBe(0);
    // Nothing was asked that the server would refuse.
    expect(await readerPage.getByText(/无权访问/).count()).toBe(0);
    await screenshot(readerPage, 'dash-06-reader-home');

    await readerPage.goto('/#/data-v/overview');
    await readerPage.getByTestId('datav-forbidden').waitFor();
    expect(await readerPage.getByTestId('datav-kpi-accounts').count()).toBe(0);
    await screenshot(readerPage, 'dash-07-reader-datav');
    await readerContext.close();
  });
});

/** A new installation's 首页: the first-run guide, its order and its one-click common dictionaries. */
describe('the first-run guide', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startServer({ LOGIN_CAPTCHA: 'off' });
    browser = await launchBrowser();
    page = await (await newContext(browser, server.baseUrl)).newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    expect(pageErrors).toEqual([]);
    await server?.stop();
  });

  it('guides a new installation, adds the common dictionaries, and stays away once dismissed (1440 and 768 px)', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsAdmin(page, '/');
    const guide = page.getByTestId('first-run-guide');
    await guide.waitFor();
    for (const step of ['1. 建立组织架构', '2. 创建角色', '3. 添加或导入账号', '4. 添加常用字典'])
      await guide.getByText(step).waitFor();
    await screenshot(page, 'dash-08-first-run-1440');
    await guide.getByRole('button', { name: label('添加常用字典') }).click();
    await page.getByText('已添加 6 个常用字典').waitFor();
    await guide.getByText('已有 6 个字典').waitFor();
    await page.setViewportSize({ width: 768, height: 900 });
    await screenshot(page, 'dash-09-first-run-768');

    // The first step opens its screen.
    await guide
      .getByRole('button', { name: label('前往') })
      .first()
      .click();
    await waitForHash(page, /#\/user\/Organization$/);
    await page.goto('/#/system/Dict');
    await page.getByText('所属行业', { exact: true }).filter({ visible: true }).first().waitFor();

    await page.goto('/#/');
    await guide.getByRole('button', { name: label('不再显示') }).click();
    await guide.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('home-account-card').waitFor();
    await page.getByTestId('stat-dicts-value').waitFor();
    expect(await guide.count()).toBe(0);
  });
});
