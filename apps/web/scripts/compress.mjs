#!/usr/bin/env node
// @ts-check
// Writes a Brotli (.br) and a gzip (.gz) twin beside each text file of the web build, so the server sends them
// compressed without compressing per request (@fastify/static `preCompressed`, apps/server/src/app.ts).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

/** @returns {Generator<string>} */
function* files(/** @type {string} */ dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== '.vite') yield* files(path);
    } else yield path;
  }
}

let count = 0;
for (const path of files(dist)) {
  if (!/\.(m?js|css|html|svg|json|txt)$/.test(path)) continue;
  const data = readFileSync(path);
  if (data.length < 1024) continue; // not worth a second request header's worth
  writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }),
  );
  count += 1;
  if (process.env.COMPRESS_VERBOSE) console.log(relative(dist, path));
}
console.log(`compress: ${count} files of ${dist} have .br and .gz twins.`);
