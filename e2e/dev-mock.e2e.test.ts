import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './frontend-perf.js';
import { label, launchBrowser, newContext, screenshot, waitForHash } from './support.js';

/**
 * `npm run dev:mock -- --port N` exactly as a developer runs it from the repository root (Vite in mock mode, the
 * API answered by the msw service worker, no server behind it), opened in a browser that has never registered the
 * worker. The account is the one apps/web/README.md documents; any captcha answer is accepted by the mock.
 */
const root = resolve(import.meta.dirname, '..');
const DOCUMENTED_ACCOUNT = 'admin';
const DOCUMENTED_PASSWORD = 'Mock#2026';
/** Vite's start and its first dependency optimisation can take a while on a busy machine. */
const DEV_SERVER_START_TIMEOUT = 180_000;
const FIRST_LOAD_TIMEOUT = 150_000;

interface ApiAnswer {
  url: string;
  status: number;
  fromServiceWorker: boolean;
}

interface DevServer {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** Strips the terminal colours Vite may print. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escape sequences start with ESC
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

async function startDevMock(port: number): Promise<DevServer> {
  // Its own process group (detached), so npm, the shell and Vite are stopped together.
  const child: ChildProcess = spawn('npm', ['run', 'dev:mock', '--', '--port', String(port)], {
    cwd: root,
    detached: true,
    env: { ...process.env, NO_COLOR: '1', BROWSER: 'none' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const collect = (chunk: Buffer) => {
    printed += chunk.toString('utf8');
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));

  const stopGroup = async () => {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return; // the group is gone already
    }
    const killed = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
    if (!killed) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
      await exited;
    }
  };

  const deadline = Date.now() + DEV_SERVER_START_TIMEOUT;
  let url: string | undefined;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`npm run dev:mock exited early (${child.exitCode ?? child.signalCode}):\n${printed}`);
    }
    url ??= /Local:\s+(http:\/\/\S+?)\/?\s/.exec(plain(printed))?.[1];
    if (url && new URL(url).port !== String(port)) {
      await stopGroup();
      throw new Error(`npm run dev:mock did not take \`-- --port ${port}\` (it listens on ${url}):\n${printed}`);
    }
    if (url) {
      try {
        if ((await fetch(`${url}/`)).ok) break;
      } catch {
        // not answering yet
      }
    }
    if (Date.now() > deadline) {
      await stopGroup();
      throw new Error(`npm run dev:mock did not answer within ${DEV_SERVER_START_TIMEOUT} ms:\n${printed}`);
    }
    await sleep(250);
  }
  return { url, output: () => printed, stop: stopGroup };
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('npm run dev:mock in a fresh browser', () => {
  let devServer: DevServer | undefined;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  const apiAnswers: ApiAnswer[] = [];

  beforeAll(async () => {
    // Vite answers on the port given after `--` (startDevMock checks the address it prints).
    devServer = await startDevMock(await freePort());
    browser = await launchBrowser();
    context = await newContext(browser, devServer.url);
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/')) {
        apiAnswers.push({
          url: response.url(),
          status: response.status(),
          fromServiceWorker: response.fromServiceWorker(),
        });
      }
    });
  }, DEV_SERVER_START_TIMEOUT + 60_000);

  afterAll(async () => {
    await browser?.close();
    await devServer?.stop();
    // The whole process group is gone: nothing answers on the port any more.
    if (devServer) await expect(fetch(`${devServer.url}/`)).rejects.toThrow();
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it(
    'shows the sign-in page on the first load, every API answer coming from the mock worker',
    async () => {
      // A new context has no service worker registered: this is a developer's very first visit.
      expect(context.serviceWorkers()).toEqual([]);
      await page.goto('/', { timeout: FIRST_LOAD_TIMEOUT });
      // Settled: the captcha image is in (answered by the mock), or the app gave up with its "服务异常" page.
      const captchaImage = page.locator('.gh-captcha-image img');
      await captchaImage.or(page.getByText('服务异常')).first().waitFor({ timeout: FIRST_LOAD_TIMEOUT });
      await screenshot(page, 'dev-mock-01-login');
      expect(page.url()).toMatch(/#\/login(\?|$)/);
      expect(await page.title()).toBe('登录');
      await captchaImage.waitFor();
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      expect(apiAnswers.length).toBeGreaterThan(0);
      expect(apiAnswers.filter((answer) => !answer.fromServiceWorker || answer.status >= 500)).toEqual([]);
    },
    FIRST_LOAD_TIMEOUT + 60_000,
  );

  it('signs in with the documented account and any captcha answer', async () => {
    await page.getByPlaceholder('输入用户名').fill(DOCUMENTED_ACCOUNT);
    await page.getByPlaceholder('输入密码').fill(DOCUMENTED_PASSWORD);
    await page.getByPlaceholder('验证码').fill('ABCD');
    await page.getByRole('button', { name: label('登录') }).click();
    await waitForHash(page, /#\/$/);
    await page.getByText('你好，系统管理员').waitFor({ timeout: 30_000 });
    const menu = page.getByRole('menu').first();
    for (const item of ['用户管理', '系统设置']) await menu.getByText(item, { exact: true }).waitFor();
    // The dashboard's figures and charts come from the mock too (each answer 100-600 ms late): wait for all of them.
    await page.waitForFunction(() => !document.querySelector('.ant-skeleton'), null, { timeout: 60_000 });
    await screenshot(page, 'dev-mock-02-signed-in');
    expect(apiAnswers.filter((answer) => !answer.fromServiceWorker || answer.status >= 500)).toEqual([]);
  });
});
