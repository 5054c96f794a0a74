import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { deflateSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { CHROMIUM_FLAGS } from './frontend-perf.js';
import { freePort, listensOn } from './ports.js';

export const ADMIN_PASSWORD = 'E2e#Gatehouse2026';
const root = resolve(import.meta.dirname, '..');
export const SCREENSHOT_DIR = join(root, 'test-results', 'screenshots');
/** Server logs (info, request lines included) and kept outboxes, scanned by resilience/log-hygiene.test.ts. */
export const LOG_DIR = join(root, 'test-results', 'logs');

export interface RunningServer {
  baseUrl: string;
  /** The server's DATA_DIR (SQLite file, `outbox.jsonl`); removed by `stop()`. */
  dataDir: string;
  /** Sends SIGTERM and answers the exit code (0 after a graceful shutdown). */
  stop(): Promise<number | null>;
  /** What the server printed on stdout so far (only with `{ captureStdout: true }`; it is echoed too). */
  stdout(): string;
}

/**
 * Starts the real server (compiled, as `npm start` runs it after the build) with a fresh SQLite data dir. It is taken
 * for started once it answers /api/health and it is the process listening on that port (`listensOn`): another file's
 * server handed the same port by `freePort` would answer too. A start that finds the port taken is tried again on
 * another.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { captureStdout?: boolean } = {},
): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    const started = await startOn(await freePort(), env, options);
    if (started !== 'port taken') return started;
    if (attempt >= 5) throw new Error('server: every port tried was taken before it could listen');
  }
}

async function startOn(
  port: number,
  env: Record<string, string>,
  options: { captureStdout?: boolean },
): Promise<RunningServer | 'port taken'> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gh-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'info',
      LOG_FILE: join(LOG_DIR, `server-e2e-${port}.log`),
      // Sudo mode outlasts a file's session on a busy machine (creating an account needs it); the files about sudo
      // set their own window.
      SUDO_SECONDS: '3600',
      ...env,
    },
    stdio: ['ignore', options.captureStdout ? 'pipe' : 'inherit', 'pipe'],
  });
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    printed += chunk.toString('utf8');
    process.stdout.write(chunk);
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString('utf8');
    process.stderr.write(chunk);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(dataDir, { recursive: true, force: true });
      if (errors.includes('EADDRINUSE')) return 'port taken';
      throw new Error(`server exited with ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok && listensOn(child.pid!, port)) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become healthy');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    dataDir,
    stdout: () => printed,
    async stop() {
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill('SIGTERM');
      const code = await exited;
      const outbox = join(dataDir, 'outbox.jsonl');
      if (existsSync(outbox)) appendFileSync(join(LOG_DIR, `outbox-e2e-${port}.jsonl`), readFileSync(outbox));
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
}

/**
 * A browser context as the tests use it: the server's address, a laptop-sized window, and the system's
 * reduced-motion preference on, so antd dialogs open in place (nothing zooms from the pointer while the test
 * clicks, which under CPU load made clicks land beside their target).
 */
export function newContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseUrl, viewport: { width: 1366, height: 800 }, reducedMotion: 'reduce' });
}

/** Saves a full-page screenshot under test-results/screenshots for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // antd's dialog/drawer motion runs from class names, which Playwright's animation switch does not finish:
  // wait for it, so a dialog is captured open or closed, never half-way.
  await settleMotion(page);
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/**
 * Makes every open session's verification (the sign-in, the last identity dialog) an hour old, past any SUDO_SECONDS:
 * the next sensitive call is refused with `x-verification-required` and the web asks for the verification. The server
 * reads `verified_at` from the database on every request, so no test waits for the window to pass on the clock.
 */
export function ageVerification(server: RunningServer): void {
  const db = new Database(join(server.dataDir, 'gatehouse.db'));
  try {
    db.pragma('busy_timeout = 30000');
    // The last sensitive action too: it renews the window (ADR 0035).
    const past = new Date(Date.now() - 3600_000).toISOString();
    db.prepare('UPDATE session SET verified_at = ?, sudo_used_at = ? WHERE ended_at IS NULL').run(past, past);
  } finally {
    db.close();
  }
}

