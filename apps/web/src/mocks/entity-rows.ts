import { type EntitySpec, type FieldSpec, sheetColumns, WORDS } from '@gatehouse/contract';
import { failField } from '@/mocks/errors';
import type { SortColumn } from '@/mocks/handlers/sorting';
import { requestTime } from '@/mocks/time';

/**
 * Rows from an entity's descriptor (contract entity.ts), as the server's platform/entity-rows.ts and generic engine
 * read them: a written value as kept (the mock keeps rows as answered: a flag a boolean, a time epoch milliseconds),
 * a new row's defaults, the blank and unique refusals, the list's filters, keyword and sorts, the sheet's columns.
 * The descriptor-served entities (handlers/crud.ts) are served by them whole; accounts (handlers/accounts.ts) for
 * every field they have no hook for.
 */

type AnyEntity = EntitySpec<Readonly<Record<string, FieldSpec>>>;
/** A row as the mock keeps it: field → value, as answered. */
type Row = { id: number };

const fieldsOf = (entity: AnyEntity) => Object.entries(entity.fields) as Array<[string, FieldSpec]>;
const fieldValue = (row: Row, key: string) => (row as unknown as Record<string, unknown>)[key];

/** A written value as kept (and answered), through the field's codec: a flag a boolean, a text trimmed (blank: null). */
function written(spec: FieldSpec, value: unknown): unknown {
  if (spec.codec === 'flag') return value === 1 || value === true;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  return value ?? null;
}

/**
 * A new row's answered fields as the server defaults them: a flag enabled, a time the moment of creation, a number
 * box 0, anything else null. The caller spreads what the row really has over it.
 */
export function newRow(entity: AnyEntity): Record<string, unknown> {
  const now = Date.now();
  return Object.fromEntries(
    fieldsOf(entity).flatMap(([key, spec]) =>
      spec.answer
        ? [[key, spec.codec === 'flag' ? true : spec.codec === 'time' ? now : spec.form === 'number' ? 0 : null]]
        : [],
    ),
  );
}

/**
 * The writable fields a body gives, as kept (absent ones left out: a new row takes its defaults, an edit keeps
 * them). A required field written blank is refused naming it, as the server's `validation.blank`.
 */
export function writtenFields(
  entity: AnyEntity,
  body: Record<string, unknown>,
  required: readonly string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, spec] of fieldsOf(entity)) {
    if (!spec.input || body[key] === undefined) continue;
    const value = written(spec, body[key]);
    if (value === null && required.includes(key)) failField(key, `${spec.label['zh-CN']}不能为空白`);
    out[key] = value;
  }
  return out;
}

/** As the server's `crud.taken`: a `unique` field's value another row holds is refused naming the field. */
export function refuseTaken(entity: AnyEntity, rows: readonly Row[], values: Record<string, unknown>, selfId?: number) {
  for (const [key, spec] of fieldsOf(entity)) {
    const value = values[key];
    if (!spec.unique || typeof value !== 'string') continue;
    if (rows.some((row) => row.id !== selfId && fieldValue(row, key) === value))
      failField(key, `${spec.label['zh-CN']}“${value}”已存在`);
  }
}

const includes = (value: unknown, lowered: string) =>
  typeof value === 'string' && value.toLowerCase().includes(lowered);
const startsWith = (value: unknown, term: string) => typeof value === 'string' && value.startsWith(term);

/**
 * Which rows a list's query keeps by the descriptor (a list and its export alike): `keyword` in any part of a
 * `searched` field ignoring case, and each field's `filter`: 'contains' any part ignoring case, 'prefix' the
 * beginning, 'exact' the whole value (the term trimmed), 'state' 0/1, 'range' `startTime` / `endTime` inclusive.
 */
export function listFilter(entity: AnyEntity, query: Record<string, unknown>): (row: Row) => boolean {
  const keyword = typeof query.keyword === 'string' ? query.keyword.trim().toLowerCase() : '';
  const from = query.startTime === undefined ? undefined : requestTime(query.startTime as string | number);
  const to = query.endTime === undefined ? undefined : requestTime(query.endTime as string | number);
  const tests = fieldsOf(entity).flatMap(([key, spec]): Array<(row: Row) => boolean> => {
    if (spec.filter === 'range') {
      const at = (row: Row) => fieldValue(row, key) as number;
      return [(row) => (from === undefined || at(row) >= from) && (to === undefined || at(row) <= to)];
    }
    const wanted = query[key];
    if (!spec.filter || wanted === undefined || wanted === '') return [];
    const term = String(wanted).trim();
    switch (spec.filter) {
      case 'state':
        return [(row) => fieldValue(row, key) === (wanted === 1 || wanted === true)];
      case 'exact':
        return [(row) => fieldValue(row, key) === term];
      case 'prefix':
        return [(row) => startsWith(fieldValue(row, key), term)];
      default:
        return [(row) => includes(fieldValue(row, key), term.toLowerCase())];
    }
  });
  const searched = fieldsOf(entity).flatMap(([key, spec]) => (spec.searched ? [key] : []));
  return (row) =>
    (!keyword || searched.some((key) => includes(fieldValue(row, key), keyword))) && tests.every((test) => test(row));
}

/** The columns a list sorts by (`sortable`), for sortRows: a time newest first unless `order` says otherwise. */
export function sortColumns<R extends Row>(entity: AnyEntity): Record<string, SortColumn<R>> {
  return Object.fromEntries(
    fieldsOf(entity).flatMap(([key, spec]) =>
      spec.sortable
        ? [[key, { value: (row: R) => fieldValue(row, key) as string | number | null, time: spec.codec === 'time' }]]
        : [],
    ),
  );
}

/**
 * The export's columns from the descriptor's sheet columns (contract `sheetColumns`), in their order, headed by
 * their zh-CN labels: a flag as 启用/禁用, a time as a date cell, anything else as kept. `own` gives the value of a
 * column written another way (its sheet key: an organisation's path, a role's name).
 */
export function sheetExportColumns<R extends Row>(
  entity: AnyEntity,
  own: Readonly<Record<string, (row: R) => unknown>> = {},
): Array<[key: string, header: string, value: (row: R) => unknown]> {
  // sheetColumns derives one column per field with a sheet, in declaration order.
  const fields = fieldsOf(entity).filter(([, spec]) => spec.sheet);
  return sheetColumns(entity).map((column, index) => {
    const [key, spec] = fields[index] as [string, FieldSpec];
    const cell =
      own[column.key] ??
      ((row: R) => {
        const value = fieldValue(row, key);
        if (spec.codec === 'flag') return value ? WORDS['zh-CN'].enabled : WORDS['zh-CN'].disabled;
        if (spec.codec === 'time') return new Date(value as number);
        return value;
      });
    return [column.key, column.header['zh-CN'], cell];
  });
}

/** A row's answered fields, each the descriptor answers (null when the row holds none). */
export function answeredFields(entity: AnyEntity, row: Row): Record<string, unknown> {
  return Object.fromEntries(
    fieldsOf(entity).flatMap(([key, spec]) => (spec.answer ? [[key, fieldValue(row, key) ?? null]] : [])),
  );
}
