// @ts-check
// The layering rules (DESIGN.md §1) each proven by a fixture that must fail them: the real configuration
// (.dependency-cruiser.cjs, biome.json) run on scripts/fixtures/layering/<rule>, asserting that exactly the
// expected rule fires on exactly the expected lines, and that the real web tree passes.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const fixtures = join(root, 'scripts/fixtures/layering');
const depcruise = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const biome = join(root, 'node_modules/@biomejs/biome/bin/biome');

/**
 * @typedef {{ rule: { name: string }, from: string, to: string, cycle?: Array<{ name: string }> }} Violation
 * @typedef {{ source: string, dependencies: Array<{ module: string, couldNotResolve: boolean }> }} Module
 * @typedef {{ modules: Module[], summary: { violations: Violation[] } }} CruiseResult
 */

/** Code-unit order, the same on every machine (localeCompare is not). */
const compare = (/** @type {string} */ a, /** @type {string} */ b) => (a < b ? -1 : a > b ? 1 : 0);

/** dependency-cruiser with the repository's configuration on `paths` (relative to the root). */
function cruise(/** @type {string[]} */ ...paths) {
  const run = spawnSync(
    process.execPath,
    [depcruise, ...paths, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
    { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  if (!run.stdout) throw new Error(`dependency-cruiser gave no report (exit ${run.status}): ${run.stderr}`);
  return /** @type {CruiseResult} */ (JSON.parse(run.stdout));
}

/** The violations found in one fixture tree, with paths relative to it (node_modules ones shortened). */
function violationsIn(/** @type {string} */ tree) {
  const base = `scripts/fixtures/layering/${tree}/`;
  const local = (/** @type {string} */ path) =>
    path.startsWith(base) ? path.slice(base.length) : path.replace(/^node_modules\/((@[^/]+\/)?[^/]+)\/.*$/, '$1');
  return cruise(base)
    .summary.violations.map((violation) => ({
      rule: violation.rule.name,
      from: local(violation.from),
      to: local(violation.to),
      ...(violation.cycle ? { cycle: violation.cycle.map((step) => local(step.name)) } : {}),
    }))
    .sort((a, b) => compare(a.from, b.from) || compare(a.to, b.to));
}

const dirs = /** @type {string[]} */ ([]);
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * Biome with the repository's biome.json (and the plugins it names) on a copy of one fixture tree, placed so that
 * its paths are the real ones (apps/web/src/…): the overrides apply to it exactly as to the real tree. Answers each
 * diagnostic's file, rule and the code it points at.
 */
function biomeLint(/** @type {string} */ cwd, /** @type {string} */ target) {
  const run = spawnSync(
    process.execPath,
    [biome, 'lint', '--vcs-enabled=false', '--reporter=json', '--max-diagnostics=none', target],
    { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  if (!run.stdout) throw new Error(`Biome gave no report (exit ${run.status}): ${run.stderr}`);
  /** @type {{ summary: { diagnosticsNotPrinted: number }, diagnostics: Array<{ category: string, location: { path: { file: string }, span: [number, number], sourceCode: string } }> }} */
  const report = JSON.parse(run.stdout);
  expect(report.summary.diagnosticsNotPrinted).toBe(0);
  // In file order, then in order of appearance.
  const ordered = [...report.diagnostics].sort(
    (a, b) => compare(a.location.path.file, b.location.path.file) || a.location.span[0] - b.location.span[0],
  );
  return ordered.map(({ category, location }) => ({
    file: location.path.file,
    rule: category,
    code: location.sourceCode.slice(...location.span),
  }));
}

function biomeOnFixture(/** @type {string} */ tree) {
  const dir = mkdtempSync(join(tmpdir(), 'gh-layering-'));
  dirs.push(dir);
  cpSync(join(root, 'biome.json'), join(dir, 'biome.json'));
  /** @type {{ plugins?: string[], overrides?: Array<{ plugins?: string[] }> }} */
  const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
  const plugins = [config.plugins ?? [], ...(config.overrides ?? []).map((override) => override.plugins ?? [])].flat();
  for (const plugin of plugins) cpSync(join(root, plugin), join(dir, plugin));
  cpSync(join(fixtures, tree), dir, { recursive: true });
  return biomeLint(dir, 'apps');
}

describe('layering rules (dependency-cruiser, .dependency-cruiser.cjs)', () => {
  it('web: a feature never imports another feature (its own files and lib are fine)', () => {
    expect(violationsIn('web-feature-imports-feature')).toEqual([
      {
        rule: 'web-feature-imports-feature',
        from: 'apps/web/src/features/a/a-page.ts',
        to: 'apps/web/src/features/b/b-label.ts',
      },
    ]);
  });

  it('production code never imports test helpers or doubles (tests may)', () => {
    expect(violationsIn('production-imports-testing')).toEqual([
      {
        rule: 'production-imports-testing',
        from: 'apps/web/src/features/a/a-page.ts',
        to: 'apps/web/src/testing/fake-clock.ts',
      },
    ]);
  });

  it('no import cycles in the web app, the server or the contract (a type-only import counts)', () => {
    expect(violationsIn('no-cycle')).toEqual([
      {
        rule: 'no-cycle',
        from: 'apps/server/src/platform/codes.ts',
        to: 'apps/server/src/platform/errors.ts',
        cycle: ['apps/server/src/platform/errors.ts', 'apps/server/src/platform/codes.ts'],
      },
      {
        rule: 'no-cycle',
        from: 'apps/web/src/lib/http/index.ts',
        to: 'apps/web/src/lib/http/upload.ts',
        cycle: ['apps/web/src/lib/http/upload.ts', 'apps/web/src/lib/http/index.ts'],
      },
      {
        rule: 'no-cycle',
        from: 'packages/contract/src/routes.ts',
        to: 'packages/contract/src/schemas.ts',
        cycle: ['packages/contract/src/schemas.ts', 'packages/contract/src/routes.ts'],
      },
    ]);
  });

  it('server: a service never imports fastify or @fastify/* (routes may)', () => {
    expect(violationsIn('server-service-imports-fastify')).toEqual([
      {
        rule: 'server-service-imports-fastify',
        from: 'apps/server/src/modules/a/a.service.ts',
        to: '@fastify/multipart',
      },
      { rule: 'server-service-imports-fastify', from: 'apps/server/src/modules/a/a.service.ts', to: 'fastify' },
    ]);
  });

  it("server: a module never imports another module's repository (its own, or the other's service, are fine)", () => {
    expect(violationsIn('server-module-imports-other-repository')).toEqual([
      {
        rule: 'server-module-imports-other-repository',
        from: 'apps/server/src/modules/a/a.service.ts',
        to: 'apps/server/src/modules/b/b.repository.ts',
      },
    ]);
  });

  it('the real web app and contract pass, with every import resolved (the @/ alias included)', () => {
    const result = cruise('apps/web/src', 'packages/contract/src');
    expect(result.summary.violations).toEqual([]);
    const unresolved = result.modules.flatMap((module) =>
      module.dependencies
        .filter((dependency) => dependency.couldNotResolve)
        .map((d) => `${module.source} → ${d.module}`),
    );
    expect(unresolved).toEqual([]);
    // The alias really is followed: the features' imports of @/lib/http reach the file.
    const viaAlias = result.modules
      .filter((module) => module.source.includes('/features/'))
      .flatMap((module) => module.dependencies.filter((dependency) => dependency.module === '@/lib/http'));
    expect(viaAlias.length).toBeGreaterThan(0);
    expect(viaAlias.every((dependency) => dependency.resolved.endsWith('lib/http/index.ts'))).toBe(true);
  });
});

describe('only lib/http talks HTTP (Biome, biome.json + scripts/lint/web-http-only.grit)', () => {
  const restrictedGlobals = 'lint/style/noRestrictedGlobals';

  it('refuses fetch, XMLHttpRequest, EventSource and sendBeacon outside lib/http and the dev mock', () => {
    expect(biomeOnFixture('web-http-only')).toEqual([
      { file: 'apps/web/src/features/a/bare-globals.ts', rule: restrictedGlobals, code: 'fetch' },
      { file: 'apps/web/src/features/a/bare-globals.ts', rule: restrictedGlobals, code: 'XMLHttpRequest' },
      { file: 'apps/web/src/features/a/bare-globals.ts', rule: restrictedGlobals, code: 'EventSource' },
      { file: 'apps/web/src/features/a/through-globals.ts', rule: 'plugin', code: 'window.fetch' },
      { file: 'apps/web/src/features/a/through-globals.ts', rule: 'plugin', code: 'globalThis.XMLHttpRequest' },
      {
        file: 'apps/web/src/features/a/through-globals.ts',
        rule: 'plugin',
        code: "navigator.sendBeacon('/api/a', 'bye')",
      },
    ]);
  });

  it('the real web app talks HTTP only through lib/http', () => {
    const found = biomeLint(root, 'apps/web/src').filter((d) => d.rule === restrictedGlobals || d.rule === 'plugin');
    expect(found).toEqual([]);
  });
});

describe('SQL only in repositories (Biome, biome.json + scripts/lint/server-sql-in-repositories.grit)', () => {
  const file = 'apps/server/src/modules/a/a.service.ts';

  it('refuses query builders, sql.raw and the sql template in a module outside its repositories and tests', () => {
    expect(biomeOnFixture('server-sql')).toEqual([
      { file, rule: 'lint/style/noRestrictedImports', code: 'sql' },
      { file, rule: 'plugin', code: "db.selectFrom('a')" },
      { file, rule: 'plugin', code: "db.insertInto('a')" },
      { file, rule: 'plugin', code: "db.updateTable('a')" },
      { file, rule: 'plugin', code: "db.deleteFrom('a')" },
      { file, rule: 'plugin', code: "sql.raw('select 1')" },
      { file, rule: 'plugin', code: "trx.selectFrom('a')" },
    ]);
  });

  it('the real server keeps its SQL in repositories', () => {
    const found = biomeLint(root, 'apps/server/src/modules').filter(
      (d) => d.rule === 'plugin' || d.rule === 'lint/style/noRestrictedImports',
    );
    expect(found).toEqual([]);
  });
});
