/**
 * Long lists: a tree of 10,000 rows scrolls smoothly. Part of `npm run bench` (bench/run.ts, which
 * starts the server); alone, on a server of its own: `npx tsx bench/long-list.ts` (needs the built web app,
 * `npm run build`).
 *
 * A fresh server gets the long-list data set of the E2E (e2e/frontend-perf.ts: 10,000 API resources under one
 * menu), and Chromium scrolls the resource screen's tree and the role dialog's checkable tree from the top to the
 * last row, one 600 px step per animation frame, RUNS times each. The figure is the median interval between those
 * frames over all runs (16.7 ms is every frame at 60 Hz); the target is FRONTEND_TARGET.longListFrameMs. That the
 * trees are virtual at all (a window of rows in the DOM) is a property, held by e2e/long-list.e2e.test.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Locator } from 'playwright-core';
import {
  addLongList,
  CHROMIUM_FLAGS,
  FRONTEND_TARGET,
  freePort,
  LONG_LIST_LAST,
  median,
  scrollTreeToEnd,
} from '../e2e/frontend-perf.js';
import { ADMIN_PASSWORD } from './seed.js';

const RUNS = 3;

export interface LongListFigure {
  scenario: string;
  figure: string;
  target: string;
  pass: boolean;
}

/**
 * Adds the long-list data set to the server at `base` (whose SQLite file is `sqliteFile`; a fresh one, as its
 * resource trees gain 10,000 rows) and measures both trees, signed in as the administrator.
 */
export async function longListScenarios(base: string, sqliteFile: string, runs = RUNS): Promise<LongListFigure[]> {
  addLongList(sqliteFile);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({
      baseURL: base,
      viewport: { width: 1366, height: 800 },
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await page.goto('/#/login');
    await page.getByPlaceholder('输入用户名').fill('admin');
    await page.getByPlaceholder('输入密码').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: /^\s*登\s*录\s*$/ }).click();
    await page.waitForFunction(() => location.hash === '#/', undefined, { timeout: 60_000 });

    const figures: LongListFigure[] = [];
    await page.goto('/#/user/Resource');
    figures.push(await measure(page.locator('.ant-tree').first(), '资源管理 资源树', runs));
    await page.goto('/#/user/Role');
    await page.getByRole('button', { name: '+ 添加' }).click();
    figures.push(await measure(page.getByRole('dialog', { name: '权限信息' }), '角色 权限信息 勾选树', runs));
    return figures;
  } finally {
    await browser.close();
  }
}

/** Scrolls the tree in `scope` to its last row `runs` times (back to the top in between). */
async function measure(scope: Locator, name: string, runs: number): Promise<LongListFigure> {
  const holder = scope.locator('.ant-tree-list-holder');
  await holder.locator('.ant-tree-treenode').first().waitFor({ timeout: 60_000 });
  const intervals: number[] = [];
  const medians: number[] = [];
  let most = 0;
  for (let run = 0; run < runs; run += 1) {
    await holder.evaluate(async (element) => {
      element.scrollTop = 0;
      await new Promise((r) => requestAnimationFrame(r));
    });
    const result = await scrollTreeToEnd(holder);
    await holder.locator('.ant-tree-treenode').filter({ hasText: LONG_LIST_LAST }).waitFor();
    intervals.push(...result.intervals);
    medians.push(median(result.intervals));
    most = Math.max(most, result.most);
  }
  const frame = median(intervals);
  return {
    scenario: `前端: ${name} 10,000 行滚动到底, 每帧 600 px (${runs} 次, 帧间隔中位数)`,
    figure:
      `${frame.toFixed(1)} ms (各次 ${medians.map((m) => m.toFixed(1)).join(', ')}; ${intervals.length} 帧; ` +
      `DOM 中至多 ${most} 行)`,
    target: `≤ ${FRONTEND_TARGET.longListFrameMs} ms`,
    pass: frame <= FRONTEND_TARGET.longListFrameMs,
  };
}

/** Alone: the real server (as `npm run serve` starts it) on a fresh data dir, measured, stopped. */
async function main() {
  const root = resolve(import.meta.dirname, '..');
  const dataDir = mkdtempSync(join(os.tmpdir(), 'gh-bench-long-list-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      LOGIN_CAPTCHA: 'off',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    const figures = await longListScenarios(base, join(dataDir, 'gatehouse.db'));
    for (const f of figures) {
      process.stdout.write(`${f.scenario}: ${f.figure} — target ${f.target} ${f.pass ? 'met' : 'MISSED'}\n`);
    }
    if (figures.some((f) => !f.pass)) process.exitCode = 1;
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
