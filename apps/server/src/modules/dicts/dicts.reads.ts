import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

/**
 * The reads of the dictionary tables that other modules make (the tables are this module's, owners.ts), executor
 * first.
 */

/** The dictionaries with these ids as the audit trail compares them. */
export function auditedDicts(db: Kysely<DB>, ids: readonly number[]) {
  return db.selectFrom('dict').select(['id', 'dict_name', 'dict_code', 'remark']).where('id', 'in', ids).execute();
}

/** The dictionary items with these ids as the audit trail compares them. */
export function auditedDictItems(db: Kysely<DB>, ids: readonly number[]) {
  return db
    .selectFrom('dict_item')
    .select(['id', 'dict_code', 'value', 'key_value', 'pid', 'order_num', 'state', 'tag_color'])
    .where('id', 'in', ids)
    .execute();
}
