import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

/**
 * The reads of the resource table that other modules make (the table is this module's, owners.ts), executor first.
 */

/** Every resource, by parent, order and id (the tree's own order). */
export function allResources(db: Kysely<DB>) {
  return db.selectFrom('resource').selectAll().orderBy('pid').orderBy('order_num').orderBy('id').execute();
}

/** The resources with these ids as the audit trail compares them. */
export function auditedResources(db: Kysely<DB>, ids: readonly number[]) {
  return db
    .selectFrom('resource')
    .select(['id', 'pid', 'name', 'type', 'route', 'method', 'url', 'remark', 'order_num'])
    .where('id', 'in', ids)
    .execute();
}

/** The names of the resources with these ids. */
export function resourcesByIds(db: Kysely<DB>, ids: readonly number[]) {
  return db.selectFrom('resource').select(['id', 'name']).where('id', 'in', ids).execute();
}

/** Every resource's name by id, in id order. */
export function resourceNames(db: Kysely<DB>) {
  return db.selectFrom('resource').select(['id', 'name']).orderBy('id').execute();
}

/** Every resource's id, in order. */
export function allResourceIds(db: Kysely<DB>) {
  return db.selectFrom('resource').select('id').orderBy('id').execute();
}
