import type { FieldSpec, FormControl } from '@gatehouse/contract';
import { type AnyEntity, inputLimits } from './fields';

/**
 * A dialog from an entity's descriptor: its writable fields (those with an `input`), each one's control, and the
 * mapping between a row, the form's values and a write body. A screen keeps for itself the fields it edits otherwise
 * (a picker, a proof), and maps only those.
 */

const fieldOf = (entity: AnyEntity, key: string): FieldSpec | undefined =>
  Object.hasOwn(entity.fields, key) ? entity.fields[key] : undefined;

/** The writable fields (those with an `input`), in declaration order: a dialog's items. */
export function writableFields(entity: AnyEntity): string[] {
  return Object.entries(entity.fields).flatMap(([key, field]) => (field.input ? [key] : []));
}

/** The control a field is edited with: its `form`, else a switch for a flag, a number box for a number, a text box. */
export function controlOf(entity: AnyEntity, key: string): FormControl {
  const field = fieldOf(entity, key);
  if (field?.form) return field.form;
  if (field?.codec === 'flag') return 'switch';
  return inputLimits(entity, key).kind === 'number' ? 'number' : 'text';
}

/** A new row's value in the dialog: a switch on (as the server defaults a flag), a number box empty, a text empty. */
export function emptyValueOf(entity: AnyEntity, key: string): unknown {
  const control = controlOf(entity, key);
  if (control === 'switch') return true;
  if (control === 'number') return null;
  return '';
}

/** A row's value in the dialog: a switch's boolean, a number or null, a text ('' for none). */
export function formValueOf(entity: AnyEntity, key: string, value: unknown): unknown {
  const control = controlOf(entity, key);
  if (control === 'switch') return value === true || value === 1;
  if (control === 'number') return typeof value === 'number' ? value : null;
  return typeof value === 'string' ? value : '';
}

/**
 * A form value in a write body: a flag's switch as 1/0 (another switch as a boolean); a text trimmed, a blank one
 * null where the field takes null, else '' when the field requires a text (the server refuses it naming the field),
 * else left out (undefined); a number, or null where the field takes null, else left out.
 */
export function bodyValueOf(entity: AnyEntity, key: string, value: unknown): unknown {
  const control = controlOf(entity, key);
  if (control === 'switch') {
    const on = value === true || value === 1;
    return fieldOf(entity, key)?.codec === 'flag' ? (on ? 1 : 0) : on;
  }
  const limits = inputLimits(entity, key);
  if (control === 'number') {
    if (typeof value === 'number') return value;
    return limits.nullable ? null : undefined;
  }
  const text = typeof value === 'string' ? value.trim() : '';
  if (text !== '') return text;
  if (limits.nullable) return null;
  return limits.kind === 'string' && (limits.minLength ?? 0) >= 1 ? '' : undefined;
}

/** The form's values of a row's writable fields (`keys`, default all of them). */
export function formValues(
  entity: AnyEntity,
  row: Readonly<Record<string, unknown>>,
  keys: readonly string[] = writableFields(entity),
): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, formValueOf(entity, key, row[key])]));
}

/** A new row's values of the writable fields (`keys`, default all of them). */
export function emptyValues(
  entity: AnyEntity,
  keys: readonly string[] = writableFields(entity),
): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, emptyValueOf(entity, key)]));
}

/** The write body of the form's values of the writable fields (`keys`, default all of them); left-out ones absent. */
export function bodyValues(
  entity: AnyEntity,
  values: Readonly<Record<string, unknown>>,
  keys: readonly string[] = writableFields(entity),
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of keys) {
    const value = bodyValueOf(entity, key, values[key]);
    if (value !== undefined) body[key] = value;
  }
  return body;
}
