// The shell a user lives in: the tab bar of opened pages (filters, scroll and a half-filled dialog kept
// across switches; tabs and filters kept across a reload; 刷新, 关闭, 关闭其他, 关闭右侧, middle click), the
// collapsible side menu, the window widths 1440 / 1280 / 1024 / 768 (no sideways scrolling, the user menu and 添加
// on screen, a drawer at 768) and the 403 page of a menu the account does not hold (ACCESS_CONTROL=on).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  apiCall,
  label,
  launchBrowser,
  newContext,
  type RunningServer,
  screenshot,
  searchBox,
  searchIn,
  searchScopeShows,
  signInAsAdmin,
  startServer,
  waitForHash,
} from './support.js';

const PASSWORD = 'Shell#2026-safe';

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const tabNames = (page: Page) =>
  page
    .getByRole('tablist')
    .first()
    .getByRole('tab')
    .evaluateAll((tabs) =>
      // Without the "Tab 1 of 4" antd says to screen readers on a focused tab.
      tabs.map((t) =>
        [...t.childNodes]
          .filter((n) => !(n instanceof HTMLElement && n.hasAttribute('aria-live')))
          .map((n) => n.textContent)
          .join('')
          .trim(),
      ),
    );
const sideMenu = (page: Page) => page.getByRole('navigation', { name: '主菜单' });
/** The scrollTop of the boxes that scroll in the kept page of `path` (the page's own, a table's body). */
const scrollTops = (page: Page, path: string) =>
  page
    .locator(`[data-testid="kept-page"][data-path="${path}"]`)
    .evaluate((root) =>
      [root, ...root.querySelectorAll('*')]
        .filter((el) => el.scrollHeight > el.clientHeight + 1 && /(auto|scroll)/.test(getComputedStyle(el).overflowY))
        .map((el) => el.scrollTop),
    );
/** Scrolls every box that scrolls in the kept page of `path` down by `by` px. */
const scrollDown = (page: Page, path: string, by: number) =>
  page.locator(`[data-testid="kept-page"][data-path="${path}"]`).evaluate((root, px) => {
    for (const el of [root, ...root.querySelectorAll('*')]) {
      if (el.scrollHeight > el.clientHeight + 1 && /(auto|scroll)/.test(getComputedStyle(el).overflowY)) {
        el.scrollTop = px;
      }
    }
  }, by);
