import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { CRUDS, flattenMenus } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { menuPages } from './pages';

const FEATURES = resolve(import.meta.dirname, '../features');

describe('pages, found in the features', () => {
  it('serve every feature that declares a page.ts, each at a contract menu path', async () => {
    const declaring = readdirSync(FEATURES).filter((name) => existsSync(resolve(FEATURES, name, 'page.ts')));
    const declared = (
      await Promise.all(
        declaring.map(async (name) =>
          [(await import(`../features/${name}/page.ts`)).page].flat().map((page: { path: string }) => page.path),
        ),
      )
    ).flat();
    for (const path of declared) expect(Object.keys(menuPages), path).toContain(path);
    expect(new Set(declared).size, 'two features claim one menu path').toBe(declared.length);
    expect(declared, 'a feature claims a screen the app composes').not.toContain('/system/Profile');
    const menuPaths = flattenMenus().map((menu) => menu.path);
    for (const path of Object.keys(menuPages)) expect(menuPaths, path).toContain(path);
    // The screens built before pages were found in the folders: none may go missing.
    expect(Object.keys(menuPages)).toEqual(
      expect.arrayContaining([
        '/',
        '/user/Account',
        '/user/Organization',
        '/user/Role',
        '/user/Resource',
        '/system/Profile',
        '/system/Dict',
        '/system/ConfigBundle',
        '/system/SystemParam',
        '/monitor/Online',
        '/monitor/OperLog',
        '/monitor/LoginLog',
      ]),
    );
    // A screen for every descriptor-served entity (features/entity-crud).
    expect(Object.keys(menuPages)).toEqual(expect.arrayContaining(CRUDS.map((spec) => spec.menu.path)));
  });
});
