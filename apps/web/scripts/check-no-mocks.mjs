#!/usr/bin/env node
// Fails the build when the dev mock leaked into the production bundle: msw is loaded only by
// `import.meta.env.MODE === 'mock'` in src/main.tsx, and public/mockServiceWorker.js is dropped by vite.config.ts.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Usage: node check-no-mocks.mjs [dir]; default apps/web/dist.
const dist = process.argv[2] ? resolve(process.argv[2]) : join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
// Strings only msw's code and the mock layer contain (msw's worker protocol, its package name in messages).
const MARKERS = [
  'mockServiceWorker',
  'MOCK_DEACTIVATE',
  'INTEGRITY_CHECK_REQUEST',
  '[MSW]',
  'msw/browser',
  'Mock#2026',
];

if (!existsSync(join(dist, 'index.html'))) {
  console.error(`check-no-mocks: ${dist}/index.html not found; run the web build first.`);
  process.exit(1);
}

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

const problems = [];
for (const path of files(dist)) {
  const name = relative(dist, path);
  if (/mockServiceWorker/i.test(name) || /(^|\/)mocks?[-/.]/.test(name)) {
    problems.push(`${name}: a mock file is part of the bundle`);
    continue;
  }
  if (!/\.(m?js|html|css|map)$/.test(path)) continue;
  const text = readFileSync(path, 'utf8');
  for (const marker of MARKERS) if (text.includes(marker)) problems.push(`${name}: contains "${marker}"`);
  if (/\bmsw\b/.test(text.replace(/\/\/# sourceMappingURL=.*$/gm, ''))) problems.push(`${name}: mentions msw`);
}

if (problems.length) {
  console.error(`check-no-mocks: the dev mock reached the production bundle in ${dist}:`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log('check-no-mocks: no mock code in the production bundle.');
