import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * Before any E2E or resilience file: build what is stale (scripts/build.mjs; "up to date" in well under a second
 * otherwise), so a file run on its own after an edit never drives an old compiled server or web app.
 */
export default function build(): void {
  const root = resolve(import.meta.dirname, '..');
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`scripts/build.mjs exited with ${result.status ?? result.signal}`);
}
