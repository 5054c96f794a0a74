import { join } from 'node:path';

/** Where the unit run's JSON report lands without CI_TIMES_DIR (scripts/check-file-times.mjs reads it). */
export const UNIT_REPORT_DIR = join(import.meta.dirname, 'test-results', 'times');

/**
 * The reporters of a vitest run: the default one, plus a JSON report in $CI_TIMES_DIR when .ci/run sets it, read by
 * scripts/ci-times.mjs for the time table at the end of CI. The unit run always writes its report (to
 * test-results/times/ without CI_TIMES_DIR): the per-file budget check after it reads the file times there.
 */
export function reporters(report: 'unit' | 'e2e' | 'resilience'): Array<string | [string, { outputFile: string }]> {
  const dir = process.env.CI_TIMES_DIR ?? (report === 'unit' ? UNIT_REPORT_DIR : undefined);
  return dir ? ['default', ['json', { outputFile: join(dir, `${report}.json`) }]] : ['default'];
}
