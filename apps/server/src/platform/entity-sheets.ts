import type { SheetColumnSpec } from '@gatehouse/contract';
import { currentLocale, LOCALES } from './i18n.js';
import type { TableColumn } from './spreadsheet.js';
import type { ImportColumn } from './spreadsheet-read.js';

/**
 * Sheets from an entity's descriptor (contract `sheetColumns`): the columns an export or a template writes, with
 * headers in the request's language, and the columns an import reads, answering to the header in every language.
 */

/** A column's header in the request's language. */
export const headerOf = (column: SheetColumnSpec): string => column.header[currentLocale()];

/** An export's column for a descriptor's sheet column, its value read from the row under the same key. */
export function tableColumn<K extends string, R extends Record<K, unknown>>(
  column: SheetColumnSpec<K>,
  extra: Partial<Pick<TableColumn<R>, 'choices'>> = {},
): TableColumn<R> {
  return {
    key: column.key,
    header: headerOf(column),
    value: (row) => row[column.key] as ReturnType<TableColumn<R>['value']>,
    width: column.width,
    ...(column.type ? { type: column.type } : {}),
    ...extra,
  };
}

/**
 * The columns an import reads: every language's header (zh-CN first), then the earlier headers it still reads;
 * `required` ones needed.
 */
export function importColumns<K extends string>(
  columns: readonly SheetColumnSpec<K>[],
  required: readonly K[],
): ImportColumn<K>[] {
  return columns.map((column) => ({
    key: column.key,
    headers: [...LOCALES.map((locale) => column.header[locale]), ...(column.aliases ?? [])],
    required: required.includes(column.key),
    readOnly: column.readOnly,
  }));
}
