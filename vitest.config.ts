import { defineConfig } from 'vitest/config';
import { reporters } from './vitest.times.js';

// Unit and integration tests of every workspace, and of the repository's own scripts (the build, the install);
// browser E2E has its own config (vitest.e2e.config.ts).
export default defineConfig({
  test: {
    reporters: reporters('unit'),
    // Both cores: vitest's default is one worker fewer than the machine has (one, here), which left a core idle
    // through the longest step of CI (docs/testing.md, "Where CI's time goes"). Each file has its own databases,
    // data dir and ports, so files do not meet.
    maxWorkers: 2,
    projects: [
      'packages/contract',
      'apps/server',
      'apps/web',
      // Hang guard, not a speed limit: the install test runs npm, slow to start on a busy machine (docs/testing.md).
      {
        test: {
          name: 'tools',
          include: ['scripts/**/*.test.mjs', 'bench/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
    ],
  },
});
