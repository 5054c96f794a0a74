import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One migrated and set-up database per dialect, copied for each test server (test/harness.ts).
    globalSetup: ['test/database-templates.global-setup.ts'],
    // The files of a worker share its modules: the server's ~300 modules and its libraries are imported once per
    // worker instead of once per file (171 s of the project's 720 s). Each test server still has its own database,
    // data dir and config; test/setup.ts fails a file that leaves a fake clock on for the next one.
    isolate: false,
    setupFiles: ['test/setup.ts'],
    // Hang guards, not speed limits (docs/testing.md): argon2 and the real databases run several times slower on a
    // busy machine, and a test that times out keeps running into the next one (the hashing queue is per process).
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
