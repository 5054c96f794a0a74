// @ts-check
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The comment by which a test file that replaces a module by other means than vi.mock asks for its own registry. */
export const OWN_MODULES_MARKER = 'vitest: own module registry';

/**
 * The web test files that need a module registry of their own (relative to apps/web): those that replace a module
 * (`vi.mock`) or change one before its importers are evaluated (they say so with OWN_MODULES_MARKER). The other files
 * of a worker share its modules (`isolate: false` in vite.config.ts), so a module another file already loaded would
 * reach them unreplaced. They run in the `web-own-modules` project (vitest.own-modules.config.ts), isolated.
 * @param {string} root apps/web
 */
export function ownModuleFiles(root) {
  return readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.test\.tsx?$/.test(path))
    .map((path) => `src/${path.split('\\').join('/')}`)
    .filter((path) => {
      const text = readFileSync(join(root, path), 'utf8');
      return text.includes('vi.mock(') || text.includes(OWN_MODULES_MARKER);
    })
    .sort();
}
