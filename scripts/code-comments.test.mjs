// @ts-check
// Code says what it does, not which ticket asked for it: no "issue N" in code, and no path to a file outside the
// repository (the specification is named through docs/specification.md). Released migrations are exempt: their
// text is fixed by the checksums in released.json.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

/** What a reader of the code cannot follow: a ticket number, or a document outside the repository. */
const UNFOLLOWABLE = [
  { rule: 'issue number', pattern: /\bissues? #?\d+/i },
  { rule: 'file outside the repository', pattern: /product-spec|reference-ui|\.\.\/shared\/|\/work\/shared/ },
];

const CODE = /\.(?:ts|tsx|mjs|cjs|js|css|grit)$/;
const EXEMPT = [/\/migrations\//, /^scripts\/code-comments\.test\.mjs$/];

/** Every line of the tracked code that breaks a rule, as `path:line: rule`. */
function findings(/** @type {string[]} */ files) {
  const found = [];
  for (const file of files) {
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      for (const { rule, pattern } of UNFOLLOWABLE) if (pattern.test(line)) found.push(`${file}:${i + 1}: ${rule}`);
    });
  }
  return found;
}

describe('code comments', () => {
  it('recognise what they must not hold', () => {
    const hits = (/** @type {string} */ text) =>
      UNFOLLOWABLE.filter(({ pattern }) => pattern.test(text)).map((r) => r.rule);
    expect(hits('// Issue 36: the list filters')).toEqual(['issue number']);
    expect(hits('the sheet of issue 21, item 4')).toEqual(['issue number']);
    expect(hits('see ../shared/spec/product-spec.md §3')).toEqual(['file outside the repository']);
    expect(hits('specification §3 (docs/specification.md); the issues of a bulk action, 4 of them')).toEqual([]);
  });

  it('name no issue number and no file outside the repository', () => {
    const listed = spawnSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' });
    expect(listed.status).toBe(0);
    const files = listed.stdout.split('\n').filter((f) => CODE.test(f) && !EXEMPT.some((e) => e.test(f)));
    expect(files.length).toBeGreaterThan(500);
    expect(findings(files)).toEqual([]);
  });
});
