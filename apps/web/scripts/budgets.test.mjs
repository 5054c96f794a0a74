import { describe, expect, it } from 'vitest';
import { coldLoadFiles, entryKey, entryKeys, formatTable, otherRoutes, routeSizes } from './budgets.mjs';

/** A small manifest shaped like Vite's: an entry, a shared vendor chunk, a layout, two lazy screens. */
const manifest = {
  'index.html': {
    file: 'assets/index-a.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_react-b.js'],
    dynamicImports: [
      'src/app/layouts/MainLayout.tsx',
      'src/components/antd-root/index.ts',
      'src/features/accounts/index.ts',
      'src/features/auth/Login.tsx',
      'src/features/errors/NotFound.tsx',
    ],
    css: ['assets/index-a.css'],
  },
  '_react-b.js': { file: 'assets/react-b.js' },
  '_antd-c.js': { file: 'assets/antd-c.js', imports: ['_react-b.js'], css: ['assets/antd-c.css'] },
  '_logo-d.svg': { file: 'assets/logo-d.svg' },
  'src/app/layouts/MainLayout.tsx': {
    file: 'assets/MainLayout-e.js',
    isDynamicEntry: true,
    imports: ['index.html', '_antd-c.js', '_logo-d.svg'],
  },
  'src/features/accounts/index.ts': {
    file: 'assets/accounts-f.js',
    isDynamicEntry: true,
    imports: ['_antd-c.js', 'index.html'],
    dynamicImports: ['src/features/accounts/Heavy.tsx'],
  },
  'src/features/accounts/Heavy.tsx': { file: 'assets/Heavy-g.js', isDynamicEntry: true, imports: ['_antd-c.js'] },
  'src/features/auth/Login.tsx': { file: 'assets/Login-h.js', isDynamicEntry: true, imports: ['index.html'] },
  'src/components/antd-root/index.ts': { file: 'assets/AntdRoot-j.js', isDynamicEntry: true, imports: ['_antd-c.js'] },
  'src/features/errors/NotFound.tsx': { file: 'assets/NotFound-k.js', isDynamicEntry: true, imports: ['_antd-c.js'] },
};

const sizes = {
  'assets/index-a.js': 10_240,
  'assets/index-a.css': 1_024,
  'assets/react-b.js': 51_200,
  'assets/antd-c.js': 102_400,
  'assets/antd-c.css': 2_048,
  'assets/MainLayout-e.js': 5_120,
  'assets/accounts-f.js': 20_480,
  'assets/Heavy-g.js': 300_000,
  'assets/Login-h.js': 4_096,
};
const gzipBytes = (file) => {
  if (!(file in sizes)) throw new Error(`unexpected file ${file}`);
  return sizes[file];
};

describe('front-end budgets', () => {
  it('finds the one HTML entry', () => {
    expect(entryKey(manifest)).toBe('index.html');
    expect(() => entryKey({ a: { file: 'a.js' } })).toThrow(/one HTML entry chunk/);
  });

  it('counts an entry the build adds beside the HTML one (the async boot script) in every route', () => {
    const withBoot = {
      ...manifest,
      'src/boot.ts': {
        file: 'assets/boot-i.js',
        src: 'src/boot.ts',
        isEntry: true,
        dynamicImports: ['src/features/auth/Login.tsx'],
      },
    };
    expect(entryKey(withBoot)).toBe('index.html');
    expect(entryKeys(withBoot)).toEqual(['index.html', 'src/boot.ts']);
    const [home] = routeSizes(withBoot, [{ name: 'home', chunks: ['src/app/layouts/MainLayout.tsx'] }], (file) =>
      file === 'assets/boot-i.js' ? 512 : gzipBytes(file),
    );
    expect(home?.files).toContain('assets/boot-i.js');
    // The boot script's dynamic import (the login page) is not part of another route's cold load.
    expect(home?.files).not.toContain('assets/Login-h.js');
  });

  it('follows static imports (and their CSS) once each, never dynamic imports or non-JS assets', () => {
    expect(coldLoadFiles(manifest, ['index.html', 'src/features/accounts/index.ts'])).toEqual([
      'assets/accounts-f.js',
      'assets/antd-c.css',
      'assets/antd-c.js',
      'assets/index-a.css',
      'assets/index-a.js',
      'assets/react-b.js',
    ]);
  });

  it('adds the entry to each route, sums gzip bytes and flags only routes over their budget', () => {
    const [login, account] = routeSizes(
      manifest,
      [
        { name: '/login', chunks: ['src/features/auth/Login.tsx'], budgetKiB: 66 },
        {
          name: 'account',
          chunks: ['src/app/layouts/MainLayout.tsx', 'src/features/accounts/index.ts'],
          budgetKiB: 186,
          targetKiB: 150,
        },
      ],
      gzipBytes,
    );
    // index 10 + css 1 + react 50 + login 4 = 65 KiB
    expect(login).toMatchObject({ name: '/login', bytes: 65 * 1024, over: false });
    expect(login?.files).toHaveLength(4);
    // index 10 + css 1 + react 50 + antd 100 + antd css 2 + layout 5 + accounts 20 = 188 KiB
    expect(account).toMatchObject({ bytes: 188 * 1024, budgetKiB: 186, targetKiB: 150, over: true });
  });

  it('names a chunk missing from the manifest', () => {
    expect(() => routeSizes(manifest, [{ name: 'x', chunks: ['src/gone.tsx'] }], gzipBytes)).toThrow(
      '"src/gone.tsx" is not in the build manifest',
    );
  });

  it('lists the other route modules inside the antd layout, menu screens with the main layout too', () => {
    const shells = { layout: 'src/app/layouts/MainLayout.tsx', antdRoot: 'src/components/antd-root/index.ts' };
    const login = { name: '/login', chunks: ['src/features/auth/Login.tsx'] };
    expect(otherRoutes(manifest, [login], shells)).toEqual([
      {
        name: 'features/accounts/index.ts',
        chunks: [shells.antdRoot, shells.layout, 'src/features/accounts/index.ts'],
      },
      { name: 'features/errors/NotFound.tsx', chunks: [shells.antdRoot, 'src/features/errors/NotFound.tsx'] },
    ]);
  });

  it('prints one row per route with size, budget, target and verdict', () => {
    const table = formatTable([
      { name: '/login', files: ['a'], bytes: 65 * 1024, budgetKiB: 66, targetKiB: 60, over: false },
      { name: 'account', files: ['a', 'b'], bytes: 188 * 1024, budgetKiB: 186, over: true },
      { name: 'other', files: ['a'], bytes: 512, over: false },
    ]).split('\n');
    expect(table[0]).toMatch(/^route \(cold load\)\s+files\s+gzip KiB\s+budget KiB\s+target KiB$/);
    expect(table[1]).toMatch(/^\/login\s+1\s+65\.0\s+66\s+60\s+ok$/);
    expect(table[2]).toMatch(/^account\s+2\s+188\.0\s+186\s+—\s+OVER BUDGET$/);
    expect(table[3]).toMatch(/^other\s+1\s+0\.5\s+—\s+—$/);
  });
});
