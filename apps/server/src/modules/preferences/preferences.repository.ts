import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/database.js';
import type { DB } from '../../platform/db/schema.js';
import { lockAccount } from '../accounts/accounts.reads.js';

export function createPreferencesRepository(db: Kysely<DB>, dialect: Dialect) {
  return {
    /** The JSON text stored under `key` for the account, or undefined. */
    async find(accountId: number, key: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('account_preference')
        .select('value')
        .where('account_id', '=', accountId)
        .where('pref_key', '=', key)
        .executeTakeFirst();
      return row?.value;
    },

    /**
     * Serialises the writes of one account's preferences (the key count is checked before an insert): on
     * PostgreSQL the account row is locked for the transaction; SQLite's write transactions are serial already.
     * Answers whether the account exists.
     */
    async lockAccount(accountId: number): Promise<boolean> {
      return lockAccount(db, accountId, dialect);
    },

    /** How many keys the account stores besides `exceptKey`. */
    async countOthers(accountId: number, exceptKey: string): Promise<number> {
      const row = await db
        .selectFrom('account_preference')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('account_id', '=', accountId)
        .where('pref_key', '!=', exceptKey)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async upsert(accountId: number, key: string, value: string, now: string): Promise<void> {
      await db
        .insertInto('account_preference')
        .values({ account_id: accountId, pref_key: key, value, update_time: now })
        .onConflict((oc) => oc.columns(['account_id', 'pref_key']).doUpdateSet({ value, update_time: now }))
        .execute();
    },

    async delete(accountId: number, key: string): Promise<void> {
      await db
        .deleteFrom('account_preference')
        .where('account_id', '=', accountId)
        .where('pref_key', '=', key)
        .execute();
    },
  };
}

export type PreferencesRepository = ReturnType<typeof createPreferencesRepository>;
