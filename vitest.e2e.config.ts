import { defineConfig } from 'vitest/config';
import { reporters } from './vitest.times.js';

// Browser E2E against the built web app on a real server process (see e2e/README.md).
export default defineConfig({
  test: {
    reporters: reporters('e2e'),
    name: 'e2e',
    include: ['e2e/**/*.e2e.test.ts'],
    // Builds what is stale first: a file run alone after an edit drives the current code.
    globalSetup: ['e2e/build.global-setup.ts'],
    // Hang guards, not speed limits: a browser flow on a busy machine takes several times its quiet time.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // expect.poll waits 1 s by default, short for a browser on a busy machine; a poll ends once its condition
    // holds, so a passing test does not wait longer (docs/testing.md).
    expect: { poll: { timeout: 20_000 } },
    // Three files at a time on two cores: each file has its own server process (free port, fresh data dir) and its
    // own browser, so files do not meet; the browser flows wait on conditions, not on time (docs/testing.md). Two at
    // a time left the cores idle 14 % of the run (waits on the server and the browser); three, 3 % (343 s to 307 s).
    fileParallelism: true,
    maxWorkers: 3,
    // A worker's files share its imports (Playwright, the helpers: about a second a file); each file still starts
    // its own server and browser in its hooks and stops them in its afterAll.
    isolate: false,
  },
});
