import { type Kysely, type SqlBool, sql } from 'kysely';
import { containsPattern } from '../../platform/db/like.js';
import { storedTime } from '../../platform/time.js';
import { type CrudEntity, columnOf, fieldsOf, type StoredRow, selectList } from './crud.model.js';

// The generic engine's statements: the tables of the entities in the contract's CRUD_ENTITIES are owned by this
// module (platform/db/owners.ts), and their names come from the descriptors, so no statement here names a table.

// biome-ignore lint/suspicious/noExplicitAny: the table is the descriptor's, not a key of the schema type
type Db = Kysely<any>;

/** The list's filters as the route's query gives them (field key → value; startTime/endTime for a range). */
export type ListFilters = Record<string, unknown>;

/** The WHERE of a list or an export: every filter the descriptor declares, and the keyword over the searched fields. */
function where(target: CrudEntity, filters: ListFilters) {
  const parts: Array<ReturnType<typeof sql<SqlBool>>> = [];
  const keyword = typeof filters.keyword === 'string' ? filters.keyword.trim() : '';
  if (keyword) {
    const searched = fieldsOf(target).filter(([, spec]) => spec.searched && spec.column);
    const pattern = containsPattern(keyword.toLowerCase());
    parts.push(
      sql<SqlBool>`(${sql.join(
        searched.map(([key]) => sql`lower(${sql.ref(columnOf(target, key))}) like ${pattern} escape '\\'`),
        sql` or `,
      )})`,
    );
  }
  for (const [key, spec] of fieldsOf(target)) {
    if (!spec.filter || !spec.column) continue;
    const column = sql.ref(spec.column);
    if (spec.filter === 'range') {
      if (filters.startTime !== undefined)
        parts.push(sql<SqlBool>`${column} >= ${storedTime(filters.startTime as string | number)}`);
      if (filters.endTime !== undefined)
        parts.push(sql<SqlBool>`${column} <= ${storedTime(filters.endTime as string | number)}`);
      continue;
    }
    const value = filters[key];
    if (value === undefined || value === '') continue;
    if (spec.filter === 'state') parts.push(sql<SqlBool>`${column} = ${value === 1 || value === true ? 1 : 0}`);
    else if (spec.filter === 'exact') parts.push(sql<SqlBool>`${column} = ${String(value).trim()}`);
    else {
      const pattern = containsPattern(String(value).trim().toLowerCase());
      parts.push(sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`);
    }
  }
  return parts.length ? sql<SqlBool>`${sql.join(parts, sql` and `)}` : sql<SqlBool>`1 = 1`;
}

/** The ORDER BY of a list: the asked field (or the spec's default), then the id for a stable order. */
function ordered(target: CrudEntity, sort: string | undefined, order: 'asc' | 'desc' | undefined) {
  const field = sort ?? target.crud.sort.field;
  // As every list sorts: a named text or number ascending, a time newest first, unless `order` says otherwise.
  const named = sort ? (target.entity.fields[sort]?.codec === 'time' ? 'desc' : 'asc') : target.crud.sort.order;
  const direction = order ?? named;
  return { column: columnOf(target, field), direction, idDirection: direction };
}

/** One page of rows and the number of rows under the filters. */
export async function pageOf(
  db: Db,
  target: CrudEntity,
  query: ListFilters & { sort?: string; order?: 'asc' | 'desc' },
  offset: number,
  limit: number,
): Promise<{ rows: StoredRow[]; total: number }> {
  const filter = where(target, query);
  const { column, direction, idDirection } = ordered(target, query.sort, query.order);
  const table = target.entity.table;
  const [rows, total] = await Promise.all([
    db
      .selectFrom(table)
      .select(selectList(target))
      .where(filter)
      .orderBy(column, direction)
      .orderBy('id', idDirection)
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where(filter)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Every row under the filters and sort, read `batch` rows at a time by keyset-free paging (an export's stream). */
export async function* rowsOf(
  db: Db,
  target: CrudEntity,
  query: ListFilters & { sort?: string; order?: 'asc' | 'desc' },
  batch = 500,
): AsyncGenerator<StoredRow> {
  for (let offset = 0; ; offset += batch) {
    const { rows } = await pageOf(db, target, query, offset, batch);
    yield* rows;
    if (rows.length < batch) return;
  }
}

/** Every row, in the spec's default order then by id (a configuration bundle's export and comparison). */
export function allRowsOf(db: Db, target: CrudEntity): Promise<StoredRow[]> {
  const { column, direction } = ordered(target, undefined, undefined);
  return db
    .selectFrom(target.entity.table)
    .select(selectList(target))
    .orderBy(column, direction)
    .orderBy('id', direction)
    .execute();
}

/** The rows with these ids (at most a bulk action's). */
export function rowsByIds(db: Db, target: CrudEntity, ids: readonly number[]): Promise<StoredRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom(target.entity.table).select(selectList(target)).where('id', 'in', ids).execute();
}

/**
 * The rows holding any of `values` in a stored column, each as its id and that value (a unique field's check: an
 * import binds a batch of values a statement, a single write one).
 */
export function holdersOf(
  db: Db,
  target: CrudEntity,
  column: string,
  values: readonly (string | number)[],
): Promise<Array<{ id: number; value: unknown }>> {
  if (values.length === 0) return Promise.resolve([]);
  return db
    .selectFrom(target.entity.table)
    .select(['id', sql.ref(column).as('value')])
    .where(sql.ref(column), 'in', values)
    .execute();
}

export async function insertRow(db: Db, target: CrudEntity, row: StoredRow): Promise<number> {
  const { id } = await db.insertInto(target.entity.table).values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

export async function updateRow(db: Db, target: CrudEntity, id: number, changes: StoredRow): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable(target.entity.table).set(changes).where('id', '=', id).execute();
}

/** Inserts rows of the same columns in one statement (an import's batch). */
export async function insertRows(db: Db, target: CrudEntity, rows: readonly StoredRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto(target.entity.table).values(rows).execute();
}

/** Sets the same values on the rows with these ids, in one statement. */
export async function updateRows(
  db: Db,
  target: CrudEntity,
  ids: readonly number[],
  changes: StoredRow,
): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable(target.entity.table).set(changes).where('id', 'in', ids).execute();
}

export async function deleteRows(db: Db, target: CrudEntity, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom(target.entity.table).where('id', 'in', ids).execute();
}
