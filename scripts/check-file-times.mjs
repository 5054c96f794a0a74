#!/usr/bin/env node
// @ts-check
// The per-file budget of the unit suite (docs/testing.md, "Two budgets the suite keeps itself"): no unit file may
// take more than 60 s on its own. Reads the unit run's JSON report ($CI_TIMES_DIR/unit.json, else
// test-results/times/unit.json); a file over the limit there is run again alone (with nothing else in vitest's pool)
// and the check fails only if it is still over the limit: a file slowed by the other worker is not blamed. Nor is
// one slowed by other work on the machine (CI beside busy loops): the time alone is divided by the machine's
// slowdown, measured just before and after the run as wall time over CPU time of a fixed spin of this process
// (1 on a quiet machine, about 1.5 with two busy loops on two cores), so the limit holds a file's own cost.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LIMIT_SECONDS = 60;
const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * @typedef {{ testResults: Array<{ name: string, startTime: number, endTime: number }> }} Report
 * @typedef {{ path: string, seconds: number }} FileTime
 */

/** @param {Report} report @returns {FileTime[]} */
export const fileTimes = (report) =>
  report.testResults.map((file) => ({
    path: relative(root, file.name),
    seconds: (file.endTime - file.startTime) / 1000,
  }));

/**
 * How many times slower than its own CPU time a fixed single-threaded spin runs now: 1 when this process has a core
 * to itself, more when other work shares the machine.
 */
export function slowdown() {
  const wall = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  let x = 0;
  for (let i = 0; i < 60_000_000; i++) x = (x + i * 7) % 1_000_003;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  const wallMs = Number(process.hrtime.bigint() - wall) / 1e6;
  return x < 0 ? 0 : Math.max(1, wallMs / Math.max(cpuMs, 1));
}

/**
 * Runs one unit file alone and returns its time as its own report gives it, divided by the machine's slowdown
 * around the run (the larger of the readings before and after it). @param {string} path
 */
export function runAlone(path) {
  const before = slowdown();
  const seconds = timeAlone(path);
  const factor = Math.max(before, slowdown());
  if (factor > 1.05)
    console.log(
      `check-file-times: machine ${factor.toFixed(2)}× slower than quiet; ${path} took ${seconds.toFixed(1)} s`,
    );
  return seconds / factor;
}

/** @param {string} path */
function timeAlone(path) {
  const dir = mkdtempSync(join(tmpdir(), 'gh-file-time-'));
  try {
    // The unit config's reporters write $CI_TIMES_DIR/unit.json: here a directory of the run's own, so the whole
    // suite's report is left as it is.
    const out = join(dir, 'unit.json');
    const run = spawnSync(
      process.execPath,
      // No --project: the path picks the file's project.
      [join(root, 'node_modules/vitest/vitest.mjs'), 'run', path],
      { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CI_TIMES_DIR: dir } },
    );
    if (!existsSync(out)) throw new Error(`${path}: the run alone wrote no report (exit ${run.status})`);
    const [own] = fileTimes(JSON.parse(readFileSync(out, 'utf8')));
    if (!own) throw new Error(`${path}: the run alone reported no file`);
    return own.seconds;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The files over the limit: first in the whole run's times (divided by the machine's slowdown as the check starts,
 * so busy loops beside CI do not send every file to a second run), then confirmed alone by `alone`.
 * @param {FileTime[]} times
 * @param {(path: string) => number} alone
 * @returns {{ suspects: FileTime[], over: FileTime[] }}
 */
export function overBudget(times, alone, limit = LIMIT_SECONDS, machineSlowdown = 1) {
  const suspects = times.filter((file) => file.seconds / machineSlowdown > limit);
  const over = suspects
    .map((file) => ({ path: file.path, seconds: alone(file.path) }))
    .filter((f) => f.seconds > limit);
  return { suspects, over };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.env.CI_TIMES_DIR ?? join(root, 'test-results', 'times');
  const reportPath = join(dir, 'unit.json');
  if (!existsSync(reportPath)) {
    console.error(`check-file-times: no unit report at ${reportPath}; run the unit suite first`);
    process.exit(2);
  }
  const factor = slowdown();
  const times = fileTimes(JSON.parse(readFileSync(reportPath, 'utf8')));
  const { suspects, over } = overBudget(
    times,
    (path) => {
      console.log(`check-file-times: ${path} took over ${LIMIT_SECONDS} s in the suite; running it alone`);
      return runAlone(path);
    },
    LIMIT_SECONDS,
    factor,
  );
  if (over.length) {
    console.error(`\nUnit files over ${LIMIT_SECONDS} s on their own (docs/testing.md, "Two budgets"):`);
    for (const file of over) console.error(`  ${file.path}: ${file.seconds.toFixed(1)} s`);
    process.exit(1);
  }
  console.log(
    `check-file-times: every unit file within ${LIMIT_SECONDS} s on its own` +
      (suspects.length ? ` (${suspects.length} slower in the suite, within it alone)` : ''),
  );
}
