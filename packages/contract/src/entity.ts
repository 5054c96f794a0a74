import { type TSchema, Type } from 'typebox';
import { TimeInput } from './common.js';

/**
 * Entity descriptors: one declaration per managed entity names each of its fields once (docs/adr/0041). The
 * contract's schemas, the server's select lists, row mapping, sheets and audit snapshots, and the web's columns,
 * labels and form rules are derived from it instead of being written again in each place.
 */

export type Locale = 'zh-CN' | 'en-US';
export type Label = Readonly<Record<Locale, string>>;

/** How a field is written in and read back from a spreadsheet (export, import template, import). */
export interface SheetSpec {
  /** Column width in characters. */
  readonly width: number;
  /** Cell kind: a number, a date cell, or text (the default). */
  readonly type?: 'number' | 'date';
  /** In the import template (a column a sheet may write). Default: true unless `readOnly`. */
  readonly template?: boolean;
  /** Read back but never applied by an import (shown in the preview only). */
  readonly readOnly?: boolean;
  /** The column's key, when the sheet writes the field another way (a parent by its path, a region by its name). */
  readonly key?: string;
  /** The header, when the sheet names the column otherwise than the field's label. */
  readonly label?: Label;
  /** Headers sheets of earlier releases wrote for the column (before a rename): an import still reads them. */
  readonly aliases?: readonly string[];
}

/** How the web lists a field. */
export interface ListSpec {
  readonly width?: number;
  /** Left out of the default columns (the column settings bring it back). */
  readonly hidden?: boolean;
}

/**
 * How a list filters by a field (a query parameter of the list and of its export):
 * - 'contains': any part of the text, ignoring case (the parameter is the field's key);
 * - 'prefix': the text's beginning (the field's key);
 * - 'exact': the whole value (the field's key);
 * - 'state': 0/1 (the field's key);
 * - 'range': a time between `startTime` and `endTime` (inclusive; epoch milliseconds or ISO 8601).
 */
export type FilterKind = 'contains' | 'prefix' | 'exact' | 'state' | 'range';

/** The form control a dialog edits a field with. */
export type FormControl = 'text' | 'textarea' | 'number' | 'switch';

/**
 * How a stored value becomes the answered one:
 * - 'flag': stored 0/1, answered as a boolean; written as 0/1 or a boolean (the contract's `StateInput`);
 * - 'time': stored as ISO 8601 text, answered as epoch milliseconds; set by the server when the row is created.
 */
export type Codec = 'flag' | 'time';

export interface FieldSpec {
  /** The stored column; absent for a field the server derives (not stored as such). */
  readonly column?: string;
  readonly label: Label;
  /** The field as answered; absent: stored but not answered (a dictionary's creation time). */
  readonly answer?: TSchema;
  /** What a write body takes (limits, pattern; the title is the zh-CN label); absent: not writable. */
  readonly input?: TSchema;
  /** In spreadsheets, under this column key. */
  readonly sheet?: SheetSpec;
  readonly list?: ListSpec;
  /** Compared in the audit trail's before/after (by its stored column). */
  readonly audited?: boolean;
  /** Masked in the audit trail and the logs (a secret); a declared field is shown otherwise, whatever its name. */
  readonly masked?: boolean;
  /** The stored value's conversion (absent: answered as stored). */
  readonly codec?: Codec;
  /** A list filter (and the export's) on the field. */
  readonly filter?: FilterKind;
  /** Matched by the list's `keyword` (any part, ignoring case). */
  readonly searched?: boolean;
  /** A list may sort by it (`sort=<key>`). */
  readonly sortable?: boolean;
  /** No two rows hold the same value (a duplicate is refused naming the field; an import's rows are keyed by it). */
  readonly unique?: boolean;
  /** The dialog's control (absent: a text box for a writable text, a number box for a number). */
  readonly form?: FormControl;
}

export interface EntitySpec<F extends Readonly<Record<string, FieldSpec>>, N extends string = string> {
  /** The entity's name (the audit trail's entity kind, a configuration bundle's section and kind of change). */
  readonly name: N;
  /** Its table. */
  readonly table: string;
  readonly fields: F;
  /**
   * The table's other columns, which are no field: kept by the owning module's own code (a credential, bookkeeping
   * flags) and never served generically. With the fields' columns they are the whole table (a test holds them to it).
   */
  readonly ownColumns?: readonly string[];
}

/** Declares an entity; the identity function keeps the literal name and field names for the derivations' types. */
export function defineEntity<const F extends Readonly<Record<string, FieldSpec>>, const N extends string>(
  spec: EntitySpec<F, N>,
): EntitySpec<F, N> {
  return spec;
}

