import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from './schema.js';

/**
 * The kept counters (`row_count`, 0009_perf): one row per name, moved by triggers (`account`, `role:<id>`, the
 * permission versions) or by the writes they count (`param_version`). The table belongs to the platform
 * (owners.ts); each module names its own counters and reads or moves them only through these functions.
 */
type Counter = SelectQueryBuilder<DB, 'row_count', { n: number | string }>;

/**
 * One counter's value as a query: run it, compile it once (preparedQuery), or use it as a sub-query (`db` is then
 * the expression builder of the outer query, whose tables may be joined and so typed differently).
 */
export function counter(
  db: Pick<Kysely<DB>, 'selectFrom'> | Pick<ExpressionBuilder<never, never>, 'selectFrom'>,
  name: string,
): Counter {
  return (db as Kysely<DB>).selectFrom('row_count').select('n').where('name', '=', name);
}

/** Several counters' values, by name (a name without a row is left out). */
export function counters(
  db: Kysely<DB>,
  names: readonly string[],
): Promise<Array<{ name: string; n: number | string }>> {
  if (names.length === 0) return Promise.resolve([]);
  return db.selectFrom('row_count').select(['name', 'n']).where('name', 'in', names).execute();
}

/** Moves a counter by one, inside the caller's transaction. */
export async function bumpCounter(trx: Kysely<DB>, name: string): Promise<void> {
  await trx.updateTable('row_count').set({ n: sql`n + 1` }).where('name', '=', name).execute();
}
