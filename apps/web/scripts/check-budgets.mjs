#!/usr/bin/env node
// @ts-check
// Fails the build when a route's cold load is over its gzip budget (docs/frontend-budgets.md); prints the table
// of every route on each build. Reads Vite's manifest (build.manifest) of apps/web/dist.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ANTD_ROOT, BUDGETS, formatTable, MAIN_LAYOUT, otherRoutes, routeSizes } from './budgets.mjs';

// Usage: node check-budgets.mjs [dir]; default apps/web/dist.
const dist = process.argv[2] ? resolve(process.argv[2]) : join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`check-budgets: ${manifestPath} not found; run the web build (build.manifest: true) first.`);
  process.exit(1);
}

/** @type {import('./budgets.mjs').Manifest} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
// Level 9, as the server's pre-compressed .gz files (scripts/compress.mjs).
const gzipBytes = (/** @type {string} */ file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

let sizes;
try {
  const routes = [...BUDGETS, ...otherRoutes(manifest, BUDGETS, { layout: MAIN_LAYOUT, antdRoot: ANTD_ROOT })];
  sizes = routeSizes(manifest, routes, gzipBytes);
} catch (error) {
  console.error(`check-budgets: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

console.log('check-budgets: JS + CSS a cold load of each route fetches (entry + route chunks + static imports):');
console.log(formatTable(sizes));
const over = sizes.filter((size) => size.over);
if (over.length) {
  for (const size of over) {
    console.error(
      `check-budgets: ${size.name} fetches ${(size.bytes / 1024).toFixed(1)} KiB gzip, over its budget of ` +
        `${size.budgetKiB} KiB by ${Math.ceil(size.bytes - (size.budgetKiB ?? 0) * 1024)} bytes. Files:\n    ${size.files.join('\n    ')}`,
    );
  }
  console.error('check-budgets: the build is over budget (see docs/frontend-budgets.md for how to bring it down).');
  process.exit(1);
}
console.log('check-budgets: every route is within its budget.');
