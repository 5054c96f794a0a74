/**
 * The layering rules that are about who imports whom (DESIGN.md §1), checked by dependency-cruiser:
 * `npm run lint:layers` (part of `npm run check`). The rule about who talks HTTP is a Biome rule
 * (noRestrictedGlobals in biome.json): it is about globals, not imports.
 *
 * Each rule is proven by a fixture that must fail it (scripts/fixtures/layering, scripts/layering.test.mjs), so
 * paths are matched wherever they sit: `(^|/)apps/web/src/…` matches the real tree and the fixtures' copy of it.
 * In `pathNot`, `$2` is the second group of the `from` path (the feature's or module's own folder).
 */

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'web-feature-imports-feature',
      severity: 'error',
      comment:
        'A web feature never imports another feature: what two features share moves down to src/components, ' +
        'src/lib or a shared query module (apps/web/src/features/README.md).',
      from: { path: '(^|/)apps/web/src/features/([^/]+)/' },
      to: { path: '(^|/)apps/web/src/features/[^/]+/', pathNot: '(^|/)apps/web/src/features/$2/' },
    },
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'No import cycles: a cycle makes load order matter and hides which module is the lower layer.',
      from: { path: '(^|/)(apps/web/src|apps/server/src|packages/contract/src)/' },
      to: { circular: true },
    },
    {
      name: 'server-service-imports-fastify',
      severity: 'error',
      comment:
        'A service knows no HTTP: it never imports fastify or @fastify/*; routes translate between HTTP and ' +
        'the service (DESIGN.md §1: routes -> service -> repository).',
      from: { path: '(^|/)apps/server/src/.*\\.service\\.ts$' },
      // Resolved into node_modules, or the bare name when it cannot be resolved.
      to: { path: '(^|/)node_modules/(fastify|@fastify/[^/]+)/|^(fastify|@fastify/[^/]+)$' },
    },
    {
      name: 'server-module-imports-other-repository',
      severity: 'error',
      comment:
        "A server module reaches another only through the service handed to its factory, never through the other's " +
        'repository (DESIGN.md §1).',
      from: { path: '(^|/)apps/server/src/modules/([^/]+)/' },
      to: {
        path: '(^|/)apps/server/src/modules/[^/]+/.*\\.repository\\.ts$',
        pathNot: '(^|/)apps/server/src/modules/$2/',
      },
    },
    {
      name: 'production-imports-testing',
      severity: 'error',
      comment:
        'Test helpers and doubles (apps/web/src/testing, apps/server/testing) are for tests only: no production module ' +
        'imports them (no test double beside or inside production code).',
      from: {
        path: '(^|/)apps/(web|server)/src/',
        pathNot: ['\\.test\\.tsx?$', '(^|/)apps/web/src/testing/', '(^|/)apps/server/src/modules/[^/]+/testing/'],
      },
      to: {
        path: [
          '(^|/)apps/web/src/testing/',
          '(^|/)apps/server/testing/',
          '(^|/)apps/server/src/modules/[^/]+/testing/',
        ],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a feature that needs another's types still depends on it.
    tsPreCompilationDeps: true,
    // The web app's `@/` alias; the other workspaces use relative paths.
    tsConfig: { fileName: `${__dirname}/.dependency-cruiser.tsconfig.json` },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
