import { defineConfig } from 'vitest/config';

// Browser E2E against the built web app on a real server process (see e2e/README.md).
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
