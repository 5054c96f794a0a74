import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { nameStatement } from './database.js';

type Value = string | number | null;

/** Values that stand in for the arguments while the query is compiled, one per argument position. */
const marker = (index: number) => `⟨prepared argument ${index}⟩`;

/**
 * A query of fixed shape, built and compiled once and then run with other values. Kysely builds an operation
 * tree and compiles it to SQL on every call, which costs more than running a small indexed query (a third of a
 * signed-in request's time went to it in the profile of docs/benchmarks.md); the hot queries of every request
 * use this instead. `build` is called once with stand-ins, so each argument must end up as a bound parameter
 * (a `where` value, not an `is null` or a column name); otherwise the first call throws. On a Kysely with plugins
 * it compiles every call (a plugin may transform the query). Every call reads the database and answers rows of
 * its own: no result is kept between calls.
 */
export function preparedQuery<DB, Args extends Value[], Row>(
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
