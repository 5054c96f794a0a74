import type { EntitySpec, FieldSpec, Label, SheetColumnSpec } from '@gatehouse/contract';
import { inputTakesNull } from './entity-rows.js';
import { currentLocale, LOCALES, t } from './i18n.js';
import type { CellValue, TableColumn } from './spreadsheet.js';
import { type ImportColumn, stateFromWord } from './spreadsheet-read.js';

/**
 * Sheets from an entity's descriptor (contract `sheetColumns`): the columns an export or a template writes, with
 * headers in the request's language, and the columns an import reads, answering to the header in every language.
 */

/** A column's header in the request's language. */
export const headerOf = (column: SheetColumnSpec): string => column.header[currentLocale()];

/**
 * An export's column for a descriptor's sheet column, its value read from the row under the same key (or as `extra`
 * says, when the row holds it otherwise).
 */
export function tableColumn<K extends string, R extends Record<K, unknown>>(
  column: SheetColumnSpec<K>,
  extra: Partial<Pick<TableColumn<R>, 'choices' | 'value'>> = {},
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

// A field without a module's own hook, served by its descriptor in a sheet: written by its codec, read back into the
// value a write body gives it, its unique values checked in the file and against the table.

/** A stored value as a sheet writes it: a flag as its word (启用/禁用), anything else as stored (a time: a date cell). */
export function sheetValue(spec: FieldSpec, value: unknown): CellValue {
  if (spec.codec === 'flag') return t(value === 1 || value === true ? 'sheet.state.enabled' : 'sheet.state.disabled');
  return (value ?? null) as CellValue;
}

/** A template's drop-down for a field, by its codec: a flag's two words; none for the others. */
export function codecChoices(spec: FieldSpec): string[] | undefined {
  return spec.codec === 'flag' ? [t('sheet.state.enabled'), t('sheet.state.disabled')] : undefined;
}

/**
 * A cell as the value a write body gives the field (the body's schema judges it then): the text trimmed; a flag's
 * word (启用/禁用, as `stateFromWord` reads them) as 1/0; a number column's digits as a number. A blank cell is null
 * for a field that takes null, 启用 for a flag, else the empty text. `refused`: a flag's word it does not know, the
 * message naming the field.
 */
export function cellInput(spec: FieldSpec, cell: string): { value: unknown } | { refused: string } {
  const text = cell.trim();
  if (spec.codec === 'flag') {
    if (text === '') return { value: 1 };
    const word = stateFromWord(text);
    return word === undefined ? { refused: t('import.flag', { field: spec.label[currentLocale()] }) } : { value: word };
  }
  if (text === '') return { value: inputTakesNull(spec) ? null : '' };
  if (spec.sheet?.type === 'number' && /^-?\d+$/.test(text)) return { value: Number(text) };
  return { value: text };
}

/** A unique field a sheet writes: the field's key, its sheet column's key, its stored column and its label. */
export interface SheetUnique {
  readonly key: string;
  readonly sheetKey: string;
  readonly column: string;
  readonly label: Label;
}

/** The stored unique fields an import writes, but those the module checks itself (`hooked`: field keys). */
export function sheetUniqueFields(
  entity: EntitySpec<Readonly<Record<string, FieldSpec>>>,
  hooked: readonly string[],
): SheetUnique[] {
  return Object.entries(entity.fields).flatMap(([key, spec]) =>
    spec.unique && spec.column && spec.input && spec.sheet && !spec.sheet.readOnly && !hooked.includes(key)
      ? [{ key, sheetKey: spec.sheet.key ?? key, column: spec.column, label: spec.label }]
      : [],
  );
}

/** Whether a value is one a unique check looks at (a blank or null holds nothing). */
const held = (value: unknown): value is string | number =>
  (typeof value === 'string' && value !== '') || typeof value === 'number';

/** The refusal of a unique value a row before it in the file gave: it names the field, the value and that row. */
export function repeatedInFile(field: SheetUnique, value: unknown, row: number): string {
  return t('import.duplicateValue', { field: field.label[currentLocale()], value: String(value), row });
}

/** The refusal of a unique value another row of the table holds, as a single write's refusal says it. */
export function takenInTable(field: SheetUnique, value: unknown): string {
  return t('crud.taken', { field: field.label[currentLocale()], value: String(value) });
}

/** Each unique field's values, by field key: the value (as text) → the id of the stored row holding it. */
export type UniqueHolders = ReadonlyMap<string, ReadonlyMap<string, number>>;

/**
 * The stored rows holding the unique values `rows` give, read `batch` values a statement (never one per row):
 * `holders` reads the rows of the table holding any of `values` in `column` (the owning module's statement).
 */
export async function uniqueHolders<R>(
  fields: readonly SheetUnique[],
  rows: readonly R[],
  fieldValue: (row: R, key: string) => unknown,
  holders: (
    column: string,
    values: readonly (string | number)[],
  ) => Promise<ReadonlyArray<{ id: number; value: unknown }>>,
  batch = 500,
): Promise<UniqueHolders> {
  const out = new Map<string, Map<string, number>>();
  for (const field of fields) {
    const values = [...new Set(rows.map((row) => fieldValue(row, field.key)).filter(held))];
    const found = new Map<string, number>();
    for (let i = 0; i < values.length; i += batch) {
      for (const holder of await holders(field.column, values.slice(i, i + batch))) {
        found.set(String(holder.value), holder.id);
      }
    }
    out.set(field.key, found);
  }
  return out;
}

/** A row's unique values another stored row holds (any but `ownId`, the row it updates): each refused naming its field. */
export function uniqueClashes(
  fields: readonly SheetUnique[],
  holders: UniqueHolders,
  fieldValue: (key: string) => unknown,
  ownId: number | undefined,
): Array<{ field: SheetUnique; message: string }> {
  return fields.flatMap((field) => {
    const value = fieldValue(field.key);
    if (!held(value)) return [];
    const holder = holders.get(field.key)?.get(String(value));
    return holder !== undefined && holder !== ownId ? [{ field, message: takenInTable(field, value) }] : [];
  });
}

/** A row's unique values as keys for a file's duplicate check (the field's key with the value). */
export function uniqueKeys(
  fields: readonly SheetUnique[],
  fieldValue: (key: string) => unknown,
): Array<{ field: SheetUnique; value: string | number; key: string }> {
  return fields.flatMap((field) => {
    const value = fieldValue(field.key);
    return held(value) ? [{ field, value, key: `${field.key}\u0000${String(value)}` }] : [];
  });
}