export type Fields<E> = E extends EntitySpec<infer F> ? F : never;
type StoredKey<F> = { [K in keyof F]: F[K] extends { column: string } ? K : never }[keyof F];
type StoredColumn<F> = F[StoredKey<F>] extends { column: infer C extends string } ? C : never;
type InputKey<F> = { [K in keyof F]: F[K] extends { input: TSchema } ? K : never }[keyof F];
type AnswerKey<F> = { [K in keyof F]: F[K] extends { answer: TSchema } ? K : never }[keyof F];

/** The answered properties of the entity's fields (the contract's entity schema spreads them). */
export function answerProperties<E extends EntitySpec<Readonly<Record<string, FieldSpec>>>>(entity: E) {
  return Object.fromEntries(
    Object.entries(entity.fields).flatMap(([key, field]) => (field.answer ? [[key, field.answer]] : [])),
  ) as AnswerProps<Fields<E>>;
}

/** The answered properties' schemas of fields `F`. */
export type AnswerProps<F> = {
  [K in AnswerKey<F>]: F[K] extends { answer: infer S extends TSchema } ? S : never;
};

/** The write body's properties' schemas of fields `F`: those in `R` required, the others optional. */
export type InputProps<F, R> = {
  [K in InputKey<F>]: K extends R
    ? F[K] extends { input: infer S extends TSchema }
      ? S
      : never
    : F[K] extends { input: infer S extends TSchema }
      ? ReturnType<typeof Type.Optional<S>>
      : never;
};

/**
 * The write body's properties: each writable field, optional unless listed in `required`, its input titled with the
 * zh-CN label (validation messages name the field by it).
 */
export function inputProperties<
  E extends EntitySpec<Readonly<Record<string, FieldSpec>>>,
  R extends InputKey<Fields<E>> = never,
>(entity: E, required: readonly R[] = []) {
  const entries = Object.entries(entity.fields).flatMap(([key, field]) => {
    if (!field.input) return [];
    const titled = withTitle(field.input, field.label['zh-CN']);
    return [[key, required.includes(key as R) ? titled : Type.Optional(titled)]];
  });
  return Object.fromEntries(entries) as InputProps<Fields<E>, R>;
}

/** A copy of a schema with a title (TypeBox keeps its own marks as non-enumerable properties: copied too). */
function withTitle(schema: TSchema, title: string): TSchema {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(schema)) as TSchema & {
    title?: string;
    anyOf?: TSchema[];
  };
  copy.title = title;
  // A member of a union (a text or null) names the field too: a validation error points at the member.
  if (Array.isArray(copy.anyOf)) {
    copy.anyOf = copy.anyOf.map((member) =>
      (member as { title?: string }).title || (member as { type?: string }).type === 'null'
        ? member
        : withTitle(member, title),
    );
  }
  return copy;
}

/** The stored columns, in declaration order (the repository's select list). */
export function storedColumns<E extends EntitySpec<Readonly<Record<string, FieldSpec>>>>(entity: E) {
  return Object.values(entity.fields).flatMap((field) => (field.column ? [field.column] : [])) as Array<
    StoredColumn<Fields<E>>
  >;
}

/** A field's label in a language. */
export function labelOf<E extends EntitySpec<Readonly<Record<string, FieldSpec>>>>(
  entity: E,
  key: keyof Fields<E> & string,
  locale: Locale,
): string {
  return (entity.fields[key] as FieldSpec).label[locale];
}

/** The sheet columns' keys: a field's own, or the one its sheet spec names. */
export type SheetKey<F> = {
  [K in keyof F]: F[K] extends { sheet: infer S }
    ? S extends { key: infer C extends string }
      ? C
      : K & string
    : never;
}[keyof F];

/** A sheet column as derived from a field: its key, header in each language, width and kind. */
export interface SheetColumnSpec<K extends string = string> {
  readonly key: K;
  readonly header: Label;
  readonly width: number;
  readonly type?: 'number' | 'date';
  readonly template: boolean;
  readonly readOnly: boolean;
  /** Earlier headers an import still reads. */
  readonly aliases?: readonly string[];
}

/** The entity's sheet columns, in declaration order. */
export function sheetColumns<E extends EntitySpec<Readonly<Record<string, FieldSpec>>>>(
  entity: E,
): SheetColumnSpec<SheetKey<Fields<E>>>[] {
  return Object.entries(entity.fields).flatMap(([key, field]): SheetColumnSpec<SheetKey<Fields<E>>>[] => {
    const sheet = field.sheet;
    if (!sheet) return [];
    return [
      {
        key: (sheet.key ?? key) as SheetKey<Fields<E>>,
        header: sheet.label ?? field.label,
        width: sheet.width,
        ...(sheet.type ? { type: sheet.type } : {}),
        template: sheet.template ?? !sheet.readOnly,
        readOnly: sheet.readOnly ?? false,
        ...(sheet.aliases ? { aliases: sheet.aliases } : {}),
      },
    ];
  });
}

