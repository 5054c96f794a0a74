import { orgEntity, storedColumns } from '@gatehouse/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

/**
 * The reads of the organisation table that other modules make (the table is this module's, owners.ts). Each takes
 * the executor first: the pool, or the caller's transaction when one write spans modules.
 */

/** The organisation's stored columns, as its descriptor declares them. */
export const ORG_COLUMNS = storedColumns(orgEntity);

/** An organisation's name and whether it is enabled (状态 1); undefined when there is none. */
export function orgStanding(db: Kysely<DB>, id: number): Promise<{ name: string; state: number } | undefined> {
  return db.selectFrom('org').select(['name', 'state']).where('id', '=', id).executeTakeFirst();
}

/** Whether the organisation exists. */
export async function orgExists(db: Kysely<DB>, id: number): Promise<boolean> {
  return (await db.selectFrom('org').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** The disabled (停用) organisations with their names: nothing new goes under them. */
export async function disabledOrgs(db: Kysely<DB>): Promise<ReadonlyMap<number, string>> {
  const rows = await db.selectFrom('org').select(['id', 'name']).where('state', '<>', 1).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The organisation tree as ids, parents and names (sheets name organisations by their path). */
export function orgNodes(db: Kysely<DB>): Promise<Array<{ id: number; pid: number | null; name: string }>> {
  return db.selectFrom('org').select(['id', 'pid', 'name']).execute();
}

/** The first root organisation (by id); undefined when there is none. */
export async function firstRootOrgId(db: Kysely<DB>): Promise<number | undefined> {
  const row = await db.selectFrom('org').select('id').where('pid', 'is', null).orderBy('id').executeTakeFirst();
  return row?.id;
}

/** The organisations with these ids as the audit trail compares them (every stored field). */
export function auditedOrgs(db: Kysely<DB>, ids: readonly number[]) {
  return db.selectFrom('org').select(ORG_COLUMNS).where('id', 'in', ids).execute();
}

/** Which of these organisation ids exist. */
export async function existingOrgIds(db: Kysely<DB>, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom('org').select('id').where('id', 'in', ids).execute()).map((row) => row.id);
}
