import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  label,
  launchBrowser,
  makePng,
  newContext,
  pickOrg,
  type RunningServer,
  screenshot,
  settleMotion,
  startServer,
} from './support.js';

type Rgb = [number, number, number];
const RED: Rgb = [220, 30, 30];
const GREEN: Rgb = [30, 180, 60];
const BLUE: Rgb = [30, 60, 220];
const YELLOW: Rgb = [240, 220, 30];

/** Names the colour nearest to a sampled pixel (JPEG shifts colours a little). */
function colourName([r, g, b]: number[]): string {
  const named: [string, Rgb][] = [
    ['red', RED],
    ['green', GREEN],
    ['blue', BLUE],
    ['yellow', YELLOW],
  ];
  const distance = (c: Rgb) => (c[0] - (r ?? 0)) ** 2 + (c[1] - (g ?? 0)) ** 2 + (c[2] - (b ?? 0)) ** 2;
  return named.reduce((best, next) => (distance(next[1]) < distance(best[1]) ? next : best))[0];
}

describe('upload widget, crop dialog and avatars in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let dir: string;
  const pageErrors: string[] = [];

  /** 1200×800 PNG: red top-left, green top-right, blue bottom-left, yellow bottom-right. */
  let quadrants: string;

  const cropDialog = () => page.getByRole('dialog', { name: '图像剪裁' });
  const accountDialog = () => page.getByRole('dialog', { name: /^(添加|修改)账号$/ });
  const toast = (text: string) => page.locator('.ant-message-notice').filter({ hasText: text });
  /** The file input of the upload widget wrapping `trigger`. */
  const fileInput = (trigger: Locator) =>
    trigger.locator('xpath=ancestor::div[contains(@class, "gh-uploader")][1]//input[@type="file"]');

  /** The picture's intrinsic size once it has loaded (0 when it failed). */
  const loaded = (image: Locator) =>
    image.evaluate(async (element: HTMLImageElement) => {
      if (!element.complete) await new Promise((done) => element.addEventListener('load', done, { once: true }));
      return { width: element.naturalWidth, height: element.naturalHeight };
    });

  /** Colours near the four corners (10 % in) of a loaded same-origin picture. */
  const cornerColours = (image: Locator) =>
    image.evaluate((element: HTMLImageElement) => {
      const canvas = document.createElement('canvas');
      canvas.width = element.naturalWidth;
      canvas.height = element.naturalHeight;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      context.drawImage(element, 0, 0);
      const at = (fx: number, fy: number) =>
        Array.from(context.getImageData(Math.floor(canvas.width * fx), Math.floor(canvas.height * fy), 1, 1).data);
      return { topLeft: at(0.1, 0.1), topRight: at(0.9, 0.1), bottomLeft: at(0.1, 0.9), bottomRight: at(0.9, 0.9) };
    });

  /** Crops the chosen picture: waits for the cropper, optionally clicks tools, then 确定. */
  async function confirmCrop(tools: string[] = []) {
    const dialog = cropDialog();
    await dialog.waitFor();
    await settleMotion(page);
    const ok = dialog.getByRole('button', { name: '确定' });
    await expect.poll(() => ok.isEnabled()).toBe(true);
    for (const tool of tools) await dialog.getByRole('button', { name: tool }).click();
    await ok.click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** The multipart file name of an upload request. */
  const uploadedName = (request: Request) =>
    /filename="([^"]*)"/.exec(request.postDataBuffer()?.toString('latin1') ?? '')?.[1];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gh-files-'));
    quadrants = join(dir, '风景.png');
    writeFileSync(
      quadrants,
      makePng(1200, 800, (x, y) => (y < 400 ? (x < 600 ? RED : GREEN) : x < 600 ? BLUE : YELLOW)),
    );
    server = await startServer({ LOGIN_CAPTCHA: 'off' });
    browser = await launchBrowser();
    const context = await newContext(browser, server.baseUrl);
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // The CSP's refusals are console errors (cropperjs once read the picture's blob: URL through XMLHttpRequest).
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/.test(message.text())) pageErrors.push(message.text());
    });
    await page.goto('/#/login');
    await page.getByPlaceholder('输入用户名').fill('admin');
    await page.getByPlaceholder('输入密码').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: label('登录') }).click();
    await page.waitForFunction(() => location.hash === '#/', undefined, { timeout: 60_000 });
  });

  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
    expect(pageErrors).toEqual([]);
    expect(await server?.stop()).toBe(0);
  });

  it('refuses a file of the wrong type before sending it (文件格式不正确)', async () => {
    await page.goto('/#/system/Profile');
    const avatar = page.getByTestId('profile-avatar');
    await avatar.getByText('上传头像').waitFor();
    await screenshot(page, 'files-01-profile-empty');
    // The chooser only offers images; a file given anyway meets the pre-check.
    expect(await fileInput(avatar).getAttribute('accept')).toBe('.jpg,.jpeg,.png,.gif,.bmp,.webp');
    let sent = 0;
    const count = (request: Request) => {
      if (request.url().includes('/api/file/upload')) sent += 1;
    };
    page.on('request', count);
    await fileInput(avatar).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await toast('文件格式不正确').waitFor();
    expect(await page.locator('.ant-message-notice-warning').filter({ hasText: '文件格式不正确' }).count()).toBe(1);
    await screenshot(page, 'files-02-precheck-refusal');
    expect(await cropDialog().count()).toBe(0);
    page.off('request', count);
    expect(sent).toBe(0);
  });

  it('crops (rotate, mirror) and uploads an avatar on the personal page; header and page show it', async () => {
    await page.goto('/#/system/Profile');
    const avatar = page.getByTestId('profile-avatar');
    await avatar.getByText('上传头像').waitFor();
    const dialog = cropDialog();
    // 取消 leaves without uploading anything.
    await fileInput(avatar).setInputFiles(quadrants);
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole('button', { name: '确定' }).isEnabled()).toBe(true);
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await avatar.getByText('上传头像').waitFor();

    await fileInput(avatar).setInputFiles(quadrants);
    await dialog.waitFor();
    await settleMotion(page);
    await expect.poll(() => dialog.getByRole('button', { name: '确定' }).isEnabled()).toBe(true);
    // No close button; neither Escape nor a click outside closes it.
    expect(await dialog.locator('.ant-modal-close').count()).toBe(0);
    expect(await page.locator('.ant-modal-close').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.mouse.click(8, 400);
    await settleMotion(page);
    expect(await dialog.isVisible()).toBe(true);
    // 50vh of an 800 px window is 400 px: the 500 px minimum applies.
    const area = await dialog.getByTestId('crop-area').boundingBox();
    expect(area?.height).toBeGreaterThanOrEqual(499);
    // The live preview is round (an avatar) and shows the picture.
    const preview = dialog.getByTestId('crop-preview');
    expect(await preview.evaluate((e) => getComputedStyle(e).borderRadius)).toBe('50%');
    await preview.locator('img').first().waitFor();
    await dialog.getByRole('button', { name: '放大' }).click();
    await dialog.getByRole('button', { name: '缩小' }).click();
    await screenshot(page, 'files-03-crop-dialog');

    await dialog.getByRole('button', { name: '右旋' }).click();
    await dialog.getByRole('button', { name: '水平镜像' }).click();
    // Turned upright, the picture is fitted into the area (500 px high, centred) with the crop box centred on it.
    const [areaBox, pictureBox, cropBox] = await Promise.all(
      ['.cropper-container', '.cropper-canvas', '.cropper-crop-box'].map((css) => dialog.locator(css).boundingBox()),
    );
    const centre = (box: typeof areaBox) => (box ? box.x + box.width / 2 : Number.NaN);
    expect(Math.abs(centre(pictureBox) - centre(areaBox))).toBeLessThan(2);
    expect(Math.abs(centre(cropBox) - centre(areaBox))).toBeLessThan(2);
    expect(pictureBox?.height).toBeCloseTo(areaBox?.height ?? 0, 0);
    expect(pictureBox?.width).toBeCloseTo(((areaBox?.height ?? 0) * 800) / 1200, 0);
    await screenshot(page, 'files-04-crop-rotated-mirrored');

    // The upload is slowed (~16 KB/s) so the bar can be seen; every percent it shows is recorded. The route lets
    // the test read the multipart body.
    await page.route('**/api/file/upload**', (route) => route.continue());
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 16 * 1024,
    });
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector(
          '[data-testid="upload-progress"][role="progressbar"], [data-testid="upload-progress"] [role="progressbar"]',
        );
        const now = Number(bar?.getAttribute('aria-valuenow') ?? Number.NaN);
        if (!Number.isNaN(now) && seen.at(-1) !== now) seen.push(now);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    const uploadRequest = page.waitForRequest((request) => request.url().includes('/api/file/upload'));
    const uploadResponse = page.waitForResponse((response) => response.url().includes('/api/file/upload'));
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const request = await uploadRequest;
    expect(uploadedName(request)).toBe(Buffer.from('风景.png.jpg').toString('latin1'));
    await page.getByTestId('upload-progress').waitFor();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen.at(-1) ?? 0))
      .toBeGreaterThan(0);
    await screenshot(page, 'files-05-uploading');
    const response = await uploadResponse;
    expect(response.status()).toBe(200);
    const { data } = (await response.json()) as { data: { url: string; contentType: string; size: number } };
    expect(data.url).toMatch(/^\/api\/file\/raw\/[\w-]+\/.+\.jpg$/);
    expect(data.contentType).toBe('image/jpeg');
    await page.unroute('**/api/file/upload**');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await cdp.detach();

    await toast('更新成功！').waitFor();
    await page.getByTestId('upload-progress').waitFor({ state: 'hidden' });
    // Progress as loaded / total: the bar started at 0 % and showed 100 % once every byte was sent (Chromium
    // reports a body this small in one step), never going back.
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));

    // The personal page and the header show the new picture at its capability url, and it really loaded.
    const pageImage = avatar.locator('img');
    await expect.poll(() => pageImage.getAttribute('src')).toBe(data.url);
    const size = await loaded(pageImage);
    expect(size.width).toBeGreaterThan(0);
    expect(size.width).toBeLessThanOrEqual(1000);
    expect(size.height).toBe(size.width); // square crop
    const headerImage = page.getByTestId('header-avatar').locator('img');
    await expect.poll(() => headerImage.getAttribute('src')).toBe(data.url);
    expect((await loaded(headerImage)).width).toBeGreaterThan(0);

    // Turned a quarter right (blue comes to the top-left, red to the top-right), then mirrored left-right.
    const corners = await cornerColours(pageImage);
    expect({
      topLeft: colourName(corners.topLeft),
      topRight: colourName(corners.topRight),
      bottomLeft: colourName(corners.bottomLeft),
      bottomRight: colourName(corners.bottomRight),
    }).toEqual({ topLeft: 'red', topRight: 'blue', bottomLeft: 'green', bottomRight: 'yellow' });
    await screenshot(page, 'files-06-profile-avatar');

    // It stays after a reload (saved on the account, not only in the page).
    await page.reload();
    await expect.poll(() => page.getByTestId('profile-avatar').locator('img').getAttribute('src')).toBe(data.url);
  });

  it('sets an avatar in the account dialog; editing oneself refreshes the header', async () => {
    await page.goto('/#/user/Account');
    const row = page.getByRole('row').filter({ has: page.getByText('admin', { exact: true }) });
    await row.getByRole('button', { name: '编辑' }).click();
    const dialog = accountDialog();
    await dialog.waitFor();
    await settleMotion(page);
    const avatar = dialog.getByTestId('account-avatar');
    await avatar.waitFor();
    const box = await avatar.boundingBox();
    expect([Math.round(box?.width ?? 0), Math.round(box?.height ?? 0)]).toEqual([120, 120]);
    // admin's avatar from the test before (if it ran) is shown in the box.
    const before = (await avatar.locator('img').count()) > 0 ? await avatar.locator('img').getAttribute('src') : null;

    const uploadResponse = page.waitForResponse((response) => response.url().includes('/api/file/upload'));
    await fileInput(avatar).setInputFiles(quadrants);
    await confirmCrop(['左旋']);
    const { data } = (await (await uploadResponse).json()) as { data: { url: string } };
    expect(data.url).not.toBe(before);
    await expect.poll(() => avatar.locator('img').getAttribute('src')).toBe(data.url);
    expect((await loaded(avatar.locator('img'))).width).toBeGreaterThan(0);
    await screenshot(page, 'files-07-account-dialog-avatar');

    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/account') && response.request().method() === 'PUT',
    );
    await dialog.getByRole('button', { name: label('确定') }).click();
    const body = JSON.parse((await saved).request().postData() ?? '{}') as { avatar?: string };
    expect(body.avatar).toBe(data.url);
    await dialog.waitFor({ state: 'hidden' });
    await toast('编辑成功').waitFor();
    await expect.poll(() => page.getByTestId('header-avatar').locator('img').getAttribute('src')).toBe(data.url);
    await screenshot(page, 'files-08-header-after-account-edit');

    // Reopened, the dialog shows the saved avatar.
    await row.getByRole('button', { name: '编辑' }).click();
    await accountDialog().waitFor();
    await expect
      .poll(() => accountDialog().getByTestId('account-avatar').locator('img').getAttribute('src'))
      .toBe(data.url);
    await accountDialog()
      .getByRole('button', { name: label('取消') })
      .click();
    await accountDialog().waitFor({ state: 'hidden' });
  });

  it('creates an account with an avatar', async () => {
    await page.goto('/#/user/Account');
    await page.getByRole('button', { name: '+ 添加' }).click();
    const dialog = accountDialog();
    await dialog.waitFor();
    await settleMotion(page);
    const avatar = dialog.getByTestId('account-avatar');
    await avatar.getByText('上传头像').waitFor();
    await screenshot(page, 'files-09-account-create-empty');
    const uploadResponse = page.waitForResponse((response) => response.url().includes('/api/file/upload'));
    await fileInput(avatar).setInputFiles(quadrants);
    await confirmCrop();
    const { data } = (await (await uploadResponse).json()) as { data: { url: string } };
    await avatar.locator('img').waitFor();

    await dialog.getByLabel('账号', { exact: true }).fill('avatar_user');
    await dialog.getByLabel('用户名', { exact: true }).fill('头像用户');
    await dialog.getByLabel('密码', { exact: true }).fill('Avatar#2026pass');
    await dialog.getByLabel('确认密码', { exact: true }).fill('Avatar#2026pass');
    await pickOrg(page, dialog.getByLabel('所属组织', { exact: true }), ['总公司']);

    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/account') && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: label('确定') }).click();
    const response = await created;
    expect(response.status()).toBe(200);
    const { data: account } = (await response.json()) as { data: { avatar: string | null } };
    expect(account.avatar).toBe(data.url);
    await dialog.waitFor({ state: 'hidden' });
  });
});
