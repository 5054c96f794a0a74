import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { dataStampOf, nameStatement } from './database.js';

type Value = string | number | null;

/** Values that stand in for the arguments while the query is compiled, one per argument position. */
const marker = (index: number) => `⟨prepared argument ${index}⟩`;

/**
 * A query of fixed shape, built and compiled once and then run with other values. Kysely builds an operation
 * tree and compiles it to SQL on every call, which costs more than running a small indexed query (a third of a
 * signed-in request's time went to it in the profile of docs/benchmarks.md); the hot queries of every request
 * use this instead. `build` is called once with stand-ins, so each argument must end up as a bound parameter
 * (a `where` value, not an `is null` or a column name); otherwise the first call throws. On a Kysely with plugins
 * it compiles every call (a plugin may transform the query).
 */
export function preparedQuery<DB, Args extends Value[], Row>(
  db: Kysely<DB>,
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
  options: PreparedOptions = {},
): (...args: Args) => Promise<readonly Readonly<Row>[]> {
  const run = compiledRunner(db, build);
  const stamp = options.cache ? dataStampOf(db as never) : undefined;
  if (!stamp || !options.cache) return run;
  const limit = options.cache;
  /** Results by argument values, each with the data stamp taken before it was read; least recently used first. */
  const results = new Map<string, { stamp: string; rows: readonly Readonly<Row>[] }>();
  return async (...args: Args) => {
    const key = args.length === 1 ? `${typeof args[0]}:${args[0]}` : JSON.stringify(args);
    // Taken before reading: a write that lands between this and the read makes the stored stamp stale, never
    // the stored rows.
    const now = stamp();
    const hit = results.get(key);
    results.delete(key);
    if (hit?.stamp === now) {
      results.set(key, hit);
      return hit.rows;
    }
    // Frozen: every later caller gets these very objects.
    const rows = Object.freeze((await run(...args)).map((row) => Object.freeze(row)));
    if (results.size >= limit) results.delete(results.keys().next().value!);
    results.set(key, { stamp: now, rows });
    return rows;
  };
}

export interface PreparedOptions {
  /**
   * Serve repeated calls with equal values from memory while the data is unchanged (SQLite only, outside
   * transactions; `DataStamp` in database.ts): up to this many distinct argument lists are kept. The rows are
   * then frozen and shared, so callers must not change them.
   */
  cache?: number;
}

function compiledRunner<DB, Args extends Value[], Row>(
  db: Kysely<DB>,
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  let compiled: CompiledQuery<Row> | undefined;
  /** For each parameter: the index of the argument it takes, or -1 for a constant of the query. */
  let slots: number[] = [];
  // Plugins transform queries as they are compiled (and the query-plan test records them that way): with any
  // installed, every call builds and compiles afresh.
  const plain = db.getExecutor().plugins.length === 0;
  return async (...args: Args) => {
    if (!plain) return (await db.executeQuery<Row>(build(db, ...args))).rows;
    if (!compiled) {
      const markers = args.map((_, i) => marker(i)) as unknown as Args;
      const query = build(db, ...markers).compile();
      slots = query.parameters.map((p) => (typeof p === 'string' ? markers.indexOf(p) : -1));
      for (let i = 0; i < args.length; i++) {
        if (!slots.includes(i)) throw new Error(`preparedQuery: argument ${i} is not a bound parameter`);
      }
      compiled = query;
      nameStatement(db as never, query.sql);
    }
    const query = compiled;
    const parameters = slots.map((slot, i) => (slot < 0 ? query.parameters[i] : args[slot]));
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}
