import type { FieldSpec } from '@gatehouse/contract';
import { type AnyEntity, type EntityColumn, fieldLabel, inputLimits, listColumnOf } from './fields';
import { tx } from './texts';

/**
 * A list screen from an entity's descriptor: its columns (a field's `list`), the export's columns (its `sheet`), the
 * filters of its search form and how they travel in the URL (`filter`, `searched`), its server sorts (`sortable`).
 * Plain data: the screen turns it into the list kit's columns and search fields, and adds what is its own.
 */

const fieldsOf = (entity: AnyEntity) => Object.entries(entity.fields) as Array<[string, FieldSpec]>;

/** A field's list column (listColumnOf), with the field it shows and, when the list route sorts by it, its sort. */
export interface FieldColumn extends EntityColumn {
  /** The field shown. */
  field: string;
  /** The list route's sort by the field (`sort=<field>`). */
  sortField?: string;
}

export interface FieldColumnOptions {
  /** The sorts the list route takes (the contract's *_SORTS): a `sortable` field among them sorts on the server. */
  sorts?: readonly string[];
  /**
   * Fields without a `list` spec the screen lists all the same, through a column of its own (an organisation shown
   * by its name): a column each, where the field is declared.
   */
  also?: readonly string[];
}

/**
 * The list's columns of the entity's fields, in declaration order: every field with a `list` spec (title its label
 * in the page's language, its width, off by default when `hidden`: the column settings offer it) and the fields in
 * `also`.
 */
export function fieldColumns(entity: AnyEntity, options: FieldColumnOptions = {}): FieldColumn[] {
  const sorts = new Set(options.sorts ?? []);
  const also = new Set(options.also ?? []);
  return fieldsOf(entity).flatMap(([key, field]): FieldColumn[] => {
    if (!field.list && !also.has(key)) return [];
    return [
      {
        ...listColumnOf(entity, key),
        field: key,
        ...(field.sortable && sorts.has(key) ? { sortField: key } : {}),
      },
    ];
  });
}

/**
 * The export's columns of a list's (the list kit's `exporter.columns`): a column showing a field with a `sheet`
 * column → that sheet column's key (the field's own, or the one its sheet names: an organisation by its path).
 * Columns showing no field, or a field no sheet holds, are not exported.
 */
export function exportColumns(
  entity: AnyEntity,
  columns: readonly { key: string; field?: string }[],
): Record<string, string> {
  return Object.fromEntries(
    columns.flatMap((column) => {
      const field = column.field;
      const sheet =
        field !== undefined && Object.hasOwn(entity.fields, field) ? entity.fields[field]?.sheet : undefined;
      return sheet && field !== undefined ? [[column.key, sheet.key ?? field]] : [];
    }),
  );
}

/** The sortable time fields: the server's default order for them is newest first (the list kit's `timeSorts`). */
export function timeSorts(entity: AnyEntity): string[] {
  return fieldsOf(entity).flatMap(([key, field]) => (field.sortable && field.codec === 'time' ? [key] : []));
}

/** A text filter of the list: the whole value, its beginning, or any part (FilterKind). */
export type TextFilterKind = 'prefix' | 'contains' | 'exact';

/** A text filter: its query parameter (the field's key), how it matches, the field's label, its longest text. */
export interface TextFilter {
  key: string;
  kind: TextFilterKind;
  label: string;
  maxLength: number;
}

/** A filter the list route takes on a field whose descriptor declares none (the account's whole mobile number). */
export interface OwnTextFilter {
  kind: TextFilterKind;
  maxLength: number;
}

const isTextFilter = (kind: FieldSpec['filter']): kind is TextFilterKind =>
  kind === 'prefix' || kind === 'contains' || kind === 'exact';

/**
 * The list's text filters, in declaration order: each field's `prefix`, `contains` or `exact` filter, and those the
 * screen's route takes on fields declaring none (`own`, by field).
 */
export function textFilters(entity: AnyEntity, own: Readonly<Record<string, OwnTextFilter>> = {}): TextFilter[] {
  return fieldsOf(entity).flatMap(([key, field]): TextFilter[] => {
    const label = fieldLabel(entity, key);
    if (isTextFilter(field.filter)) {
      return [{ key, kind: field.filter, label, maxLength: inputLimits(entity, key).maxLength ?? 100 }];
    }
    const extra = Object.hasOwn(own, key) ? own[key] : undefined;
    return extra ? [{ key, label, ...extra }] : [];
  });
}

/** The labels of the fields the list's `keyword` matches (any part, ignoring case), in declaration order. */
export function searchedLabels(entity: AnyEntity): string[] {
  return fieldsOf(entity).flatMap(([key, field]) => (field.searched ? [fieldLabel(entity, key)] : []));
}

/** A filter of the list that is no text: a state (启用 / 禁用) or a time range (`startTime` / `endTime`). */
export type ChoiceFilter =
  | { kind: 'state'; key: string; label: string }
  | { kind: 'range'; key: string; label: string; names: readonly ['startTime', 'endTime'] };