/** The audited fields: the key the trail shows and the stored column it compares. */
export function auditedFields<E extends EntitySpec<Readonly<Record<string, FieldSpec>>>>(entity: E) {
  return Object.entries(entity.fields).flatMap(([key, field]) =>
    field.audited && field.column ? [{ key, column: field.column as StoredColumn<Fields<E>> }] : [],
  );
}

type SortableKey<F> = { [K in keyof F]: F[K] extends { sortable: true } ? K & string : never }[keyof F];

/** The fields a list may sort by, in declaration order. */
export function sortableKeys<E extends EntitySpec<Readonly<Record<string, FieldSpec>>>>(entity: E) {
  return Object.entries(entity.fields).flatMap(([key, field]) => (field.sortable ? [key] : [])) as Array<
    SortableKey<Fields<E>>
  >;
}

/** The sheet columns' keys, in declaration order. */
export function sheetKeys<E extends EntitySpec<Readonly<Record<string, FieldSpec>>>>(entity: E) {
  return sheetColumns(entity).map((column) => column.key);
}

type TextFilterKey<F> = {
  [K in keyof F]: F[K] extends { filter: 'contains' | 'prefix' | 'exact' } ? K : never;
}[keyof F];
type StateFilterKey<F> = { [K in keyof F]: F[K] extends { filter: 'state' } ? K : never }[keyof F];
type RangeFilterKey<F> = { [K in keyof F]: F[K] extends { filter: 'range' } ? K : never }[keyof F];
type Optional<S extends TSchema> = ReturnType<typeof Type.Optional<S>>;

/** The list query's filter parameters the fields declare (FilterKind), typed. */
export type FilterProps<F> = { [K in TextFilterKey<F>]: Optional<ReturnType<typeof Type.String>> } & {
  [K in StateFilterKey<F>]: Optional<ReturnType<typeof Type.Integer>>;
} & ([RangeFilterKey<F>] extends [never]
    ? unknown
    : { startTime: Optional<ReturnType<typeof TimeInput>>; endTime: Optional<ReturnType<typeof TimeInput>> });

/**
 * The list query's filter parameters, one per field declaring a filter (a list and its export take them alike): a
 * text as long as the field's input allows, a state 0/1, a range as `startTime` / `endTime`. Each is titled with the
 * field's zh-CN label (a validation message names it).
 */
export function filterProperties<E extends EntitySpec<Readonly<Record<string, FieldSpec>>>>(entity: E) {
  const out: Record<string, TSchema> = {};
  for (const [key, field] of Object.entries(entity.fields)) {
    const title = field.label['zh-CN'];
    switch (field.filter) {
      case 'contains':
      case 'prefix':
      case 'exact':
        out[key] = Type.Optional(Type.String({ maxLength: textMax(field) ?? 100, title }));
        break;
      case 'state':
        out[key] = Type.Optional(
          Type.Integer({ minimum: 0, maximum: 1, title, description: '1: enabled rows only; 0: disabled only' }),
        );
        break;
      case 'range':
        out.startTime = Type.Optional(TimeInput(`${title}起`));
        out.endTime = Type.Optional(TimeInput(`${title}止`));
        break;
      default:
    }
  }
  return out as FilterProps<Fields<E>>;
}

/** The longest text a field's input takes (a union's text member's), if it says. */
function textMax(field: FieldSpec): number | undefined {
  const input = field.input as { maxLength?: number; anyOf?: Array<{ maxLength?: number }> } | undefined;
  if (!input) return undefined;
  if (typeof input.maxLength === 'number') return input.maxLength;
  return input.anyOf?.find((member) => typeof member.maxLength === 'number')?.maxLength;
}

/** The English labels of the fields `which` picks, for an API description ("Account, Name or Email"). */
export function fieldsWhere(
  entity: EntitySpec<Readonly<Record<string, FieldSpec>>>,
  which: (field: FieldSpec) => boolean,
) {
  const labels = Object.entries(entity.fields).flatMap(([key, field]) =>
    which(field) ? [`${key} (${field.label['en-US']})`] : [],
  );
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}` : (labels[0] ?? '');
}

const FILTER_WORDS: Record<FilterKind, string> = {
  contains: 'by any part, ignoring case',
  prefix: 'by prefix',
  exact: 'exactly',
  state: 'by state (1 enabled, 0 disabled)',
  range: 'within startTime / endTime (inclusive)',
};

/** How each field's filter matches, for an API description ("accountNumber, accountName by prefix; state …"). */
export function filterDescription(entity: EntitySpec<Readonly<Record<string, FieldSpec>>>): string {
  const byKind = new Map<FilterKind, string[]>();
  for (const [key, field] of Object.entries(entity.fields)) {
    if (field.filter) byKind.set(field.filter, [...(byKind.get(field.filter) ?? []), key]);
  }
  return [...byKind].map(([kind, keys]) => `${keys.join(', ')} filter ${FILTER_WORDS[kind]}`).join('; ');
}