/** Hash routes change without a document load, so the address is polled rather than awaited as a navigation. */
export async function waitForHash(target: Page, pattern: RegExp): Promise<void> {
  await expect.poll(() => target.url(), { timeout: 60_000 }).toMatch(pattern);
}

/**
 * The opened page on screen. The shell keeps every opened page mounted while its tab is open (app/layouts/KeptPage):
 * the others are hidden (invisible, inert, aria-hidden) but still in the DOM, so a text, label or CSS locator that
 * means "on this screen" is scoped to this one (role locators skip hidden pages by themselves). Its dialogs and
 * dropdowns are in it too (the page's popup layer); toasts are not.
 */
export const shownPage = (target: Page): Locator => target.locator('[data-testid="kept-page"][data-active="true"]');

/** Matches a button label with or without a space between two Chinese characters ("确 定" in dialog footers). */
export const label = (text: string) => new RegExp(`^\\s*${[...text].join('\\s*')}\\s*$`);

/**
 * A list row's 更多 ▾ menu (list-kit row actions), opened: its items are `menuitem`s in the page's popup layer, which
 * the trigger names by aria-controls. Escape closes it.
 */
export async function openMoreActions(row: Locator): Promise<Locator> {
  const trigger = row.getByRole('button', { name: /^\s*更\s*多/ });
  if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
  const id = await trigger.getAttribute('aria-controls');
  if (!id) throw new Error('the 更多 menu did not open');
  const menu = row.page().locator(`[id="${id}"]`);
  await menu.waitFor();
  return menu;
}

/** Chooses a list row's action by its label: its link in the 操作 cell, or its item under 更多 ▾. */
export async function chooseRowAction(row: Locator, text: string): Promise<void> {
  const link = row.getByRole('button', { name: label(text) });
  if ((await link.count()) > 0) return link.click();
  await (await openMoreActions(row)).getByRole('menuitem', { name: label(text) }).click();
}

/**
 * A list's one search box (components/list-kit ScopedSearchBox) in its search `form`: the text box 搜索 and, before it,
 * the scope picker 搜索范围 (全部: the keyword; or one text filter, named by its field's label).
 */
export const searchBox = (form: Locator): Locator => form.getByLabel('搜索', { exact: true });
export const searchScope = (form: Locator): Locator => form.getByRole('combobox', { name: '搜索范围', exact: true });

/** The scope the search box shows (全部, 账号, 用户名, …). */
export const searchScopeShows = (form: Locator): Promise<string | null> =>
  orgPickerOf(searchScope(form)).locator('.ant-select-content').getAttribute('title');

/** Types `text` into the search box under `scope` (chosen first in 搜索范围 when another is shown); applies nothing. */
export async function searchIn(form: Locator, scope: string, text: string): Promise<void> {
  if ((await searchScopeShows(form)) !== scope) {
    await searchScope(form).click();
    await form.page().locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${scope}"]`).click();
    await orgPickerOf(searchScope(form)).locator(`.ant-select-content[title="${scope}"]`).waitFor();
  }
  await searchBox(form).fill(text);
}

/** Waits until no antd motion (dialog zoom, drawer slide) is running, so a click or a picture lands as aimed. */
export async function settleMotion(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[class*="-appear-active"], [class*="-enter-active"]'));
}

/** One message the server delivered to its outbox (no SMS or SMTP provider configured). */
export interface OutboxMessage {
  channel: 'sms' | 'email' | 'captcha';
  /** A mobile number, an e-mail address, or the image captcha's id. */
  to: string;
  code: string;
  text: string;
  at: string;
}

