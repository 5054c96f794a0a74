import { configDefaults, defineConfig } from 'vitest/config';
import { ownModuleFiles } from './scripts/own-module-files.mjs';
import web from './vite.config.js';

/**
 * The web test files that replace a module (scripts/own-module-files.mjs), each with a module registry of its own;
 * otherwise the web project's configuration (vite.config.ts).
 */
export default defineConfig((env) => {
  const config = web(env);
  return {
    ...config,
    test: {
      ...config.test,
      name: 'web-own-modules',
      include: ownModuleFiles(import.meta.dirname),
      exclude: configDefaults.exclude,
      isolate: true,
    },
  };
});
