#!/usr/bin/env node
// Runs a command as it is (`node scripts/timed.mjs <step> <command> [args…]`) and, when CI_TIMES_DIR is set (by
// .ci/run), appends how long it took to $CI_TIMES_DIR/steps.jsonl for the time table at the end of CI
// (scripts/ci-times.mjs). Without CI_TIMES_DIR it is a plain pass-through: `npm test` reads the same either way.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';

const [step, command, ...args] = process.argv.slice(2);
if (!step || !command) {
  console.error('usage: node scripts/timed.mjs <step> <command> [args…]');
  process.exit(2);
}
const started = process.hrtime.bigint();
const child = spawn(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const dir = process.env.CI_TIMES_DIR;
  if (dir) appendFileSync(join(dir, 'steps.jsonl'), `${JSON.stringify({ step, seconds, code: code ?? signal })}\n`);
  process.exit(code ?? 1);
});