/** Every message in `$DATA_DIR/outbox.jsonl`, oldest first (empty before the first one is written). */
export function readOutbox(server: RunningServer): OutboxMessage[] {
  const file = join(server.dataDir, 'outbox.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as OutboxMessage);
}

/**
 * Waits for a message to `to` on `channel` written at or after `since` and answers its code (the newest).
 * `since` defaults to the moment of the call, so start waiting before the click that sends a code (or pass the
 * moment taken before it); image-captcha ids are unique, so for them any message counts.
 */
export async function waitForCode(
  server: RunningServer,
  options: { channel: OutboxMessage['channel']; to: string; since?: Date; timeout?: number },
): Promise<string> {
  const { channel, to, timeout = 15_000 } = options;
  const since = options.since ?? (channel === 'captcha' ? new Date(0) : new Date());
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = readOutbox(server)
      .filter((m) => m.channel === channel && m.to === to && Date.parse(m.at) >= since.getTime())
      .at(-1);
    if (found) return found.code;
    if (Date.now() > deadline) throw new Error(`no ${channel} code for ${to} in the outbox`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real RGB PNG of `width`×`height` whose pixel (x, y) has the colour `pixel(x, y)` ([r, g, b], 0-255). */
export function makePng(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]) {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    rows[row] = 0; // filter: none
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = pixel(x, y);
      rows[row + 1 + x * 3] = r;
      rows[row + 2 + x * 3] = g;
      rows[row + 3 + x * 3] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Calls the API of `server` as `token` (anonymously without one) and answers `data`; a refusal throws its message. */
export async function apiCall(
  server: RunningServer,
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<unknown> {
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: init.token } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await response.json()) as { code: number; msg: string; data: unknown };
  if (json.code !== 200) throw new Error(`${path}: ${json.msg}`);
  return json.data;
}

/** Signs `target` in as admin through the sign-in form and waits for `path` (the redirect after it). */
export async function signInAsAdmin(target: Page, path: string): Promise<void> {
  await target.goto(`/#/login?redirect=${path}`);
  await target.getByPlaceholder('输入用户名').fill('admin');
  await target.getByPlaceholder('输入密码').fill(ADMIN_PASSWORD);
  await target.getByRole('button', { name: label('登录') }).click();
  // Not waitForHash (expect.poll): this also runs in beforeAll, where a failure leaves no picture of its own. A busy
  // fresh-clone run once saw the form never post (docs/testing.md): the page is kept for whoever looks next.
  try {
    await target.waitForFunction((hash) => location.hash === hash, `#${path}`, { timeout: 60_000 });
  } catch (error) {
    await screenshot(target, `signin-stuck-${path.replace(/\W+/g, '-')}`).catch(() => undefined);
    throw error;
  }
}

/** The organisation picker's open popup (an inline tree select: components/org-picker). */
export const orgPickerPopup = (target: Page): Locator => target.locator('.ant-tree-select-dropdown:visible');

/** The node named `name` in the open organisation picker (a search hit's name is its path: '总部 / 研发部'). */
export const orgPickerNode = (target: Page, name: string): Locator =>
  orgPickerPopup(target)
    .getByRole('treeitem')
    .filter({ has: target.locator('.ant-select-tree-title').getByText(name, { exact: true }) });

/**
 * Opens the organisation picker `field`: once the tree select's code has arrived (a plain select stands in its place
 * until then, components/org-picker), a click opens its popup.
 */
export async function openOrgPicker(target: Page, field: Locator): Promise<void> {
  await orgPickerOf(field).and(target.locator('.ant-tree-select')).waitFor();
  await field.click();
  await orgPickerPopup(target).waitFor();
}

/**
 * Opens the organisation picker `field` and picks the organisation at `path` (names from where the tree opens),
 * opening each closed level on the way.
 */
export async function pickOrg(target: Page, field: Locator, path: readonly string[]): Promise<void> {
  await openOrgPicker(target, field);
  for (const name of path.slice(0, -1)) {
    const node = orgPickerNode(target, name);
    if ((await node.getAttribute('aria-expanded')) !== 'true') await node.locator('.ant-select-tree-switcher').click();
  }
  await orgPickerNode(target, path.at(-1) as string)
    .locator('.ant-select-tree-node-content-wrapper')
    .click();
}

/** What the organisation picker `field` shows: the chosen organisation's name. */
export const orgPickerShows = (field: Locator): Promise<string | null> =>
  orgPickerOf(field).locator('.ant-select-content').getAttribute('title');

/** The whole picker around its input `field` (its clear icon, its shown value). */
export const orgPickerOf = (field: Locator): Locator =>
  field.locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
