import type { EntitySpec, FieldSpec } from '@gatehouse/contract';
import { epochMs } from './time.js';

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

/** A stored value as answered, through the field's codec. */
export function answerValue(spec: FieldSpec, value: unknown): unknown {
  if (spec.codec === 'flag') return value === 1 || value === true;
  if (spec.codec === 'time') return value === null || value === undefined ? null : epochMs(value as string);
  return value ?? null;
}

/** A stored row as answered: each answered, stored field (all, or those `keys` names) through its codec. */
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
