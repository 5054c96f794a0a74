import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

/**
 * The reads of the resource table that other modules make (the table is this module's, owners.ts), executor first.
 */

/** The resources with these ids as the audit trail compares them. */
export function auditedResources(db: Kysely<DB>, ids: readonly number[]) {
  return db
    .selectFrom('resource')
    .select(['id', 'pid', 'name', 'type', 'route', 'method', 'url', 'remark', 'order_num'])
    .where('id', 'in', ids)
    .execute();
}
