/**
 * Server-side sorting as the server does it (contract `sortQuery`): `sort` names a column, `order` defaults to asc
 * for text and desc for times, and rows of equal value are ordered by id in the same direction, so pages never
 * repeat or skip a row. A row without a value (null) sorts as PostgreSQL sorts it: after every value ascending,
 * before them descending.
 */
export interface SortColumn<T> {
  value(row: T): string | number | null;
  /** A time column: descending unless `order` says otherwise. */
  time?: boolean;
}

const compare = (a: string | number | null, b: string | number | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : a > b ? 1 : 0;

/** `rows` sorted by the query's column, or unchanged (the list's default order) when `sort` is absent. */
export function sortRows<T extends { id: number | string }>(
  rows: T[],
  query: { sort?: string; order?: 'asc' | 'desc' },
  columns: Record<string, SortColumn<T>>,
): T[] {
  const column = query.sort === undefined ? undefined : columns[query.sort];
  if (!column) return rows;
  const direction = (query.order ?? (column.time ? 'desc' : 'asc')) === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => direction * (compare(column.value(a), column.value(b)) || compare(a.id, b.id)));
}

/** Each id in turn: done when `act` answers nothing, refused with the message it answers. */
export function perRow<I>(ids: readonly I[], reason: (id: I) => string | null) {
  const done: I[] = [];
  const refused: Array<{ id: I; message: string }> = [];
  for (const id of ids) {
    const message = reason(id);
    if (message === null) done.push(id);
    else refused.push({ id, message });
  }
  return { done, refused };
}
