#!/usr/bin/env node
// @ts-check
// One owner per table (apps/server/src/platform/db/owners.ts): a query that names a table (a Kysely builder such as
// `selectFrom('org')` or `innerJoin('org as o', …)`, `sql.table('org')`, or `from org` inside a `sql` template) is
// allowed only in the owning module (apps/server/src/modules/<owner>/…, or apps/server/src/platform/… for `platform`).
// Released migrations, tests and test doubles are outside the rule. The cross-owner statements that existed when
// the rule came in are listed, with their count, in scripts/lint/table-owners.debt.json: a count may only go down
// (the check fails when it rises and when it falls without the list following), so the list only shrinks.
//
// Biome's GritQL plugins (scripts/lint/*.grit) cannot see the file a match is in, so this rule is a script, run by
// `npm run check`; scripts/table-owners.test.mjs proves it on scripts/fixtures/layering/table-owner.
//
// Usage: node scripts/lint/table-owners.mjs [root] [--debt <file>|none] [--json] [--lower]
//   --json   print the cross-owner counts found; --lower   write the counts that went down into the debt list.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const repo = fileURLToPath(new URL('../..', import.meta.url));

/** Builder methods whose first argument names a table (or `table as alias`, or an array of them). */
const BUILDERS = new Set([
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'replaceInto',
  'mergeInto',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'crossJoin',
  'innerJoinLateral',
  'leftJoinLateral',
  'crossJoinLateral',
  'using',
]);

