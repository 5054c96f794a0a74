import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverModulePlugins } from './module-plugins.js';
import { MODULE_DEPENDENCIES } from './platform/http.js';

const MODULES = resolve(import.meta.dirname, 'modules');
const META = Symbol.for('plugin-meta');

interface PluginMeta {
  name?: string;
  dependencies?: readonly string[];
}

describe('module plugins, found in modules/', () => {
  it('serve every folder that has routes: its one plugin, named after it, after the platform and the audit trail', async () => {
    const discovered = await discoverModulePlugins();
    const meta = (plugin: unknown) => (plugin as Record<symbol, PluginMeta | undefined>)[META];
    const withRoutes = readdirSync(MODULES, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .filter((folder) => readdirSync(resolve(MODULES, folder)).some((file) => file.endsWith('.routes.ts')))
      .sort();
    expect(discovered.map(({ folder }) => folder).sort()).toEqual(withRoutes);
    for (const { folder, plugin } of discovered) {
      expect(meta(plugin)?.name, folder).toBe(`gatehouse-${folder}`);
      expect(meta(plugin)?.dependencies, folder).toEqual(MODULE_DEPENDENCIES);
    }
  });
});
