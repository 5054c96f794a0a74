import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { type Browser, chromium, type Locator } from 'playwright-core';
import { freePort } from './ports.js';

export { freePort };

/**
 * The front-end measurements, reported by `npm run bench` against the targets (bench/run.ts,
 * bench/long-list.ts): a cold load of /login until its form can be used, Lighthouse's desktop scores of /login and
 * of the account screen, and the frame interval while a 10,000-row tree scrolls. The long-list E2E shares the tree's
 * data and scroll loop and holds what does not depend on the machine's speed (the tree is virtual). No test runner
 * here, so the benchmark can import it.
 */
export const FRONTEND_TARGET = {
  coldLoadMs: 500,
  lighthouse: 98,
  /** The account screen with antd Table, its tool bar and row selection. */
  lighthouseAccount: 95,
  longListFrameMs: 50,
  /** Moving between list screens, p90. */
  screenSwitchMs: 150,
};

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Milliseconds from navigation start to an enabled, visible login form (both inputs), each in a fresh browser
 * context (empty HTTP cache, no storage), after one throw-away load that warms the server.
 */
export async function coldLoadTimings(browser: Browser, baseUrl: string, runs = 7): Promise<number[]> {
  const fresh = () =>
    browser.newContext({ baseURL: baseUrl, viewport: { width: 1366, height: 800 }, reducedMotion: 'reduce' });
  const warm = await fresh();
  await (await warm.newPage()).goto('/#/login');
  await warm.close();
  const timings: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const context = await fresh();
    const page = await context.newPage();
    await page.goto('/#/login', { waitUntil: 'commit' });
    // performance.now() counts from the navigation's start (timeOrigin); polled every animation frame.
    const ready = await page.waitForFunction(
      () => {
        const inputs = [
          ...document.querySelectorAll<HTMLInputElement>('input[placeholder="输入用户名"], input[type=password]'),
        ];
        const usable = inputs.length === 2 && inputs.every((input) => !input.disabled && input.offsetParent !== null);
        return usable ? performance.now() : false;
      },
      undefined,
      { polling: 'raf', timeout: 60_000 },
    );
    timings.push(Number(await ready.jsonValue()));
    await context.close();
  }
  return timings;
}

/** A Chromium with a debugging port and its own profile, for Lighthouse to drive. */
export interface AuditBrowser {
  port: number;
  close(): Promise<void>;
}