/** The ownership map, read from owners.ts's object literal (the script runs without compiling TypeScript). */
export function readOwners(file = join(repo, 'apps/server/src/platform/db/owners.ts')) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  /** @type {Map<string, string>} */
  const owners = new Map();
  const visit = (/** @type {ts.Node} */ node) => {
    if (ts.isVariableDeclaration(node) && node.name.getText(source) === 'TABLE_OWNERS') {
      let init = node.initializer;
      while (init && (ts.isSatisfiesExpression(init) || ts.isAsExpression(init))) init = init.expression;
      if (init && ts.isObjectLiteralExpression(init))
        for (const property of init.properties)
          if (ts.isPropertyAssignment(property) && ts.isStringLiteral(property.initializer))
            owners.set(property.name.getText(source).replace(/['"]/g, ''), property.initializer.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (owners.size === 0) throw new Error(`no TABLE_OWNERS found in ${file}`);
  return owners;
}

/** The module a server file belongs to, or null when the rule does not apply to it. */
function moduleOf(/** @type {string} */ path) {
  const parts = path.split('/');
  const at = parts.indexOf('src');
  if (at < 0 || parts[at - 1] !== 'server' || parts[at - 2] !== 'apps') return null;
  const name = parts.at(-1) ?? '';
  if (/\.test\.tsx?$/.test(name) || parts.includes('testing') || parts.includes('migrations')) return null;
  if (parts[at + 1] === 'modules' && parts.length > at + 3) return parts[at + 2];
  if (parts[at + 1] === 'platform') return 'platform';
  return 'app';
}

function* walk(/** @type {string} */ dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

/**
 * Every table a file's queries name: `{ table, line }` for each builder call, `sql.table(…)` and SQL keyword in a
 * `sql` template followed by a known table.
 */
export function tablesNamed(/** @type {string} */ file, /** @type {string} */ text, /** @type {Set<string>} */ tables) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  /** @type {{ table: string, line: number }[]} */
  const found = [];
  const add = (/** @type {string} */ name, /** @type {ts.Node} */ node) => {
    const table = name
      .trim()
      .split(/\s+as\s+/i)[0]
      .trim();
    if (tables.has(table))
      found.push({ table, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
  };
  const visit = (/** @type {ts.Node} */ node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const first = node.arguments[0];
      const isSqlTable = method === 'table' && node.expression.expression.getText(source) === 'sql';
      if (first && (BUILDERS.has(method) || isSqlTable)) {
        if (ts.isStringLiteralLike(first)) add(first.text, first);
        else if (ts.isArrayLiteralExpression(first))
          for (const element of first.elements) if (ts.isStringLiteralLike(element)) add(element.text, element);
      }
    }
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql') {
      const template = node.template;
      const pieces = ts.isNoSubstitutionTemplateLiteral(template)
        ? [template.text]
        : [template.head.text, ...template.templateSpans.map((span) => span.literal.text)];
      for (const piece of pieces)
        for (const match of piece.matchAll(/\b(?:from|join|into|update)\s+"?([a-z_]+)"?/gi)) add(match[1], template);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The rule's findings under `root` (a repository or a fixture tree with the same layout): each cross-owner
 * statement, and per `module → table` pair the count to compare with the debt list.
 */
export function crossOwner(/** @type {string} */ root, owners = readOwners()) {
  const tables = new Set(owners.keys());
  /** @type {{ file: string, line: number, module: string, table: string, owner: string }[]} */
  const statements = [];
  const server = join(root, 'apps/server/src');
  for (const path of walk(server)) {
    const file = relative(root, path).split(sep).join('/');
    const module = moduleOf(file);
    if (!module) continue;
    for (const { table, line } of tablesNamed(file, readFileSync(path, 'utf8'), tables)) {
      const owner = /** @type {string} */ (owners.get(table));
      if (owner !== module) statements.push({ file, line, module, table, owner });
    }
  }
  statements.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
  /** @type {Record<string, number>} */
  const counts = {};
  for (const { module, table } of statements)
    counts[`${module} → ${table}`] = (counts[`${module} → ${table}`] ?? 0) + 1;
  return { statements, counts };
}

/** Problems of `found` against the debt list: new or grown pairs, and pairs that shrank without the list. */
export function judge(/** @type {ReturnType<typeof crossOwner>} */ found, /** @type {Record<string, number>} */ debt) {
  /** @type {string[]} */
  const problems = [];
  for (const [pair, count] of Object.entries(found.counts)) {
    const allowed = debt[pair] ?? 0;
    if (count > allowed) {
      const [module, table] = pair.split(' → ');
      const where = found.statements
        .filter((statement) => statement.module === module && statement.table === table)
        .map((statement) => `${statement.file}:${statement.line}`);
      problems.push(
        `${pair}: ${count} statement(s), ${allowed} allowed. The table \`${table}\` belongs to \`${found.statements.find((s) => s.table === table)?.owner}\`: read it through that module's exported functions, write it through its service (${where.join(', ')})`,
      );
    }
  }
  for (const [pair, allowed] of Object.entries(debt)) {
    const count = found.counts[pair] ?? 0;
    if (count < allowed)
      problems.push(
        `${pair}: ${count} statement(s) left, the debt list says ${allowed}: lower it in scripts/lint/table-owners.debt.json`,
      );
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const debtAt = args.indexOf('--debt');
  const debtFile = debtAt >= 0 ? args[debtAt + 1] : join(repo, 'scripts/lint/table-owners.debt.json');
  const root = args.find((arg, i) => !arg.startsWith('--') && i !== debtAt + 1) ?? repo;
  const found = crossOwner(root);
  if (args.includes('--json')) {
    process.stdout.write(`${JSON.stringify(found.counts, null, 2)}\n`);
    process.exit(0);
  }
  const list = debtFile === 'none' ? { debt: {} } : JSON.parse(readFileSync(debtFile, 'utf8'));
  /** @type {Record<string, number>} */
  const debt = list.debt;
  if (args.includes('--lower')) {
    for (const [pair, allowed] of Object.entries(debt)) {
      const count = found.counts[pair] ?? 0;
      if (count === 0) delete debt[pair];
      else if (count < allowed) debt[pair] = count;
    }
    writeFileSync(debtFile, `${JSON.stringify(list, null, 2)}\n`);
  }
  const problems = judge(found, debt);
  for (const problem of problems) console.error(`table-owners: ${problem}`);
  process.exit(problems.length ? 1 : 0);
}
