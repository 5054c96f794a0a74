#!/usr/bin/env node
// The time table printed at the end of .ci/run: where CI's time went. Reads $CI_TIMES_DIR (or the
// directory given): steps.jsonl (written by .ci/run and scripts/timed.mjs) and the vitest JSON reports unit.json,
// e2e.json and resilience.json (written when CI_TIMES_DIR is set, see the vitest configs). Prints Markdown and
// writes it to times.md beside them; docs/testing.md keeps the latest table.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { projectOf } from './vitest-projects.mjs';

const dir = process.argv[2] ?? process.env.CI_TIMES_DIR;
if (!dir) {
  console.error('usage: node scripts/ci-times.mjs <dir> (or CI_TIMES_DIR)');
  process.exit(2);
}
const root = join(import.meta.dirname, '..');
const s = (seconds) => (seconds < 10 ? `${seconds.toFixed(1)} s` : `${Math.round(seconds)} s`);
const readJson = (name) => (existsSync(join(dir, name)) ? JSON.parse(readFileSync(join(dir, name), 'utf8')) : null);

const steps = existsSync(join(dir, 'steps.jsonl'))
  ? readFileSync(join(dir, 'steps.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
  : [];

/** Files of a vitest JSON report: path relative to the repository, seconds, tests, and test seconds per lane. */
function filesOf(report) {
  if (!report) return [];
  return report.testResults.map((file) => {
    const lanes = { sqlite: 0, postgres: 0, single: 0 };
    for (const test of file.assertionResults) {
      const where = test.ancestorTitles.join(' ');
      const lane = /\bpostgres(ql)?\b/i.test(where) ? 'postgres' : /\bsqlite\b/i.test(where) ? 'sqlite' : 'single';
      lanes[lane] += (test.duration ?? 0) / 1000;
    }
    return {
      path: relative(root, file.name),
      seconds: (file.endTime - file.startTime) / 1000,
      tests: file.assertionResults.length,
      failed: file.assertionResults.filter((t) => t.status === 'failed').length,
      lanes,
    };
  });
}

const unit = filesOf(readJson('unit.json'));
const e2e = filesOf(readJson('e2e.json'));
const resilience = filesOf(readJson('resilience.json'));

const lines = [];
const total = steps.reduce((sum, step) => sum + step.seconds, 0);
lines.push('### Steps (wall clock)', '', '| step | time | result |', '| --- | ---: | --- |');
for (const step of steps)
  lines.push(`| ${step.step} | ${s(step.seconds)} | ${step.code === 0 ? 'ok' : `exit ${step.code}`} |`);
lines.push(`| **total** | **${s(total)}** | |`, '');

if (unit.length) {
  lines.push(
    '### Unit projects and dialect lanes (sums of file and test times; files run two at a time, so they exceed the wall clock)',
    '',
    '| project | files | tests | file time | SQLite tests | PostgreSQL tests | one-lane tests |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  const byProject = new Map();
  for (const file of unit) {
    const p = byProject.get(projectOf(file.path)) ?? {
      files: 0,
      tests: 0,
      seconds: 0,
      sqlite: 0,
      postgres: 0,
      single: 0,
    };
    p.files++;
    p.tests += file.tests;
    p.seconds += file.seconds;
    for (const lane of ['sqlite', 'postgres', 'single']) p[lane] += file.lanes[lane];
    byProject.set(projectOf(file.path), p);
  }
  for (const [name, p] of byProject) {
    lines.push(
      `| ${name} | ${p.files} | ${p.tests} | ${s(p.seconds)} | ${s(p.sqlite)} | ${s(p.postgres)} | ${s(p.single)} |`,
    );
  }
  lines.push('', '### The ten slowest unit files', '', '| file | time | tests |', '| --- | ---: | ---: |');
  for (const file of [...unit].sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
    lines.push(`| ${file.path} | ${s(file.seconds)} | ${file.tests} |`);
  }
  lines.push('');
}
for (const [title, files] of [
  ['E2E files (three at a time)', e2e],
  ['Resilience files', resilience],
]) {
  if (!files.length) continue;
  lines.push(`### ${title}`, '', '| file | time | tests |', '| --- | ---: | ---: |');
  for (const file of [...files].sort((a, b) => b.seconds - a.seconds)) {
    lines.push(`| ${file.path} | ${s(file.seconds)} | ${file.tests}${file.failed ? ` (${file.failed} failed)` : ''} |`);
  }
  lines.push('');
}
const table = lines.join('\n');
writeFileSync(join(dir, 'times.md'), `${table}\n`);
console.log(`\n--- where CI's time went (${join(dir, 'times.md')})\n\n${table}`);
