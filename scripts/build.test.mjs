// @ts-check
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { digestOf } from './build.mjs';

const dirs = /** @type {string[]} */ ([]);
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tree(/** @type {Record<string, string>} */ files) {
  const root = mkdtempSync(join(tmpdir(), 'gh-build-'));
  dirs.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('build digest (what makes a target stale)', () => {
  it('changes when a source file changes, appears or is renamed, and not when a test file does', () => {
    const root = tree({ 'src/a.ts': 'a', 'src/deep/b.tsx': 'b', 'package.json': '{}' });
    const inputs = ['package.json', 'src'];
    const before = digestOf(inputs, root);
    expect(digestOf(inputs, root)).toBe(before);

    writeFileSync(join(root, 'src/a.test.ts'), 'test');
    expect(digestOf(inputs, root)).toBe(before);

    writeFileSync(join(root, 'src/deep/b.tsx'), 'b2');
    const edited = digestOf(inputs, root);
    expect(edited).not.toBe(before);

    writeFileSync(join(root, 'src/c.ts'), '');
    expect(digestOf(inputs, root)).not.toBe(edited);

    rmSync(join(root, 'src/c.ts'));
    writeFileSync(join(root, 'package.json'), '{"x":1}');
    expect(digestOf(inputs, root)).not.toBe(edited);
  });

  it('tells a moved file from an unchanged tree', () => {
    const a = tree({ 'src/x.ts': 'same' });
    const b = tree({ 'src/y.ts': 'same' });
    expect(digestOf(['src'], a)).not.toBe(digestOf(['src'], b));
  });
});
