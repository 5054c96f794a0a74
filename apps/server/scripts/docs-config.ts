/**
 * `npm run docs:config`: writes the README's configuration table from the declarations (src/config.schema.ts).
 * src/config.docs.test.ts fails while the README and the declarations disagree.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { withConfigTable } from '../src/config.docs.js';

const path = resolve(import.meta.dirname, '../../../README.md');
const before = readFileSync(path, 'utf8');
const after = withConfigTable(before);
if (after !== before) writeFileSync(path, after);
console.log(`README.md: the configuration table ${after === before ? 'was already up to date' : 'is rewritten'}`);
