import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { type Plugin, parseAst } from 'vite';
import { defineConfig } from 'vitest/config';
import { slimContractModule } from './scripts/slim-contract.mjs';

/**
 * public/mockServiceWorker.js (msw, for `npm run dev:mock`) is served by the dev server only: Vite copies the
 * public folder into every build, so the production build deletes it again (scripts/check-no-mocks.mjs checks).
 */
const dropMockWorker = (): Plugin => ({
  name: 'gatehouse:drop-mock-worker',
  apply: 'build',
  writeBundle(options) {
    if (options.dir) rmSync(join(options.dir, 'mockServiceWorker.js'), { force: true });
  },
});

/**
 * `npm run dev:mock` (Vite's `mock` mode): the msw service worker answers the API, started by main.tsx before its
 * first call. No answer may be obtained before that: index.html's preload of /api/auth/options would be fetched
 * while the worker is not running yet (on a first visit it is not even registered), and main.tsx's first call would
 * then reuse that answer (a 5xx: there is no server) and show /500. So this mode drops index.html's /api preloads,
 * does not proxy /api (`server.proxy` below), and answers any /api request that still reaches the dev server
 * (sent before the worker ran, or past it) with a 503 that says so, instead of Vite's index.html fallback.
 */
const mockMode = (): Plugin => ({
  name: 'gatehouse:mock-mode',
  apply: (_config, env) => env.mode === 'mock',
  transformIndexHtml(html) {
    const withoutApi = html.replace(/[ \t]*<link\b[^>]*\bhref="\/api\/[^"]*"[^>]*>\r?\n?/g, '');
    if (/["']\/api\//.test(withoutApi)) {
      throw new Error('gatehouse:mock-mode: index.html refers to /api/ other than by a <link> this plugin drops');
    }
    return withoutApi;
  },
  configureServer(server) {
    server.middlewares.use('/api', (req, res) => {
      const url = `/api${req.url ?? ''}`;
      server.config.logger.warn(
        `[mock] ${req.method} ${url} reached the dev server: the mock worker did not answer it`,
      );
      res.statusCode = 503;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end(`${url} was not answered by the mock service worker; npm run dev:mock has no server behind it.\n`);
    });
  },
});

/**
 * The production bundle's view of packages/contract: route definitions without their TypeBox schemas and texts
 * (the web reads only method, path, access and transport), schema-building calls marked pure so TypeBox and the
 * schemas nothing refers to are dropped (scripts/slim-contract.mjs). Build only: the dev server and the unit tests
 * see the contract as it is.
 */
const slimContract = (): Plugin => ({
  name: 'gatehouse:slim-contract',
  apply: 'build',
  enforce: 'pre',
  transform(code, id) {
    // TypeBox's own module-level set-up is only needed by code that builds or checks schemas, which the web
    // bundle no longer holds (the code is unchanged: `map: null` keeps its source map).
    if (/\/node_modules\/typebox\//.test(id)) return { code, map: null, moduleSideEffects: false };
    if (!/\/packages\/contract\/src\/[^/]+\.ts$/.test(id) || id.endsWith('.test.ts')) return null;
    // The contract's modules only define values (no registrations), so unused ones can be left out.
    return { code: slimContractModule(code, (source) => parseAst(source, { lang: 'ts' })), moduleSideEffects: false };
  },
});

/**
 * @rc-component/form and @rc-component/async-validator declare no `sideEffects`, so every antd component that
 * reads the form context (antd/es/form/context imports the rc-form barrel for FormProvider) drags the whole form
 * engine and its validator into the chunks of screens without a form (the main layout: ~12 KiB gzip). Their
 * modules only declare functions, classes and constants (no registrations, no globals), so a module none of whose
 * exports is used can be left out. Build only; the code itself is unchanged (`map: null` keeps its source map).
 */
const pureFormEngine = (): Plugin => ({
  name: 'gatehouse:pure-form-engine',
  apply: 'build',
  transform(code, id) {
    if (!/\/node_modules\/@rc-component\/(form|async-validator)\//.test(id)) return null;
    return { code, map: null, moduleSideEffects: false };
  },
});

/**
 * react-router 7's package exports resolve to its development build in every mode (remix-run/react-router#12532,
 * #14102): the production build gets the library's production files (no dev warnings, smaller). Build only, so
 * the dev server and the unit tests keep the warnings.
 */
const routerDist = resolve(import.meta.dirname, '../../node_modules/react-router/dist/production');
const productionRouter = [
  { find: /^react-router$/, replacement: join(routerDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(routerDist, 'dom-export.mjs') },
];

/**
 * The built index.html loads src/boot.ts as a second entry, `async`, ahead of the main one: it starts fetching the
 * login page while the main entry is still loading (src/boot.ts). Vite would merge a second script of index.html
 * into the main entry (evaluated after all of its imports), so boot is a rollup input of its own and its tag is
 * added here. Build only: the dev server loads modules on demand anyway.
 */
const asyncBootEntry = (): Plugin => ({
  name: 'gatehouse:async-boot-entry',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, ctx) {
      const boot = Object.values(ctx.bundle ?? {}).find(
        (output) => output.type === 'chunk' && output.isEntry && output.facadeModuleId?.endsWith('/src/boot.ts'),
      );
      if (!boot) throw new Error('gatehouse:async-boot-entry: the src/boot.ts entry is missing from the bundle');
      return {
        html,
        tags: [
          {
            tag: 'script',
            attrs: { type: 'module', crossorigin: true, async: true, src: `./${boot.fileName}` },
            injectTo: 'head-prepend',
          },
        ],
      };
    },
  },
});

// Served from any sub-path (relative asset URLs); the dev server forwards the API to the local server.
export default defineConfig(({ command, mode }) => ({
  plugins: [slimContract(), pureFormEngine(), react(), asyncBootEntry(), dropMockWorker(), mockMode()],
  // `@/` is apps/web/src (tsconfig.json's `paths` says the same to TypeScript).
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${resolve(import.meta.dirname, 'src')}/` },
      ...(command === 'build' ? productionRouter : []),
    ],
  },
  base: './',
  build: {
    outDir: 'dist',
    manifest: true,
    emptyOutDir: true,
    // The ECharts chunk is ~520 kB minified (lazy: the dashboard and /data-v only); no warning for it.
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      input: {
        index: resolve(import.meta.dirname, 'index.html'),
        boot: resolve(import.meta.dirname, 'src/boot.ts'),
      },
      output: {
        // A chunk's name is written into every import of it and into each lazy route's preload list, all of which
        // /login fetches: hashes alone are 2.2 KiB gzip shorter there than `[name]-[hash]` (docs/frontend-budgets.md).
        // The chunks' sources are named in the build's source maps and Vite's report.
        chunkFileNames: 'assets/[hash].js',
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          // Charts are used by the lazily loaded dashboard and /data-v only: their own chunk, not the first page's.
          if (/node_modules\/(echarts|zrender)\//.test(id)) return 'echarts';
          // What every route's first load runs anyway (React, the router, the query and store libraries): one
          // chunk, cached across releases, instead of pieces spread over the shared chunks (~1 KiB less gzip).
          if (/node_modules\/(react|react-dom|scheduler|react-router|@tanstack|zustand)\//.test(id)) return 'framework';
          return undefined;
        },
      },
    },
  },
  server: {
    // `npm run dev:mock` has no server to forward to: the mock worker answers /api (mockMode above).
    proxy: mode === 'mock' ? undefined : { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    setupFiles: ['src/testing/setup.ts'],
  },
}));
