import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { reporters } from './vitest.times.js';

/** The log scan reads what every other run wrote, so it goes last. */
class HygieneLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const last = (f: TestSpecification) => (f.moduleId.endsWith('log-hygiene.test.ts') ? 1 : 0);
    return [...sorted].sort((a, b) => last(a) - last(b));
  }
}

// Faults, load and log hygiene against real server processes (npm run test:resilience, after npm test in CI).
export default defineConfig({
  test: {
    reporters: reporters('resilience'),
    name: 'resilience',
    include: ['resilience/**/*.test.ts'],
    // Builds what is stale first: the tests start the compiled server (apps/server/dist/main.js).
    globalSetup: ['e2e/build.global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    sequence: { sequencer: HygieneLast },
  },
});
