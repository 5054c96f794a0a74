import type { FastifyPluginAsync } from 'fastify';
import type { Config } from './config.js';
import type { Dialect } from './platform/db/database.js';
import { sourceFiles } from './platform/source-folders.js';
import type { Services } from './services.js';

/**
 * What app.ts gives every module's plugin: the composed services (services.ts), the configuration and the database's
 * dialect. Each plugin declares, as its options type, the part it reads.
 */
export type ModuleContext = Services & { config: Config; dialect: Dialect };

export type ModulePlugin = FastifyPluginAsync<ModuleContext>;

/** A module's index.ts, under modules/: its folder's name is the module's. */
const MODULE_INDEX = /^([a-z][a-z0-9-]*)\/index\.ts$/;
/** A module's plugin, as its index.ts exports it: `accountsModule`, `signInModule`. */
const PLUGIN_EXPORT = /^[a-z][A-Za-z0-9]*Module$/;

/**
 * Every module's plugin, found in modules/ (nothing lists them): the one `<name>Module` export of each folder's
 * index.ts, in the order of the folders' names; a folder whose index.ts exports none (setup) serves no routes. Their order among
 * themselves does not matter: each depends only on the HTTP platform and the audit trail (MODULE_DEPENDENCIES), which
 * fastify-plugin checks.
 */
export async function discoverModulePlugins(): Promise<{ folder: string; plugin: ModulePlugin }[]> {
  const folders = sourceFiles('modules').flatMap((file) => MODULE_INDEX.exec(file)?.[1] ?? []);
  const indexes = await Promise.all(
    folders.map((folder) => import(`./modules/${folder}/index.ts`) as Promise<Record<string, unknown>>),
  );
  return folders.flatMap((folder, i) => {
    const plugins = Object.entries(indexes[i]!).filter(
      ([name, value]) => PLUGIN_EXPORT.test(name) && typeof value === 'function',
    );
    if (plugins.length > 1) {
      throw new Error(`modules/${folder}/index.ts exports ${plugins.length} plugins: one *Module per module`);
    }
    return plugins.map(([, plugin]) => ({ folder, plugin: plugin as ModulePlugin }));
  });
}
