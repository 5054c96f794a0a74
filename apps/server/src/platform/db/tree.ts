import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from './schema.js';

/** Tables that are adjacency-list trees on `pid` (DESIGN.md §5). */
export type TreeTable = 'org' | 'resource' | 'dict_item';

/** SQL for the ids of `rootId` and everything below it (a recursive CTE both dialects run). */
export function subtreeIdsSql(table: TreeTable, rootId: number): RawBuilder<{ id: number }> {
  const t = sql.table(table);
  return sql<{ id: number }>`with recursive sub(id) as (
    select id from ${t} where id = ${rootId}
    union all
    select child.id from ${t} child join sub on child.pid = sub.id
  ) select id from sub`;
}

/** True when `candidateId` is `rootId` or one of its descendants: moving rootId under it would make a cycle. */
export async function isInSubtree(db: Kysely<DB>, table: TreeTable, rootId: number, candidateId: number) {
  const { rows } = await sql<{
    id: number;
  }>`select id from (${subtreeIdsSql(table, rootId)}) s where id = ${candidateId}`.execute(db);
  return rows.length > 0;
}

export async function countChildren(db: Kysely<DB>, table: TreeTable, id: number): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('pid', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
