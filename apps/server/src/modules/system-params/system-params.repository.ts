import type { Kysely } from 'kysely';
import { bumpCounter, counter } from '../../platform/db/counters.js';
import { preparedQuery } from '../../platform/db/prepared.js';
import type { DB, SystemParamTable } from '../../platform/db/schema.js';

export function createSystemParamsRepository(db: Kysely<DB>) {
  // Read on every request by every instance: compiled once.
  const version = preparedQuery(db, (db) => counter(db, 'param_version'));
  return {
    /** Moves with every change of a 系统参数 (set or reset), on whichever instance made it. */
    async version(): Promise<string> {
      const [row] = await version();
      return String(row?.n ?? '');
    },
    /** Every stored change, read through `executor` (a transaction of another module's write, or the pool). */
    all(executor: Kysely<DB> = db): Promise<SystemParamTable[]> {
      return executor.selectFrom('system_param').selectAll().orderBy('key').execute();
    },
    /** Sets (or, with `value` undefined, removes) one parameter and moves the version, in one transaction. */
    async write(key: string, value: string | undefined, at: string, by: number): Promise<void> {
      await db.transaction().execute((trx) => writeWith(trx, key, value, at, by));
    },
    /** The same inside a transaction the caller holds (the configuration bundle's all-or-nothing apply). */
    writeWith,
  };
}

async function writeWith(trx: Kysely<DB>, key: string, value: string | undefined, at: string, by: number) {
  if (value === undefined) await trx.deleteFrom('system_param').where('key', '=', key).execute();
  else {
    await trx
      .insertInto('system_param')
      .values({ key, value, update_time: at, update_by: by })
      .onConflict((c) => c.column('key').doUpdateSet({ value, update_time: at, update_by: by }))
      .execute();
  }
  await bumpCounter(trx, 'param_version');
}

export type SystemParamsRepository = ReturnType<typeof createSystemParamsRepository>;
