import { orgEntity, storedColumns } from '@gatehouse/contract';
import { type Kysely, sql } from 'kysely';
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

/** Every organisation's place and identity (parent, name, full name, code, region), by id. */
export function allOrgs(db: Kysely<DB>) {
  return db
    .selectFrom('org')
    .select(['id', 'pid', 'name', 'full_name', 'org_code', 'region_id'])
    .orderBy('id')
    .execute();
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

/** The ids of `rootIds` and everything below them (one recursive query for all). */
export async function orgSubtrees(db: Kysely<DB>, rootIds: readonly number[]): Promise<number[]> {
  if (rootIds.length === 0) return [];
  const { rows } = await sql<{ id: number }>`with recursive sub(id) as (
    select id from org where id in (${sql.join(rootIds)})
    union
    select child.id from org child join sub on child.pid = sub.id
  ) select id from sub`.execute(db);
  return rows.map((row) => row.id);
}

/** The ancestors of `ids` (not `ids` themselves unless one is another's ancestor): the path down to them. */
export async function orgAncestors(db: Kysely<DB>, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ id: number }>`with recursive up(id) as (
    select pid from org where id in (${sql.join(ids)}) and pid is not null
    union
    select org.pid from org join up on org.id = up.id where org.pid is not null
  ) select id from up`.execute(db);
  return rows.map((row) => row.id);
}

/** An organisation's parent: null for a root, undefined when there is no such organisation. */
export async function orgParent(db: Kysely<DB>, orgId: number): Promise<number | null | undefined> {
  const row = await db.selectFrom('org').select('pid').where('id', '=', orgId).executeTakeFirst();
  return row?.pid;
}

/** The parents of these organisations (which organisations have one of them as a child). */
export async function orgParentsOf(db: Kysely<DB>, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('org')
    .select('pid')
    .distinct()
    .where('id', 'in', ids)
    .where('pid', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.pid === null ? [] : [row.pid]));
}

/** How many organisations there are. */
export async function orgCount(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('org')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Organisation names by id. */
export async function orgNames(db: Kysely<DB>, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('org').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Organisation names and parents by id (a seeded name is answered by its place: orgNameOf). */
export async function orgNamesAndParents(
  db: Kysely<DB>,
  ids: readonly number[],
): Promise<Map<number, { name: string; pid: number | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('org').select(['id', 'name', 'pid']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, { name: row.name, pid: row.pid }]));
}
