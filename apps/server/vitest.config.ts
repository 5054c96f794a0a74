import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Hang guards, not speed limits (docs/testing.md): argon2 and the real databases run several times slower on a
    // busy machine, and a test that times out keeps running into the next one (the hashing queue is per process).
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
