import { CRUD_ENTITIES } from '@gatehouse/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import type { CrudEntity, StoredRow } from './crud.model.js';
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