/** The list's state and range filters, in declaration order. */
export function choiceFilters(entity: AnyEntity): ChoiceFilter[] {
  return fieldsOf(entity).flatMap(([key, field]): ChoiceFilter[] => {
    const label = fieldLabel(entity, key);
    if (field.filter === 'state') return [{ kind: 'state', key, label }];
    if (field.filter === 'range') return [{ kind: 'range', key, label, names: ['startTime', 'endTime'] }];
    return [];
  });
}

/**
 * How each of the descriptor's filters travels in the URL (the list kit's filter codecs): `keyword` as a text when
 * any field is searched, a text filter as a text, a state as 0/1, a range as its two ends' times.
 */
export function filterCodecsOf(entity: AnyEntity): Record<string, 'text' | 'bit' | 'time'> {
  const codecs: Record<string, 'text' | 'bit' | 'time'> = {};
  if (fieldsOf(entity).some(([, field]) => field.searched)) codecs.keyword = 'text';
  for (const [key, field] of fieldsOf(entity)) {
    if (isTextFilter(field.filter)) codecs[key] = 'text';
    else if (field.filter === 'state') codecs[key] = 'bit';
    else if (field.filter === 'range') Object.assign(codecs, { startTime: 'time', endTime: 'time' });
  }
  return codecs;
}

/** The query parameter of a contains search over the searched fields. */
export const KEYWORD = 'keyword';

/**
 * A scope of the list's one search box (the list kit's ScopedSearchBox takes it as a SearchBoxScope): the query
 * parameter it fills (`keyword`, or a text filter's), what the box names it, its placeholder and its longest text.
 */
export interface SearchScope {
  key: string;
  label: string;
  placeholder: string;
  maxLength: number;
}

/** The longest `keyword` (the contract's search term limit). */
const KEYWORD_MAX = 100;

/**
 * The scopes of the list's one search box: 全部 first (the keyword, any part of any searched field: its placeholder
 * names them) when any field is searched, then each text filter by its field's label (its placeholder says how it
 * matches). One box searches one way at a time, so no field is searched by two boxes at once.
 */
export function searchScopes(entity: AnyEntity, filters: readonly TextFilter[]): SearchScope[] {
  const scopes: SearchScope[] = [];
  const searched = searchedLabels(entity);
  if (searched.length) {
    const last = searched.pop() as string;
    const placeholder = searched.length
      ? tx('search.or', { first: searched.join(tx('search.separator')), last })
      : last;
    scopes.push({ key: KEYWORD, label: tx('search.all'), placeholder, maxLength: KEYWORD_MAX });
  }
  for (const filter of filters) {
    scopes.push({
      key: filter.key,
      label: filter.label,
      placeholder: tx(`search.${filter.kind}`, { field: filter.label }),
      maxLength: filter.maxLength,
    });
  }
  return scopes;
}

/** The one search box's value in a search form (the list kit's SearchBoxValue): the scope searched, the text typed. */
export interface ScopedText {
  scope: string;
  text: string;
}

/**
 * The applied filters as a search form with one box shows them: the first scope applied (as the scopes are ordered)
 * becomes the box's value under `name`, the others' parameters are left out (one box shows one). Everything else as
 * applied.
 */
export function toScopedFilters(
  filters: Readonly<Record<string, unknown>>,
  scopes: readonly SearchScope[],
  name: string = KEYWORD,
): Record<string, unknown> {
  const keys = new Set(scopes.map((scope) => scope.key));
  const shown: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters)) if (!keys.has(key)) shown[key] = value;
  const applied = scopes.find((scope) => typeof filters[scope.key] === 'string' && filters[scope.key] !== '');
  if (applied) shown[name] = { scope: applied.key, text: filters[applied.key] as string } satisfies ScopedText;
  return shown;
}

/** The filters a search form with one box applies: the box's text under its scope's parameter (none when blank). */
export function fromScopedFilters(
  filters: Readonly<Record<string, unknown>>,
  scopes: readonly SearchScope[],
  name: string = KEYWORD,
): Record<string, unknown> {
  const { [name]: box, ...others } = filters;
  const rest: Record<string, unknown> = { ...others };
  const keys = new Set(scopes.map((scope) => scope.key));
  for (const key of Object.keys(rest)) if (keys.has(key)) delete rest[key];
  const value = box as ScopedText | string | undefined;
  const scoped = typeof value === 'string' ? { scope: scopes[0]?.key ?? name, text: value } : value;
  const text = scoped?.text.trim();
  if (scoped && text && keys.has(scoped.scope)) rest[scoped.scope] = text;
  return rest;
}

/** What the one search box is called (its label), and what its scope picker is called. */
export const searchBoxWords = () => ({ label: tx('search.label'), scope: tx('search.scope') });
