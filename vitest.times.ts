import { join } from 'node:path';

/**
 * The reporters of a vitest run: the default one, plus a JSON report in $CI_TIMES_DIR when .ci/run sets it, read by
 * scripts/ci-times.mjs for the time table at the end of CI (issue 35).
 */
export function reporters(report: 'unit' | 'e2e' | 'resilience'): Array<string | [string, { outputFile: string }]> {
  const dir = process.env.CI_TIMES_DIR;
  return dir ? ['default', ['json', { outputFile: join(dir, `${report}.json`) }]] : ['default'];
}