const hashQuery = (page: Page) => new URL(page.url()).hash.replace(/^#[^?]*/, '');

describe('the shell in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startServer({ LOGIN_CAPTCHA: 'off' });
    const token = (await apiCall(server, '/login', {
      method: 'POST',
      body: { account: 'admin', password: ADMIN_PASSWORD },
    })) as string;
    // 26 accounts whose number starts with shell.: a filtered page of 20 rows that scrolls.
    for (let index = 0; index < 26; index += 1) {
      const n = String(index).padStart(2, '0');
      await apiCall(server, '/account', {
        method: 'POST',
        token,
        body: { accountNumber: `shell.${n}`, accountName: `外壳${n}`, password: PASSWORD, state: 1, orgId: 1 },
      });
    }
    browser = await launchBrowser();
    page = await (await newContext(browser, server.baseUrl)).newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.setViewportSize({ width: 1440, height: 700 });
    await signInAsAdmin(page, '/user/Account');
  });

  afterAll(async () => {
    await browser?.close();
    expect(pageErrors).toEqual([]);
    expect(await server?.stop()).toBe(0);
  });

  it('keeps a list’s filters, its scroll position and a half-filled dialog across tab switches', async () => {
    await tab(page, '账号管理').waitFor();
    expect(await tabNames(page)).toEqual(['首页', '账号管理']);
    const search = page.locator('form#accountSearch');
    await searchIn(search, '账号', 'shell.');
    await searchBox(search).press('Enter');
    await page.getByText('共 26 条记录').waitFor();
    expect(hashQuery(page)).toBe('?accountNumber=shell.');
    expect(await page.getByTestId('breadcrumb').first().textContent()).toBe('用户管理/账号管理');

    // Scrolled down the list (the table's body scrolls inside the page).
    await scrollDown(page, '/user/Account', 120);
    const scrolled = await scrollTops(page, '/user/Account');
    expect(scrolled.length).toBeGreaterThan(0);
    expect(scrolled.every((top) => top > 0)).toBe(true);

    // A dialog half filled in; it covers its page only, so the menu stays usable.
    await page.getByRole('button', { name: '+ 添加' }).click();
    const dialog = page.getByRole('dialog', { name: /^(添加|修改)账号$/ });
    await dialog.getByLabel('账号', { exact: true }).fill('half.typed');
    await dialog.getByLabel('用户名', { exact: true }).fill('半截');
    await screenshot(page, 'shell-01-dialog-over-its-page');

    await sideMenu(page).getByRole('menuitem', { name: '角色管理' }).click();
    await waitForHash(page, /#\/user\/Role$/);
    await tab(page, '角色管理').waitFor();
    expect(await tabNames(page)).toEqual(['首页', '账号管理', '角色管理']);
    expect(await dialog.isVisible()).toBe(false);
    expect(await page.getByTestId('breadcrumb').filter({ visible: true }).textContent()).toBe('用户管理/角色管理');
    await screenshot(page, 'shell-02-roles-tab');

    await tab(page, '账号管理').click();
    await waitForHash(page, /#\/user\/Account\?accountNumber=shell\.$/);
    await dialog.waitFor();
    expect(await dialog.getByLabel('账号', { exact: true }).inputValue()).toBe('half.typed');
    expect(await dialog.getByLabel('用户名', { exact: true }).inputValue()).toBe('半截');
    // The page's own boxes (the open dialog's wrap comes after them) are where they were left.
    expect((await scrollTops(page, '/user/Account')).slice(0, scrolled.length)).toEqual(scrolled);
    expect(await searchBox(search).inputValue()).toBe('shell.');
    expect(await searchScopeShows(search)).toBe('账号');
    await dialog.getByRole('button', { name: label('取消') }).click();
    await dialog.waitFor({ state: 'hidden' });

    // A menu entry of an open tab goes back to it as it was left.
    await tab(page, '角色管理').click();
    await waitForHash(page, /#\/user\/Role$/);
    await sideMenu(page).getByRole('menuitem', { name: '账号管理' }).click();
    await waitForHash(page, /#\/user\/Account\?accountNumber=shell\.$/);
  });

  it('keeps the tabs and each one’s filters after a reload', async () => {
    await page.reload();
    await tab(page, '角色管理').waitFor();
    expect(await tabNames(page)).toEqual(['首页', '账号管理', '角色管理']);
    await page.getByText('共 26 条记录').waitFor();
    await tab(page, '角色管理').click();
    await waitForHash(page, /#\/user\/Role$/);
    await tab(page, '账号管理').click();
    await waitForHash(page, /#\/user\/Account\?accountNumber=shell\.$/);
    expect(await searchBox(page.locator('form#accountSearch')).inputValue()).toBe('shell.');
    expect(await searchScopeShows(page.locator('form#accountSearch'))).toBe('账号');
  });

  it('reloads, closes, closes the others and the ones to the right from a tab’s menu, and on a middle click', async () => {
    // 刷新 mounts the page afresh: a filter typed but not applied is gone, the applied one stays (it is the address).
    const field = searchBox(page.locator('form#accountSearch'));
    await field.fill('typed-not-applied');
    await tab(page, '账号管理').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '刷新' }).click();
    await expect.poll(() => field.inputValue()).toBe('shell.');

    for (const [menu, group] of [
      ['字典管理', '系统设置'],
      ['在线用户', '系统监控'],
    ] as const) {
      await sideMenu(page).getByRole('menuitem', { name: group }).click();
      await sideMenu(page).getByRole('menuitem', { name: menu }).click();
      await tab(page, menu).waitFor();
    }
    expect(await tabNames(page)).toEqual(['首页', '账号管理', '角色管理', '字典管理', '在线用户']);
    await screenshot(page, 'shell-03-five-tabs');

    // A middle click closes a tab that is not shown.
    await tab(page, '字典管理').click({ button: 'middle' });
    await expect.poll(() => tabNames(page)).toEqual(['首页', '账号管理', '角色管理', '在线用户']);
    await waitForHash(page, /#\/monitor\/Online$/);

    // 关闭右侧 of 角色管理 closes 在线用户, the one on screen: 角色管理 is shown.
    await tab(page, '角色管理').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭右侧' }).filter({ visible: true }).click();
    await expect.poll(() => tabNames(page)).toEqual(['首页', '账号管理', '角色管理']);
    await waitForHash(page, /#\/user\/Role$/);

    // 关闭其他 from the ⋯ of the shown tab keeps 首页 and it.
    await page.getByRole('button', { name: '页签操作' }).click();
    await page.getByRole('menuitem', { name: '关闭其他' }).filter({ visible: true }).click();
    await expect.poll(() => tabNames(page)).toEqual(['首页', '角色管理']);

    // The × closes the shown tab: its left neighbour (首页, never closable) is shown.
    await tab(page, '角色管理').locator('xpath=..').getByRole('button').click();
    await expect.poll(() => tabNames(page)).toEqual(['首页']);
    await waitForHash(page, /#\/$/);
    expect(await tab(page, '首页').locator('xpath=..').getByRole('button').count()).toBe(0);
  });

  it('collapses the side menu to icons with tooltips, and keeps it collapsed after a reload', async () => {
    await page.goto('/#/user/Account');
    await tab(page, '账号管理').waitFor();
    const sider = page.locator('.ant-layout-sider');
    expect(await sider.evaluate((el) => el.getBoundingClientRect().width)).toBe(260);
    await page.getByRole('button', { name: '收起菜单' }).click();
    await expect.poll(() => sider.evaluate((el) => el.getBoundingClientRect().width)).toBe(80);
    await sideMenu(page).getByRole('menuitem', { name: '首页' }).hover();
    await page.getByRole('tooltip', { name: '首页' }).waitFor();
    await screenshot(page, 'shell-04-collapsed-menu');
    // A group's flyout says which group it is: its title above its entries.
    await sideMenu(page).getByRole('menuitem', { name: '用户管理' }).hover();
    const flyout = page.locator('.ant-menu-submenu-popup').filter({ visible: true });
    await flyout.getByRole('menuitem', { name: '角色管理' }).waitFor();
    expect(await flyout.locator('.ant-menu-item-group-title').textContent()).toBe('用户管理');
    await screenshot(page, 'shell-04b-collapsed-menu-flyout');
    await page.mouse.move(900, 400);

    await page.reload();
    await tab(page, '账号管理').waitFor();
    await expect.poll(() => sider.evaluate((el) => el.getBoundingClientRect().width)).toBe(80);
    await page.getByRole('button', { name: '展开菜单' }).click();
    await expect.poll(() => sider.evaluate((el) => el.getBoundingClientRect().width)).toBe(260);
  });

  it('fits 1440, 1280, 1024 and 768 px: no sideways scrolling, the user menu and 添加 on screen', async () => {
    await page.goto('/#/user/Account');
    for (const width of [1440, 1280, 1024, 768]) {
      await page.setViewportSize({ width, height: 800 });
      // The layout follows the window through matchMedia listeners, which a busy machine runs late:
      // wait for the menu mode of this width before measuring anything.
      await expect
        .poll(() => page.getByTestId('nav-toggle').getAttribute('data-nav-mode'))
        .toBe(width >= 1200 ? 'side' : width >= 992 ? 'collapsed' : 'drawer');
      await page
        .getByText(/共 \d+ 条记录/)
        .filter({ visible: true })
        .waitFor();
      const fits = await page.evaluate(() => {
        const inView = (el: Element | null) => {
          const box = el?.getBoundingClientRect();
          return Boolean(box && box.width > 0 && box.left >= 0 && box.right <= window.innerWidth);
        };
        const visible = [...document.querySelectorAll('button')].filter((b) => b.offsetParent !== null);
        return {
          scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
          innerWidth: window.innerWidth,
          userMenu: inView(document.querySelector('[data-testid="user-menu"]')),
          add: inView(visible.find((b) => b.textContent?.includes('添加')) ?? null),
        };
      });
      expect(fits.scrollWidth, `${width}`).toBeLessThanOrEqual(fits.innerWidth);
      expect(fits.userMenu, `${width}: user menu`).toBe(true);
      expect(fits.add, `${width}: 添加`).toBe(true);
      await screenshot(page, `shell-05-accounts-${width}`);
    }

    // 768: the menu is a drawer opened from the header; 退出登录 is reachable.
    await page.getByRole('button', { name: '打开菜单' }).click();
    const drawer = page.getByRole('dialog', { name: '主菜单' });
    await drawer.getByRole('menuitem', { name: '角色管理' }).waitFor();
    await screenshot(page, 'shell-06-drawer-768');
    await drawer.getByRole('menuitem', { name: '角色管理' }).click();
    await waitForHash(page, /#\/user\/Role$/);
    await drawer.waitFor({ state: 'hidden' });
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).waitFor();
    await page.keyboard.press('Escape');

    // Dark theme at 1024.
    await page.setViewportSize({ width: 1024, height: 800 });
    await tab(page, '账号管理').click();
    await page.getByTestId('theme-toggle').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page
      .getByText(/共 \d+ 条记录/)
      .filter({ visible: true })
      .waitFor();
    await screenshot(page, 'shell-07-accounts-1024-dark');
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(1024);
    // The header's language switch reads in the dark: its track stands out from the header, the chosen language is
    // marked, and both labels are legible on what is behind them (WCAG AA, 4.5:1).
    const contrast = await languageSwitchContrast(page);
    expect(contrast.trackOnHeader, 'track on header').toBeGreaterThan(1.3);
    expect(contrast.chosen, 'chosen label').toBeGreaterThanOrEqual(4.5);
    expect(contrast.other, 'other label').toBeGreaterThanOrEqual(4.5);
    expect(contrast.chosenOnTrack, 'chosen on track').toBeGreaterThan(1.5);
    await page.getByTestId('theme-toggle').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
  });

  it('in English, names the seeded organisation, role and admin in English, light and dark, at 1440 and 768 px', async () => {
    await page.setViewportSize({ width: 1440, height: 800 });
    await page.goto('/#/user/Role');
    await page.getByTestId('language-switch').getByText('English').click();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain('System administrator');
    await page.getByText('Super administrator', { exact: true }).first().waitFor();
    await screenshot(page, 'shell-10-roles-en-1440');
    await page.goto('/#/user/Account');
    await page
      .getByText(/Head office/)
      .first()
      .waitFor();
    for (const dark of [false, true]) {
      if (dark) {
        await page.getByTestId('theme-toggle').click();
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
        const contrast = await languageSwitchContrast(page);
        expect(contrast.chosen, 'chosen label').toBeGreaterThanOrEqual(4.5);
        expect(contrast.other, 'other label').toBeGreaterThanOrEqual(4.5);
      }
      for (const width of [1440, 768]) {
        await page.setViewportSize({ width, height: 800 });
        await expect
          .poll(() => page.getByTestId('nav-toggle').getAttribute('data-nav-mode'))
          .toBe(width >= 1200 ? 'side' : 'drawer');
        await screenshot(page, `shell-11-accounts-en-${width}${dark ? '-dark' : ''}`);
      }
    }
    await page.setViewportSize({ width: 1440, height: 700 });
    await page.getByTestId('theme-toggle').click();
    await page.getByTestId('language-switch').getByText('中文').click();
    await sideMenu(page).waitFor();
  });
});

/**
 * Contrast ratios (WCAG) of the header's language switch: its track on the header, each label's text on its ground,
 * the chosen label's ground on the track. Translucent colours are laid over what is behind them.
 */
function languageSwitchContrast(page: Page) {
  return page.getByTestId('language-switch').evaluate((track) => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba => {
      const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
      return [r, g, b, css.startsWith('rgba') ? a : 1];
    };
    const over = (top: Rgba, below: Rgba): Rgba => [
      top[0] * top[3] + below[0] * (1 - top[3]),
      top[1] * top[3] + below[1] * (1 - top[3]),
      top[2] * top[3] + below[2] * (1 - top[3]),
      1,
    ];
    const luminance = ([r, g, b]: Rgba) =>
      [r, g, b]
        .map((c) => c / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
        .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
    const ratio = (a: Rgba, b: Rgba) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    };
    const header = parse(getComputedStyle(track.closest('header') as HTMLElement).backgroundColor);
    const trackGround = over(parse(getComputedStyle(track).backgroundColor), header);
    const labels = [...track.querySelectorAll('label')];
    const chosen = labels.find((label) => label.querySelector('input:checked')) as HTMLElement;
    const other = labels.find((label) => label !== chosen) as HTMLElement;
    const ground = (label: HTMLElement) => over(parse(getComputedStyle(label).backgroundColor), trackGround);
    const text = (label: HTMLElement) => over(parse(getComputedStyle(label).color), ground(label));
    return {
      trackOnHeader: ratio(trackGround, header),
      chosen: ratio(text(chosen), ground(chosen)),
      other: ratio(text(other), ground(other)),
      chosenOnTrack: ratio(ground(chosen), trackGround),
    };
  });
}

/** Seeds a role holding 账号管理 only (not 首页, not 个人信息) and an account of it. */
async function seedLimited(server: RunningServer) {
  const token = (await apiCall(server, '/login', {
    method: 'POST',
    body: { account: 'admin', password: ADMIN_PASSWORD },
  })) as string;
  type Resource = { id: number; method: string | null; url: string | null; route: string | null };
  const resources = (await apiCall(server, '/resources', { token })) as Resource[];
  const ids = (...keys: string[]) =>
    keys.map((key) => resources.find((r) => r.route === key || `${r.method},${r.url}` === key)!.id);
  const role = (await apiCall(server, '/role', {
    method: 'POST',
    token,
    body: { name: '账号查看员', resources: ids('/user', '/user/Account', 'get,/account/s') },
  })) as { id: number };
  await apiCall(server, '/account', {
    method: 'POST',
    token,
    body: {
      accountNumber: 'shell.limited',
      accountName: '受限账号',
      password: PASSWORD,
      orgId: 1,
      roleId: role.id,
      state: 1,
    },
  });
}

describe('the 403 page and the screens everyone may open (ACCESS_CONTROL=on) in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startServer({ LOGIN_CAPTCHA: 'off', ACCESS_CONTROL: 'on' });
    await seedLimited(server);
    browser = await launchBrowser();
    page = await (await newContext(browser, server.baseUrl)).newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  afterAll(async () => {
    await browser?.close();
    expect(pageErrors).toEqual([]);
    expect(await server?.stop()).toBe(0);
  });

  it('shows 无权访问“角色管理” for a menu the role lacks, 404 for an unknown route, and opens 首页 and 个人信息', async () => {
    await page.goto('/#/login');
    await page.getByPlaceholder('输入用户名').fill('shell.limited');
    await page.getByPlaceholder('输入密码').fill(PASSWORD);
    await page.getByRole('button', { name: label('登录') }).click();
    // 首页 is every account's: it opens after the sign-in, not the first granted screen.
    await waitForHash(page, /#\/$/);
    await page.getByText('你好，受限账号').waitFor();
    const items = () =>
      sideMenu(page)
        .getByRole('menuitem')
        .evaluateAll((els) => els.map((el) => el.textContent?.trim()));
    expect(await items()).toEqual(['首页', '用户管理', '系统设置']);
    await sideMenu(page).getByRole('menuitem', { name: '用户管理' }).click();
    await sideMenu(page).getByRole('menuitem', { name: '账号管理' }).waitFor();
    await sideMenu(page).getByRole('menuitem', { name: '系统设置' }).click();
    await sideMenu(page).getByRole('menuitem', { name: '个人信息' }).waitFor();
    expect(await items()).toEqual(['首页', '用户管理', '系统设置', '个人信息']);

    await page.goto('/#/user/Role');
    await page.getByText('无权访问“角色管理”').waitFor();
    expect(page.url()).toMatch(/#\/user\/Role$/);
    await screenshot(page, 'shell-08-forbidden');
    await page.getByRole('button', { name: '返回首页' }).click();
    await waitForHash(page, /#\/$/);

    await page.goto('/#/no/such/page');
    await waitForHash(page, /#\/404$/);

    // 个人信息 from the header's user menu: the page and its calls work without a grant.
    await page.goto('/#/');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '个人信息' }).click();
    await waitForHash(page, /#\/system\/Profile$/);
    await page.getByText('shell.limited').filter({ visible: true }).first().waitFor();
    expect(
      await page
        .getByText(/无权访问/)
        .filter({ visible: true })
        .count(),
    ).toBe(0);
    await screenshot(page, 'shell-09-profile-without-grant');
  });
});
