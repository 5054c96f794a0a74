// @ts-check
// Browser tests are the dearest in CI (docs/testing.md, "Two budgets the suite keeps itself"): every file in e2e/
// carries a line in docs/testing.md saying why its flow needs a browser, and the roster names no file that is gone.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { e2eRoster } from './e2e-roster.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('the E2E roster in docs/testing.md', () => {
  const doc = readFileSync(join(root, 'docs/testing.md'), 'utf8');
  const files = readdirSync(join(root, 'e2e'))
    .filter((name) => name.endsWith('.e2e.test.ts'))
    .map((name) => `e2e/${name}`)
    .sort();

  it('has a line for every E2E file and none for a file that is gone', () => {
    const roster = e2eRoster(doc);
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((file) => !roster.has(file))).toEqual([]);
    expect([...roster.keys()].filter((file) => !files.includes(file))).toEqual([]);
  });

  it('gives each file a reason, not just its name', () => {
    for (const [file, reason] of e2eRoster(doc)) expect(reason.length, file).toBeGreaterThan(30);
  });

  it('finds a file left out of the roster', () => {
    const without = doc.replace(/^- `e2e\/shell\.e2e\.test\.ts`:.*$/m, '');
    expect(e2eRoster(without).has('e2e/shell.e2e.test.ts')).toBe(false);
    expect(e2eRoster(doc).has('e2e/shell.e2e.test.ts')).toBe(true);
  });
});
