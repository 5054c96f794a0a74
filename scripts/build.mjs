#!/usr/bin/env node
// @ts-check
/**
 * `npm run build`, and the first half of `npm start`: builds what is missing or stale, always for production,
 * whatever NODE_ENV the shell holds (docs/adr/0017-compiled-server-and-build-on-start.md).
 *
 * - web: `vite build --mode production` with NODE_ENV=production, then the no-mocks check and the .br/.gz twins;
 * - server: apps/server/src/main.ts and packages/contract bundled by esbuild into apps/server/dist/main.js (npm
 *   packages stay external: they are installed, and native ones cannot be bundled).
 *
 * A target is stale when the digest of its inputs (their paths and contents, and package-lock.json) differs from
 * the digest recorded when it was last built, or when its output is missing. Performance budgets are not checked
 * here: they run in `npm test` and the bench, never on the way to serving.
 *
 * Usage: node scripts/build.mjs [--force] [web|server ...]
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const STAMPS = join(ROOT, 'node_modules', '.cache', 'gatehouse-build');

/** Files and folders whose contents a target's output depends on (test files excluded). */
const SHARED_INPUTS = [
  'package-lock.json',
  'packages/contract/package.json',
  'packages/contract/src',
  'scripts/build.mjs',
];

/**
 * @typedef {{ name: string, inputs: string[], output: string, build: () => void }} Target
 * @type {Target[]}
 */
const TARGETS = [
  {
    name: 'web',
    inputs: [
      ...SHARED_INPUTS,
      'apps/web/index.html',
      'apps/web/package.json',
      'apps/web/vite.config.ts',
      'apps/web/public',
      'apps/web/scripts',
      'apps/web/src',
    ],
    output: 'apps/web/dist/index.html',
    build: buildWeb,
  },
  {
    name: 'server',
    inputs: [...SHARED_INPUTS, 'apps/server/package.json', 'apps/server/src'],
    output: 'apps/server/dist/main.js',
    build: buildServer,
  },
];

/** @param {string} path @param {string} root @returns {string[]} the file itself, or every file under a folder, sorted */
function filesOf(path, root) {
  const absolute = join(root, path);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [path];
  return readdirSync(absolute, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * @param {string[]} inputs files or folders, relative to `root`
 * @returns {string} sha-256 over each input file's path and contents (test files left out)
 */
export function digestOf(inputs, root = ROOT) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of filesOf(input, root)) {
      if (/\.test\.[cm]?[jt]sx?$/.test(file)) continue;
      hash
        .update(file)
        .update('\0')
        .update(readFileSync(join(root, file)))
        .update('\0');
    }
  }
  return hash.digest('hex');
}

/** @param {string} command @param {string[]} args @param {string} cwd */
function run(command, args, cwd) {
  // NODE_ENV=production whatever the shell holds: Vite builds React's development bundle otherwise.
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
}

/**
 * Runs `build` into `<dir>.next` and puts the result in place of `dir` only once `build` has finished: a server already
 * serving `dir` (another instance, or `npm start` run again beside one) never answers 404 for a file of the page it
 * served while a build is half-written, and a build that fails leaves `dir` as it was. The same sources give the same
 * hashed file names, so a page loaded before the swap finds its lazily loaded chunks after it.
 * @param {string} dir
 * @param {(out: string) => void} build
 */
export function buildAside(dir, build) {
  const next = `${dir}.next`;
  const old = `${dir}.old`;
  rmSync(next, { recursive: true, force: true });
  try {
    build(next);
  } catch (error) {
    rmSync(next, { recursive: true, force: true });
    throw error;
  }
  rmSync(old, { recursive: true, force: true });
  if (existsSync(dir)) renameSync(dir, old);
  renameSync(next, dir);
  rmSync(old, { recursive: true, force: true });
}

function buildWeb() {
  const vite = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  buildAside(join(ROOT, 'apps/web/dist'), (out) => {
    run(
      process.execPath,
      [vite, 'build', '--mode', 'production', '--outDir', out, '--emptyOutDir'],
      join(ROOT, 'apps/web'),
    );
    run(process.execPath, ['apps/web/scripts/check-no-mocks.mjs', out], ROOT);
    run(process.execPath, ['apps/web/scripts/compress.mjs', out], ROOT);
  });
}

/**
 * Folders of apps/server/src the server discovers its parts in (platform/source-folders.ts): the bundle has no
 * source folders to read, so their listings travel in it.
 */
export const SERVER_DISCOVERED_FOLDERS = ['modules', 'platform/db/migrations'];

/** @returns {Record<string, string[]>} every file under each discovered folder, as platform/source-folders.ts reads them */
export function serverFolderListings(root = ROOT) {
  return Object.fromEntries(
    SERVER_DISCOVERED_FOLDERS.map((folder) => {
      const base = join(root, 'apps/server/src', folder);
      const files = filesOf('.', base).map((file) => file.split(sep).join('/'));
      return [folder, files.sort()];
    }),
  );
}

function buildServer() {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'apps/server/package.json'), 'utf8'));
  // Installed packages are imported at run time; the workspace's own contract is compiled into the bundle.
  const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@gatehouse/'));
  const outdir = join(ROOT, 'apps/server/dist');
  rmSync(outdir, { recursive: true, force: true });
  const script = `
    const { build } = await import('esbuild');
    const result = await build({
      entryPoints: ['apps/server/src/main.ts'],
      outfile: 'apps/server/dist/main.js',
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      sourcemap: 'linked',
      sourcesContent: false,
      external: ${JSON.stringify(external)},
      logLevel: 'warning',
      // Packages are external, so a CommonJS one imported by name needs no shim; a bundled module that calls
      // require() (none today) gets one.
      banner: { js: "import { createRequire as __gatehouseRequire } from 'node:module'; const require = __gatehouseRequire(import.meta.url);" },
      metafile: true,
      define: { GATEHOUSE_SOURCE_FOLDERS: ${JSON.stringify(JSON.stringify(serverFolderListings()))} },
    });
    const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
    console.log('server: apps/server/dist/main.js (' + (bytes / 1024).toFixed(0) + ' KiB with its source map)');
  `;
  run(process.execPath, ['--input-type=module', '-e', script], ROOT);
}

/** @param {Target} target */
const stampOf = (target) => join(STAMPS, `${target.name}.digest`);

/** @param {string[]} argv */
function main(argv) {
  const force = argv.includes('--force');
  const names = argv.filter((arg) => !arg.startsWith('--'));
  const unknown = names.filter((name) => !TARGETS.some((target) => target.name === name));
  if (unknown.length) {
    console.error(`build: unknown target ${unknown.join(', ')} (known: ${TARGETS.map((t) => t.name).join(', ')})`);
    process.exit(2);
  }
  mkdirSync(STAMPS, { recursive: true });
  for (const target of TARGETS) {
    if (names.length && !names.includes(target.name)) continue;
    const digest = digestOf(target.inputs);
    const stamp = stampOf(target);
    const fresh =
      !force &&
      existsSync(join(ROOT, target.output)) &&
      existsSync(stamp) &&
      readFileSync(stamp, 'utf8').trim() === digest;
    if (fresh) {
      console.log(`build: ${target.name} is up to date`);
      continue;
    }
    console.log(`build: building ${target.name} (production)`);
    // The stamp goes first, so a build that fails half-way is not taken for a fresh one next time.
    rmSync(stamp, { force: true });
    target.build();
    writeFileSync(stamp, `${digest}\n`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(`build: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
