// @ts-check
// The per-file budget (scripts/check-file-times.mjs): a file over 60 s in the suite is run again alone, and only a
// file still over the limit alone fails the check.
import { describe, expect, it } from 'vitest';
import { fileTimes, overBudget, slowdown } from './check-file-times.mjs';
import { projectOf } from './vitest-projects.mjs';

const report = (/** @type {Array<[string, number]>} */ files) => ({
  testResults: files.map(([name, seconds]) => ({
    name: new URL(`../${name}`, import.meta.url).pathname,
    startTime: 1_000_000,
    endTime: 1_000_000 + seconds * 1000,
  })),
});

describe('the unit files’ time budget', () => {
  it('reads each file’s time from the vitest JSON report', () => {
    expect(fileTimes(report([['apps/web/src/a.test.tsx', 12.5]]))).toEqual([
      { path: 'apps/web/src/a.test.tsx', seconds: 12.5 },
    ]);
  });

  it('fails a file that is still over the limit alone', () => {
    /** @type {string[]} */
    const ranAlone = [];
    const times = fileTimes(
      report([
        ['apps/web/src/slow.test.tsx', 95],
        ['apps/server/test/shared.test.ts', 70],
        ['packages/contract/src/fast.test.ts', 2],
      ]),
    );
    const { suspects, over } = overBudget(times, (path) => {
      ranAlone.push(path);
      return path.includes('slow') ? 64 : 38;
    });
    expect(ranAlone).toEqual(['apps/web/src/slow.test.tsx', 'apps/server/test/shared.test.ts']);
    expect(suspects.map((f) => f.path)).toEqual(ranAlone);
    expect(over).toEqual([{ path: 'apps/web/src/slow.test.tsx', seconds: 64 }]);
  });

  it('passes, running nothing again, when every file is within the limit', () => {
    const { suspects, over } = overBudget(fileTimes(report([['scripts/x.test.mjs', 59.9]])), () => {
      throw new Error('nothing should run alone');
    });
    expect(suspects).toEqual([]);
    expect(over).toEqual([]);
  });

  it('knows each file’s vitest project', () => {
    expect(projectOf('packages/contract/src/a.test.ts')).toBe('contract');
    expect(projectOf('apps/server/test/a.test.ts')).toBe('server');
    expect(projectOf('apps/web/src/a.test.tsx')).toBe('web');
    expect(projectOf('scripts/a.test.mjs')).toBe('tools');
  });
});

describe('the machine’s slowdown', () => {
  it('is a factor of at least 1 (wall time over CPU time of a fixed spin)', () => {
    const factor = slowdown();
    expect(factor).toBeGreaterThanOrEqual(1);
    expect(Number.isFinite(factor)).toBe(true);
  });
});

describe('the suite’s times on a busy machine', () => {
  it('are divided by the machine’s slowdown before a file is run again alone', () => {
    const times = fileTimes(
      report([
        ['apps/web/src/busy.test.tsx', 80],
        ['apps/web/src/slow.test.tsx', 110],
      ]),
    );
    /** @type {string[]} */
    const ranAlone = [];
    const { over } = overBudget(
      times,
      (path) => {
        ranAlone.push(path);
        return 70;
      },
      60,
      1.6,
    );
    expect(ranAlone).toEqual(['apps/web/src/slow.test.tsx']);
    expect(over.map((f) => f.path)).toEqual(['apps/web/src/slow.test.tsx']);
  });
});
