import type { FieldSpec } from '@gatehouse/contract';
import { type Kysely, type OrderByModifiers, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { containsPattern } from '../../platform/db/like.js';
import { inputTakesNull } from '../../platform/entity-rows.js';
import { storedTime } from '../../platform/time.js';
import { type CrudEntity, columnOf, field, fieldsOf, type StoredRow, selectList } from './crud.model.js';

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

/** A key of a list's order: its stored column, and whether it may be empty (null). */
interface SortKey {
  readonly column: string;
  readonly nullable: boolean;
}

/** Whether a field's stored value may be empty: its answer (or its input) takes null. */
function mayBeEmpty(spec: FieldSpec): boolean {
  const answer = spec.answer as { type?: unknown; anyOf?: Array<{ type?: unknown }> } | undefined;
  return (
    answer?.type === 'null' || Boolean(answer?.anyOf?.some((member) => member.type === 'null')) || inputTakesNull(spec)
  );
}

/**
 * The order of a list or an export: the asked field (or the spec's default), then the id for a stable order, both
 * one way. A text or number is named ascending, a time newest first, unless `order` says otherwise.
 */
function ordered(target: CrudEntity, sort: string | undefined, order: 'asc' | 'desc' | undefined) {
  const name = sort ?? target.crud.sort.field;
  const named = sort ? (field(target, name).codec === 'time' ? 'desc' : 'asc') : target.crud.sort.order;
  const column = columnOf(target, name);
  const keys: SortKey[] =
    column === 'id'
      ? [{ column, nullable: false }]
      : [
          { column, nullable: mayBeEmpty(field(target, name)) },
          { column: 'id', nullable: false },
        ];
  return { keys, direction: order ?? named };
}

/**
 * A key's ORDER BY: the direction, and for a key that may be empty, empty values last ascending and first descending
 * on both engines (SQLite's default is the other way round), as the account list sorts them.
 */
const ordering = (key: SortKey, direction: 'asc' | 'desc'): OrderByModifiers =>
  key.nullable ? (ob) => (direction === 'asc' ? ob.asc().nullsLast() : ob.desc().nullsFirst()) : direction;

// biome-ignore lint/suspicious/noExplicitAny: the table is the descriptor's, not a key of the schema type
type Select = SelectQueryBuilder<any, string, StoredRow>;

/** A select ordered by `keys`. */
function orderedBy(q: Select, keys: readonly SortKey[], direction: 'asc' | 'desc'): Select {
  let out = q;
  for (const key of keys) out = out.orderBy(sql.ref(key.column), ordering(key, direction));
  return out;
}

/**
 * The rows after `values` in the keys' order (a keyset's next batch). Keys never empty compare as one row value (an
 * index on the sort column and the id serves it); a key that may be empty is spelled out, its empty values last
 * ascending (first descending), as `ordering` sorts them.
 */
function pastKeys(keys: readonly SortKey[], values: readonly unknown[], direction: 'asc' | 'desc') {
  const refs = keys.map((key) => sql.ref(key.column));
  if (!keys.some((key) => key.nullable)) {
    return sql<SqlBool>`(${sql.join(refs)}) ${sql.raw(direction === 'asc' ? '>' : '<')} (${sql.join(values)})`;
  }
  const same = (i: number) => (values[i] === null ? sql`${refs[i]} is null` : sql`${refs[i]} = ${values[i]}`);
  const beyond = (i: number) => {
    const key = keys[i] as SortKey;
    const ref = refs[i];
    const value = values[i];
    if (direction === 'asc') {
      if (value === null) return sql`1 = 0`;
      return key.nullable ? sql`(${ref} > ${value} or ${ref} is null)` : sql`${ref} > ${value}`;
    }
    return value === null ? sql`${ref} is not null` : sql`${ref} < ${value}`;
  };
  const ways = keys.map(
    (_, i) => sql`(${sql.join([...keys.slice(0, i).map((_, j) => same(j)), beyond(i)], sql` and `)})`,
  );
  return sql<SqlBool>`(${sql.join(ways, sql` or `)})`;
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
  const { keys, direction } = ordered(target, query.sort, query.order);
  const table = target.entity.table;
  const [rows, total] = await Promise.all([
    orderedBy(db.selectFrom(table).select(selectList(target)).where(filter), keys, direction)
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

/**
 * Every row under the filters in the list's order, `batch` rows a statement (an export's stream): each batch starts
 * after the previous one's last sort key and id (keyset), so the last batch costs what the first does and an export
 * of N rows reads N rows, not the N²/batch an offset skips over.
 */
export async function* rowsOf(
  db: Db,
  target: CrudEntity,
  query: ListFilters & { sort?: string; order?: 'asc' | 'desc' },
  batch = 500,
): AsyncGenerator<StoredRow> {
  const filter = where(target, query);
  const { keys, direction } = ordered(target, query.sort, query.order);
  let after: unknown[] | undefined;
  for (;;) {
    let q = db.selectFrom(target.entity.table).select(selectList(target)).where(filter);
    if (after) q = q.where(pastKeys(keys, after, direction));
    const rows: StoredRow[] = await orderedBy(q, keys, direction).limit(batch).execute();
    yield* rows;
    const last = rows[rows.length - 1];
    if (rows.length < batch || !last) return;
    after = keys.map((key) => last[key.column] ?? null);
  }
}

/** Every row, in the spec's default order then by id (a configuration bundle's export and comparison). */
export function allRowsOf(db: Db, target: CrudEntity): Promise<StoredRow[]> {
  const { keys, direction } = ordered(target, undefined, undefined);
  return orderedBy(db.selectFrom(target.entity.table).select(selectList(target)), keys, direction).execute();
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
