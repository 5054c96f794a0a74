// @ts-check
/**
 * The vitest project a unit test file belongs to (vitest.config.ts: contract, server, web, and tools for the
 * repository's own scripts and the bench). Read by scripts/ci-times.mjs and scripts/check-file-times.mjs.
 * @param {string} path relative to the repository
 */
export const projectOf = (path) =>
  path.startsWith('packages/contract/')
    ? 'contract'
    : path.startsWith('apps/server/')
      ? 'server'
      : path.startsWith('apps/web/')
        ? 'web'
        : 'tools';
