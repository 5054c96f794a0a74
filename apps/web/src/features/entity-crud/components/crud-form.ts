import type { FieldSpec } from '@gatehouse/contract';
import type { AnyEntity, CrudRow, CrudTarget } from '@/features/entity-crud/api/crud.api';
import { inputLimits } from '@/lib/entity';

/** The dialog's values: each writable field's control value (a switch's boolean, a number, a text). */
export type CrudFormValues = Record<string, unknown>;

/** The writable fields (those with an `input`), in the descriptor's order: the dialog's items. */
export const writableFields = (entity: AnyEntity): [string, FieldSpec][] =>
  Object.entries(entity.fields).filter(([, field]) => field.input !== undefined);

/** The control a field is edited with: its `form`, else a number box for a number, a text box otherwise. */
export function controlOf(entity: AnyEntity, key: string): 'text' | 'textarea' | 'number' | 'switch' {
  const field = entity.fields[key];
  if (field?.form) return field.form;
  if (field?.codec === 'flag') return 'switch';
  return inputLimits(entity, key).kind === 'number' ? 'number' : 'text';
}

/** A new row's values: a switch on (as the server defaults a flag), a number at its least, texts empty. */
export function emptyValues({ entity }: CrudTarget): CrudFormValues {
  return Object.fromEntries(
    writableFields(entity).map(([key]) => {
      const control = controlOf(entity, key);
      if (control === 'switch') return [key, true];
      if (control === 'number') return [key, inputLimits(entity, key).minimum ?? 0];
      return [key, ''];
    }),
  );
}

/** A row's values in the dialog (a null text as an empty box). */
export function rowValues({ entity }: CrudTarget, row: CrudRow): CrudFormValues {
  return Object.fromEntries(
    writableFields(entity).map(([key]) => {
      const value = row[key];
      if (controlOf(entity, key) === 'switch') return [key, value === true || value === 1];
      return [key, value ?? (controlOf(entity, key) === 'number' ? null : '')];
    }),
  );
}

/**
 * The write body of the values: a switch as 1/0, texts trimmed (an empty one null where the field takes null, left
 * out where it is optional and does not), an empty number left out (the server keeps or defaults it).
 */
export function toBody({ entity, crud }: CrudTarget, values: CrudFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key] of writableFields(entity)) {
    const value = values[key];
    const control = controlOf(entity, key);
    if (control === 'switch') {
      body[key] = value ? 1 : 0;
    } else if (control === 'number') {
      if (typeof value === 'number') body[key] = value;
    } else {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text !== '') body[key] = text;
      else if (inputLimits(entity, key).nullable) body[key] = null;
      else if ((crud.required as readonly string[]).includes(key)) body[key] = text;
    }
  }
  return body;
}
