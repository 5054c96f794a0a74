import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The files of the source folders the server discovers, baked into the bundle by scripts/build.mjs (esbuild
 * `define`, from `SERVER_DISCOVERED_FOLDERS` there). Run from its sources (tsx, vitest) the server has none: it reads
 * the folders themselves.
 */
declare const GATEHOUSE_SOURCE_FOLDERS: Readonly<Record<string, readonly string[]>> | undefined;

/**
 * Every file under a folder of apps/server/src (`'modules'`, `'platform/db/migrations'`), as a sorted path relative
 * to it with `/` between names (`accounts/index.ts`). The caller imports what it found through a template literal
 * (`import(\`./migrations/${name}.ts\`)`), which esbuild turns into every file the pattern matches.
 */
export function sourceFiles(folder: string): readonly string[] {
  if (typeof GATEHOUSE_SOURCE_FOLDERS !== 'undefined') {
    const listed = GATEHOUSE_SOURCE_FOLDERS[folder];
    if (!listed)
      throw new Error(`The bundle does not list ${folder}: add it to SERVER_DISCOVERED_FOLDERS in scripts/build.mjs`);
    return listed;
  }
  const root = fileURLToPath(new URL(`../${folder}`, import.meta.url));
  return readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}
