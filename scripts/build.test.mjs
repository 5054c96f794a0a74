// @ts-check
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sourceFiles } from '../apps/server/src/platform/source-folders.ts';
import { buildAside, digestOf, SERVER_DISCOVERED_FOLDERS, serverFolderListings } from './build.mjs';

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

describe('buildAside (the web build beside the one being served)', () => {
  it('keeps every file of the served folder until the new build is complete, then puts the new one in its place', () => {
    const root = tree({ 'dist/index.html': 'old page', 'dist/assets/accounts-A.js': 'old chunk' });
    const dist = join(root, 'dist');
    buildAside(dist, (out) => {
      mkdirSync(join(out, 'assets'), { recursive: true });
      writeFileSync(join(out, 'assets/accounts-A.js'), 'new chunk');
      // Half-way through the build, a server of the old page still finds the page and its chunk.
      expect(readFileSync(join(dist, 'index.html'), 'utf8')).toBe('old page');
      expect(readFileSync(join(dist, 'assets/accounts-A.js'), 'utf8')).toBe('old chunk');
      writeFileSync(join(out, 'index.html'), 'new page');
    });
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toBe('new page');
    expect(readFileSync(join(dist, 'assets/accounts-A.js'), 'utf8')).toBe('new chunk');
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('leaves the served folder as it was when the build fails, and nothing beside it', () => {
    const root = tree({ 'dist/index.html': 'old page' });
    const dist = join(root, 'dist');
    expect(() =>
      buildAside(dist, (out) => {
        mkdirSync(out);
        writeFileSync(join(out, 'index.html'), 'half');
        throw new Error('vite build exited with 1');
      }),
    ).toThrow('vite build exited with 1');
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toBe('old page');
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('builds the folder when there is none yet', () => {
    const root = tree({});
    buildAside(join(root, 'dist'), (out) => {
      mkdirSync(out);
      writeFileSync(join(out, 'index.html'), 'first page');
    });
    expect(existsSync(join(root, 'dist/index.html'))).toBe(true);
    expect(readdirSync(root)).toEqual(['dist']);
  });
});

describe("the server bundle's folder listings (the server discovers migrations and modules in them)", () => {
  it('list every folder the server discovers, each with the files the server reads from its sources', () => {
    const src = resolve(import.meta.dirname, '../apps/server/src');
    const asked = new Set();
    for (const entry of readdirSync(src, { withFileTypes: true, recursive: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
      const text = readFileSync(join(entry.parentPath, entry.name), 'utf8');
      for (const match of text.matchAll(/sourceFiles\('([^']+)'\)/g)) asked.add(match[1]);
    }
    expect([...asked].sort()).toEqual([...SERVER_DISCOVERED_FOLDERS].sort());
    const listings = serverFolderListings();
    for (const folder of SERVER_DISCOVERED_FOLDERS) expect(listings[folder], folder).toEqual(sourceFiles(folder));
  });
});
