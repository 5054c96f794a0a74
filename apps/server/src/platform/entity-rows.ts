import type { EntitySpec, FieldSpec, Fields } from '@gatehouse/contract';
import type { Static, TSchema } from 'typebox';
import { epochMs, storedTime } from './time.js';

/**
 * Rows from an entity's descriptor (contract entity.ts): a stored row as answered and a written value as stored,
 * by each field's codec. The generic engine (modules/crud) serves whole entities with them; a module with bespoke
 * parts (accounts) serves the fields it has no hook for.
 */

type AnyEntity = EntitySpec<Readonly<Record<string, FieldSpec>>>;

/** A stored row: column → value, as the table holds it. */
export type StoredRow = Record<string, unknown>;
/** An answered row: field → value, as the contract answers it. */
export type AnswerRow = Record<string, unknown>;

/** Null when the schema takes it, else nothing. */
type NullOf<S> = S extends TSchema ? (null extends Static<S> ? null : never) : never;

/**
 * A field's stored type, from its codec and its schema: a flag is 0/1, a time ISO 8601 text (or null when its answer
 * may be), anything else what its answer (or, unanswered, its input) holds; a nullable answer is `| null`.
 */
export type StoredType<S> = S extends { codec: 'flag' }
  ? number
  : S extends { codec: 'time' }
    ? string | (S extends { answer: infer A } ? NullOf<A> : never)
    : S extends { answer: infer A extends TSchema }
      ? Static<A>
      : S extends { input: infer I extends TSchema }
        ? Static<I>
        : unknown;

/**
 * An entity's stored columns typed from its descriptor: column name → stored type (`StoredType`). A table's row type
 * (platform/db/schema.ts) takes them from here, so a field added to the descriptor needs no line there.
 */
export type StoredColumns<E> = {
  [K in keyof Fields<E> as Fields<E>[K] extends { column: infer C extends string } ? C : never]: StoredType<
    Fields<E>[K]
  >;
};

/** The stored, answered fields of an entity as answered: field key → its answer's type. */
export type AnsweredFields<E> = {
  [K in keyof Fields<E> as Fields<E>[K] extends { column: string; answer: TSchema } ? K : never]: Fields<E>[K] extends {
    answer: infer A extends TSchema;
  }
    ? Static<A>
    : never;
};

/** A stored value as answered, through the field's codec. */
export function answerValue(spec: FieldSpec, value: unknown): unknown {
  if (spec.codec === 'flag') return value === 1 || value === true;
  if (spec.codec === 'time') return value === null || value === undefined ? null : epochMs(value as string);
  return value ?? null;
}

/** A stored row as answered: each answered, stored field (all, or those `keys` names) through its codec. */
export function answerFields<E extends AnyEntity>(entity: E, row: StoredRow): AnswerRow & AnsweredFields<E>;
export function answerFields<E extends AnyEntity>(
  entity: E,
  row: StoredRow,
  keys: readonly string[],
): AnswerRow & Partial<AnsweredFields<E>>;
export function answerFields(entity: AnyEntity, row: StoredRow, keys?: readonly string[]): AnswerRow {
  const out: AnswerRow = {};
  for (const [key, spec] of Object.entries(entity.fields)) {
    if (!spec.answer || !spec.column || (keys && !keys.includes(key))) continue;
    out[key] = answerValue(spec, row[spec.column]);
  }
  return out;
}

/** A written value as stored: a flag as 0/1, a text trimmed (an empty optional text is null). */
export function toStored(spec: FieldSpec, value: unknown): unknown {
  if (spec.codec === 'flag') return value === 1 || value === true ? 1 : 0;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  }
  return value ?? null;
}

/** A new row's value of a writable field its body left out: enabled, 0 for a number, else nothing. */
export const defaultStored = (spec: FieldSpec): unknown =>
  spec.codec === 'flag' ? 1 : spec.form === 'number' ? 0 : null;

/** Whether a field's input takes null (a nullable text or id): a blank text is then stored as null, not refused. */
export function inputTakesNull(spec: FieldSpec): boolean {
  const input = spec.input as { type?: unknown; anyOf?: Array<{ type?: unknown }> } | undefined;
  if (!input) return false;
  if (input.type === 'null') return true;
  return Array.isArray(input.anyOf) && input.anyOf.some((member) => member.type === 'null');
}

type KeysWith<F, P> = { [K in keyof F]: F[K] extends P ? K & string : never }[keyof F];

/**
 * The list filters an entity's descriptor declares (FilterKind), as a repository takes them: a text filter's value
 * trimmed (never empty), a state 0/1, and the range field's bounds as stored (ISO 8601, both inclusive).
 */
export type FieldFilters<E> = {
  [K in KeysWith<Fields<E>, { filter: 'contains' | 'prefix' | 'exact' }>]?: string;
} & { [K in KeysWith<Fields<E>, { filter: 'state' }>]?: 0 | 1 } & {
  /** The range field's lower bound as stored (the query's `startTime`). */
  rangeFrom?: string;
  /** Its upper bound as stored (the query's `endTime`). */
  rangeTo?: string;
};

/**
 * A list query's descriptor filters (the contract's filterProperties: a text by the field's key, a state 0/1, a
 * range as startTime / endTime) as `FieldFilters`: blank texts dropped, a state as 0/1, the bounds as stored.
 */
export function fieldFiltersOf<E extends AnyEntity>(
  entity: E,
  query: Readonly<Record<string, unknown>>,
): FieldFilters<E> {
  const out: Record<string, string | number> = {};
  for (const [key, spec] of Object.entries(entity.fields)) {
    const value = query[key];
    switch (spec.filter) {
      case 'contains':
      case 'prefix':
      case 'exact': {
        const text = typeof value === 'string' ? value.trim() : '';
        if (text) out[key] = text;
        break;
      }
      case 'state':
        if (value !== undefined && value !== null && value !== '') out[key] = Number(value) === 1 ? 1 : 0;
        break;
      case 'range':
        if (isTime(query.startTime)) out.rangeFrom = storedTime(query.startTime);
        if (isTime(query.endTime)) out.rangeTo = storedTime(query.endTime);
        break;
      default:
    }
  }
  return out as FieldFilters<E>;
}

const isTime = (value: unknown): value is string | number =>
  typeof value === 'number' || (typeof value === 'string' && value !== '');
