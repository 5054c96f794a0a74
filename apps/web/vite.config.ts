import { rmSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

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

// Served from any sub-path (relative asset URLs); the dev server forwards the API to the local server.
export default defineConfig({
  plugins: [react(), dropMockWorker()],
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // antd alone is ~1 MB minified (330 kB gzip); it gets its own long-cached chunk.
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      output: {
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          // Charts are used by the lazily loaded dashboard and /data-v only: their own chunk, not the first page's.
          if (/node_modules\/(echarts|zrender)\//.test(id)) return 'echarts';
          if (/node_modules\/(antd|@ant-design|@rc-component|rc-[^/]+)\//.test(id)) return 'antd';
          if (/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
          return 'vendor';
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/lib/testing/setup.ts'],
  },
});
