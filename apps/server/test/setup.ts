import { afterAll, vi } from 'vitest';

/**
 * The server project's files share a worker's modules (`isolate: false`, vitest.config.ts): a fake clock a file
 * leaves on would run the next file's server at a standing time. A test that fakes timers ends them itself (an
 * `afterEach`); this says which file did not.
 */
afterAll(() => {
  if (!vi.isFakeTimers()) return;
  vi.useRealTimers();
  throw new Error('this file left fake timers on: end them in an afterEach of the describe that starts them');
});
