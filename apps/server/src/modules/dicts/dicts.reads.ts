import { auditedFields, dictEntity, dictItemEntity, storedColumns } from '@gatehouse/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

/**
 * The reads of the dictionary tables that other modules make (the tables are this module's, owners.ts), executor
 * first.
 */

/** A dictionary's and an item's stored columns, as their descriptors declare them (the repository's select lists). */
export const DICT_COLUMNS = storedColumns(dictEntity);
export const DICT_ITEM_COLUMNS = storedColumns(dictItemEntity);

/** What the audit trail compares: the id and the descriptor's audited columns. */
const AUDITED_DICT_COLUMNS = ['id' as const, ...auditedFields(dictEntity).map(({ column }) => column)];
const AUDITED_DICT_ITEM_COLUMNS = ['id' as const, ...auditedFields(dictItemEntity).map(({ column }) => column)];

/** Every dictionary (code, name, remark), by id. */
export function allDicts(db: Kysely<DB>) {
  return db.selectFrom('dict').select(['id', 'dict_code', 'dict_name', 'remark']).orderBy('id').execute();
}

/** Every dictionary item, siblings by orderNum then id. */
export function allDictItems(db: Kysely<DB>) {
  return db.selectFrom('dict_item').selectAll().orderBy('order_num').orderBy('id').execute();
}

/** The dictionaries with these ids as the audit trail compares them. */
export function auditedDicts(db: Kysely<DB>, ids: readonly number[]) {
  return db.selectFrom('dict').select(AUDITED_DICT_COLUMNS).where('id', 'in', ids).execute();
}

/** The dictionary items with these ids as the audit trail compares them. */
export function auditedDictItems(db: Kysely<DB>, ids: readonly number[]) {
  return db.selectFrom('dict_item').select(AUDITED_DICT_ITEM_COLUMNS).where('id', 'in', ids).execute();
}

/** How many dictionaries there are. */
export async function dictCount(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('dict')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