export async function startAuditBrowser(): Promise<AuditBrowser> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'gh-lighthouse-'));
  const chrome: ChildProcess = spawn(
    '/usr/bin/chromium',
    [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('chromium did not open its debugging port');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port,
    async close() {
      if (chrome.exitCode === null) {
        const exited = new Promise((r) => chrome.once('exit', r));
        chrome.kill('SIGTERM');
        await exited;
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Signs in through the login page in the audit browser's profile, then forgets the HTTP cache: the next audit is a
 * cold load with a session (the token stays in localStorage).
 */
export async function signInForAudit(port: number, baseUrl: string, account: string, password: string) {
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = cdp.contexts()[0];
  if (!context) throw new Error('no default browser context');
  const page = await context.newPage();
  await page.goto(`${baseUrl}/#/login`);
  await page.getByPlaceholder('输入用户名').fill(account);
  await page.getByPlaceholder('输入密码').fill(password);
  await page.getByRole('button', { name: /^\s*登\s*录\s*$/ }).click();
  await page.waitForFunction(() => !location.hash.includes('/login'), undefined, { timeout: 60_000 });
  await page.close();
  // Leaves the CDP connection without closing the browser Lighthouse drives.
  await cdp.close();
  await clearBrowserCache(port);
}

/** Forgets the audit browser's HTTP cache, keeping its storage (a session stays signed in): the next audit is cold. */
export async function clearBrowserCache(port: number) {
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = cdp.contexts()[0];
  if (!context) throw new Error('no default browser context');
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  await session.send('Network.clearBrowserCache');
  await page.close();
  await cdp.close();
}

export interface AuditResult {
  /** Category scores, 0–100. */
  scores: Record<string, number>;
  finalUrl: string;
  /** FCP, LCP, TBT, CLS and Speed Index as Lighthouse displays them. */
  metrics: string;
  /** Where the main thread went (the usual reason for a low score): category totals, in ms. */
  work: string;
}

/** Audits `url` with Lighthouse's desktop preset in the audit browser; storage is kept. */
export async function audit(port: number, url: string, attempt = 1): Promise<AuditResult> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      disableStorageReset: true,
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    },
    desktopConfig,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  // NO_NAVSTART: Lighthouse lost the trace of the load and says to run it again (seen once in CI): once more.
  if (runtimeError?.code === 'NO_NAVSTART' && attempt < 2) return audit(port, url, attempt + 1);
  if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
  const scores = Object.fromEntries(
    Object.entries(categories).map(([id, category]) => [id, Math.round((category.score ?? 0) * 100)]),
  );
  const metrics = [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ]
    .map((id) => `${id} ${audits[id]?.displayValue ?? '?'}`)
    .join(', ');
  const work =
    (audits['mainthread-work-breakdown']?.details as { items?: { groupLabel: string; duration: number }[] })?.items
      ?.map((item) => `${item.groupLabel} ${Math.round(item.duration)}`)
      .join(', ') ?? '';
  return { scores, finalUrl: result.lhr.finalDisplayedUrl, metrics, work };
}

/** Rows of the long-list data set: API resources under one menu of their own. */
export const LONG_LIST_ROWS = 10_000;
/** The name of the long list's last row. */
export const LONG_LIST_LAST = `批量接口 ${String(LONG_LIST_ROWS).padStart(5, '0')}`;

/**
 * Writes the long-list data set straight into a running server's SQLite file (the API would take minutes for 10,000
 * creations): a root menu ordered last, with LONG_LIST_ROWS API resources, so they are the last rows of every
 * resource tree. The server notices the commit on its next request (ADR 0013).
 */
export function addLongList(sqliteFile: string): void {
  const db = new Database(sqliteFile);
  try {
    db.pragma('busy_timeout = 5000');
    const parent = db
      .prepare(
        "INSERT INTO resource (pid, name, type, route, order_num, builtin) VALUES (NULL, '批量菜单', 0, '/bulk', 9999, 0) RETURNING id",
      )
      .get() as { id: number };
    const insert = db.prepare(
      "INSERT INTO resource (pid, name, type, route, method, url, remark, order_num, builtin) VALUES (?, ?, 1, NULL, 'GET', ?, NULL, ?, 0)",
    );
    db.transaction(() => {
      for (let n = 1; n <= LONG_LIST_ROWS; n += 1) {
        insert.run(parent.id, `批量接口 ${String(n).padStart(5, '0')}`, `/api/bulk/${n}`, 1000 + n);
      }
    })();
  } finally {
    db.close();
  }
}

/**
 * Scrolls a virtual tree's holder (`.ant-tree-list-holder`) to its end in steps of `step` px, one per animation frame:
 * 600 (about 21 rows: a fast fling) for the bench's frame intervals; the E2E test, which holds only that the DOM
 * keeps a window of rows, takes longer strides. Answers the intervals between those frames (ms), the most tree rows the DOM held
 * at any step and the holder's scroll height.
 */
export function scrollTreeToEnd(
  holder: Locator,
  step = 600,
): Promise<{ intervals: number[]; most: number; height: number }> {
  // No named functions inside: tsx (the bench) would wrap them in a helper the page does not have.
  return holder.evaluate(async (element, by) => {
    const intervals: number[] = [];
    let most = element.querySelectorAll('.ant-tree-treenode').length;
    let last = await new Promise<number>((r) => requestAnimationFrame(r));
    while (element.scrollTop + element.clientHeight < element.scrollHeight - 1) {
      element.scrollTop += by;
      const now = await new Promise<number>((r) => requestAnimationFrame(r));
      intervals.push(now - last);
      last = now;
      most = Math.max(most, element.querySelectorAll('.ant-tree-treenode').length);
    }
    return { intervals, most, height: element.scrollHeight };
  }, step);
}

/** The list screens, in the order the switch measurement walks them. */
export const LIST_SCREENS = [
  '/user/Account',
  '/user/Role',
  '/system/Dict',
  '/monitor/Online',
  '/monitor/OperLog',
  '/monitor/LoginLog',
] as const;

/**
 * "Moving between list screens": signed in, each list screen visited once (its code and table settings
 * are then in the browser, as for a user who has opened them), then `rounds` walks over LIST_SCREENS. Each move is
 * timed from the route change to the new screen's table showing its rows (or its empty state) with no spinner;
 * answers every move: the screen moved to and the milliseconds it took.
 */
export async function screenSwitchTimings(
  browser: Browser,
  baseUrl: string,
  account: string,
  password: string,
  rounds = 3,
): Promise<{ path: string; ms: number }[]> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto('/#/login');
    await page.getByPlaceholder('输入用户名').fill(account);
    await page.getByPlaceholder('输入密码').fill(password);
    await page.getByRole('button', { name: /^\s*登\s*录\s*$/ }).click();
    await page.waitForFunction(() => !location.hash.includes('/login'), undefined, { timeout: 60_000 });
    const moveTo = (path: string) =>
      page.evaluate(async (target) => {
        // The screen being left is marked, so its table cannot pass for the new one's.
        for (const card of document.querySelectorAll<HTMLElement>('[data-testid=list-card]')) card.dataset.left = '1';
        const start = performance.now();
        location.hash = `#${target}`;
        for (;;) {
          await new Promise((r) => requestAnimationFrame(r));
          const card = document.querySelector<HTMLElement>('[data-testid=list-card]:not([data-left])');
          const ready =
            card !== null &&
            card.querySelector('.ant-spin-spinning') === null &&
            (card.querySelector('.ant-table-row') !== null || card.querySelector('.ant-empty') !== null);
          if (ready) return performance.now() - start;
          if (performance.now() - start > 30_000) throw new Error(`${target} did not show its list`);
        }
      }, path);
    for (const path of LIST_SCREENS) await moveTo(path);
    const timings: { path: string; ms: number }[] = [];
    for (let round = 0; round < rounds; round += 1) {
      for (const path of LIST_SCREENS) timings.push({ path, ms: await moveTo(path) });
    }
    return timings;
  } finally {
    await context.close();
  }
}
