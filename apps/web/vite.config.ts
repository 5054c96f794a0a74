import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Served from any sub-path (relative asset URLs); the dev server forwards the API to the local server.
export default defineConfig({
  plugins: [react()],
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
