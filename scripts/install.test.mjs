// @ts-check
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * `npm install` on the Node versions the README supports prints no EBADENGINE warning and runs no install script
 * nobody approved (npm 11 `allowScripts`): both read off the lock file, so a dependency update that breaks either
 * fails here rather than on a newcomer's first install.
 */
const root = join(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
/** @type {{ packages: Record<string, { version?: string, engines?: Record<string, string> | string[], hasInstallScript?: boolean }> }} */
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
const oldestNode = /** @type {string} */ (semver.minVersion(manifest.engines.node)?.version);

describe('install', () => {
  it('supports the oldest Node the project declares (engines.node)', () => {
    expect(oldestNode).toBe('20.19.0');
    const refusing = Object.entries(lock.packages)
      .filter(([, entry]) => entry.engines && !Array.isArray(entry.engines) && entry.engines.node)
      .filter(([, entry]) => !semver.satisfies(oldestNode, /** @type {any} */ (entry.engines).node))
      .map(([path, entry]) => `${path}@${entry.version}: node ${/** @type {any} */ (entry.engines).node}`);
    expect(refusing).toEqual([]);
  });

  it('has every package with an install script approved or declined in allowScripts', () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([path, entry]) => path && entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts.length).toBeGreaterThan(0);
    expect(withScripts.filter((name) => !(name in manifest.allowScripts))).toEqual([]);
  });
});

describe('npm install with NODE_ENV=production in the shell', () => {
  const omitted = (/** @type {string[]} */ ...args) => {
    const result = spawnSync('npm', ['config', 'get', 'omit', ...args], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    expect(result.status).toBe(0);
    // No "invalid config" or other warning from the project's .npmrc.
    expect(result.stderr.split('\n').filter((line) => /warn/i.test(line) && !/nodedir/.test(line))).toEqual([]);
    return result.stdout.trim();
  };

  it('still installs the development dependencies npm start builds with (nothing omitted)', () => {
    expect(omitted()).toBe('');
  });

  it('leaves them out when asked to, for serving a finished build (README)', () => {
    expect(omitted('--omit=dev', '--include=peer')).toBe('dev');
  });
});
