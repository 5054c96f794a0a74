import { defineConfig } from 'vitest/config';
import { reporters } from './vitest.times.js';

/**
 * Faults and load on real server processes. The files run two at a time (each starts its own servers on free ports,
 * with its own data dirs; disk-full.test.ts its own 2 MiB file system): kill9.test.ts alone takes about as long as all
 * the others. The log scan reads what every other run wrote, so it runs after them (`groupOrder`).
 */
export default defineConfig({
  test: {
    reporters: reporters('resilience'),
    globalSetup: ['e2e/build.global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'resilience',
          include: ['resilience/**/*.test.ts'],
          exclude: ['resilience/log-hygiene.test.ts'],
          fileParallelism: true,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'log-hygiene', include: ['resilience/log-hygiene.test.ts'], sequence: { groupOrder: 1 } },
      },
    ],
  },
});
