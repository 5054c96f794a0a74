// @ts-check
import { crudRouteTable } from '../../../packages/contract/src/entity-crud.ts';
// The web build's view of packages/contract (docs/frontend-budgets.md). The contract's route definitions carry
// TypeBox schemas and documentation for the server and OpenAPI; at runtime the web reads only a route's method,
// path, access and transport (lib/http/client.ts, stores/session.ts), and `screen` (the role editor's
// prerequisites, features/roles role-form.ts), and takes the schemas' types at compile time.
// For `vite build` (vite.config.ts), each contract module is rewritten so that:
//   - every `defineRoute({...})` keeps its properties except the schema and documentation ones listed below;
//   - every `Type.X(...)` call is marked pure, so a schema no kept code refers to is dropped with TypeBox;
//   - so is every entity declaration and derivation (`defineEntity`, `answerProperties`, `inputProperties`): an
//     entity's descriptor reaches the bundle only where a screen uses it, never through the route table.
// The contract itself, the server, the dev server and the unit tests see the contract unchanged.

/**
 * Route-definition properties the web never reads at runtime (types only; `subjects`, `sudo` and `security` are the
 * server's: the web learns of sudo mode from the refusal's header). Anything else is kept.
 */
export const DROPPED_ROUTE_FIELDS = new Set([
  'title',
  'description',
  'menu',
  'params',
  'query',
  'body',
  'response',
  'subjects',
  'sudo',
  'security',
]);

/** Contract functions without side effects whose calls are marked pure (entity.ts). */
export const PURE_CALLS = new Set([
  'defineEntity',
  'answerProperties',
  'inputProperties',
  'filterProperties',
  'sheetKeys',
  'sortableKeys',
]);

/**
 * @typedef {{ type: string, start: number, end: number, [key: string]: unknown }} Node
 * @typedef {(code: string) => Node} Parse ESTree parser with UTF-16 `start`/`end` offsets (Vite's `parseAst`).
 */

/** The name of a non-computed property key (`a` or `'a'`), else undefined. */
function keyName(/** @type {Node} */ property) {
  if (property.computed) return undefined;
  const key = /** @type {Node} */ (property.key);
  if (key.type === 'Identifier') return /** @type {string} */ (key.name);
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return undefined;
}

/** Calls `visit` on every node, depth first; `visit` answers false to skip a node's children. */
function walk(/** @type {unknown} */ node, /** @type {(node: Node) => boolean} */ visit) {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit);
    return;
  }
  if (typeof node !== 'object' || node === null || typeof (/** @type {Node} */ (node).type) !== 'string') return;
  if (!visit(/** @type {Node} */ (node))) return;
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'type' && typeof value === 'object') walk(value, visit);
  }
}

/**
 * The literal `name`, `path` and `state` of the spec declared as `const <name> = { … }` (through `as const` and
 * `satisfies`) in the module, or undefined.
 * @param {Node} program
 * @param {string} name
 * @returns {{ name: string, path: string, state?: string } | undefined}
 */
function specLiterals(program, name) {
  /** @type {Record<string, string> | undefined} */
  let found;
  walk(program, (node) => {
    if (found || node.type !== 'VariableDeclarator') return !found;
    const id = /** @type {Node} */ (node.id);
    if (id.type !== 'Identifier' || id.name !== name) return true;
    let init = /** @type {Node | undefined} */ (node.init);
    while (init && init.type !== 'ObjectExpression' && init.expression) init = /** @type {Node} */ (init.expression);
    if (init?.type !== 'ObjectExpression') return false;
    found = {};
    for (const property of /** @type {Node[]} */ (init.properties)) {
      const key = property.type === 'Property' ? keyName(property) : undefined;
      const value = /** @type {Node | undefined} */ (property.value);
      if (key && value?.type === 'Literal' && typeof value.value === 'string') found[key] = value.value;
    }
    return false;
  });
  if (!found?.name || !found.path) return undefined;
  return { name: found.name, path: found.path, ...(found.state ? { state: found.state } : {}) };
}

/** Whether an expression spreads a value anywhere outside a function inside it. */
function hasSpread(/** @type {Node} */ expression) {
  let found = false;
  walk(expression, (node) => {
    if (found || node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') return false;
    if (node.type === 'SpreadElement') found = true;
    return !found;
  });
  return found;
}

/**
 * A contract module's source as the web build bundles it (see the top of this file).
 * @param {string} code TypeScript source of one contract module
 * @param {Parse} parse
 * @returns {string}
 */
export function slimContractModule(code, parse) {
  /** @type {{ start: number, end: number, text: string }[]} */
  const edits = [];
  const program = parse(code);
  walk(program, (node) => {
    if (node.type !== 'CallExpression') return true;
    const callee = /** @type {Node} */ (node.callee);
    const [first] = /** @type {Node[]} */ (node.arguments);
    if (callee.type === 'Identifier' && callee.name === 'defineRoute' && first?.type === 'ObjectExpression') {
      const kept = /** @type {Node[]} */ (first.properties).filter(
        (property) => property.type !== 'Property' || !DROPPED_ROUTE_FIELDS.has(keyName(property) ?? ''),
      );
      edits.push({
        start: first.start,
        end: first.end,
        text: `{ ${kept.map((property) => code.slice(property.start, property.end)).join(', ')} }`,
      });
      // Kept properties are small literals; nothing inside the replaced object is edited again.
      return false;
    }
    // An entity's CRUD routes (entity-crud.ts): only the route table, written out from the spec's literal name, path
    // and state, so neither the descriptor nor the code that derives the routes reaches the route table's chunk.
    const [, second] = /** @type {Node[]} */ (node.arguments);
    if (callee.type === 'Identifier' && callee.name === 'crudRoutes' && second) {
      const spec =
        second.type === 'Identifier' ? specLiterals(program, /** @type {string} */ (second.name)) : undefined;
      if (!spec)
        throw new Error(
          `slim-contract: crudRoutes(…, ${code.slice(second.start, second.end)}) needs a spec declared as a literal in the same module`,
        );
      edits.push({ start: node.start, end: node.end, text: `(${JSON.stringify(crudRouteTable(spec))})` });
      return false;
    }
    const object = callee.type === 'MemberExpression' ? /** @type {Node} */ (callee.object) : undefined;
    const pureCall = callee.type === 'Identifier' && PURE_CALLS.has(/** @type {string} */ (callee.name));
    if ((object?.type === 'Identifier' && object.name === 'Type') || pureCall) {
      edits.push({ start: node.start, end: node.start, text: '/* @__PURE__ */ ' });
    }
    return true;
  });
  // A module-level constant built with spreads (`{ ...answerProperties(entity), … }`, `[...sortableKeys(entity)]`):
  // the bundler keeps a spread even where the value is unused (spreading may run a getter), and with it the
  // descriptor it reads. Built inside a pure arrow called at once, the whole constant goes when nothing uses it.
  for (const statement of /** @type {Node[]} */ (program.body)) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? /** @type {Node | null} */ (statement.declaration) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of /** @type {Node[]} */ (declaration.declarations)) {
      const init = /** @type {Node | null} */ (declarator.init);
      if (!init || !hasSpread(init)) continue;
      edits.push({ start: init.start, end: init.start, text: '/* @__PURE__ */ (() => (' });
      edits.push({ start: init.end, end: init.end, text: '))()' });
    }
  }
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return out;
}
