import { CRUD_ENTITIES } from '@gatehouse/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { type CrudEntity, type StoredRow, selectList } from './crud.model.js';
import { rowsByIds } from './crud.repository.js';

/** The generic entities by name (contract cruds.ts). */
export const crudEntities: ReadonlyMap<string, CrudEntity> = new Map(
  CRUD_ENTITIES.map((target) => [target.entity.name, target as unknown as CrudEntity]),
);

/** The rows of a generic entity with these ids, as stored (the audit trail's snapshots). */
export function auditedCrudRows(db: Kysely<DB>, name: string, ids: readonly number[]): Promise<StoredRow[]> {
  const target = crudEntities.get(name);
  if (!target) return Promise.resolve([]);
  return rowsByIds(db, target, ids);
}

/** The rows of a generic entity with these ids, as stored (a referring module's checks of the ids it is given). */
export function crudRows(db: Kysely<DB>, name: string, ids: readonly number[]): Promise<StoredRow[]> {
  return auditedCrudRows(db, name, ids);
}

/**
 * A generic entity's rows (its stored columns) as a sub-query, for a referring module's statement that joins them
 * to its own table (one statement, each module naming its own table).
 */
export function crudRowsQuery(db: Kysely<DB>, name: string) {
  const target = crudEntities.get(name);
  if (!target) throw new Error(`no generic entity ${name}`);
  // biome-ignore lint/suspicious/noExplicitAny: the table is the descriptor's, not a key of the schema type
  return (db as Kysely<any>).selectFrom(target.entity.table).select(selectList(target));
}
