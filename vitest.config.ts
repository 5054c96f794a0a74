import { defineConfig } from 'vitest/config';

// Unit and integration tests of every workspace; browser E2E has its own config (vitest.e2e.config.ts).
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});
