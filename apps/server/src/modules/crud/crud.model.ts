import type { CrudSpec, EntitySpec, FieldSpec } from '@gatehouse/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { type AnswerRow, answerFields, defaultStored, type StoredRow, toStored } from '../../platform/entity-rows.js';

/**
 * Why rows may not be deleted while another module's rows refer to them: given the rows (each id with the label
 * the spec names it by), the refusal of each one in use, in the request's language. It reads with `executor`, the
 * delete's own transaction. Provided by the referring module (it reads its own tables), wired in services.ts.
 */
export type InUseCheck = (
  executor: Kysely<DB>,
  rows: ReadonlyArray<{ id: number; label: string }>,
) => Promise<ReadonlyMap<number, string>>;

/** An entity served by the generic engine: its descriptor and its spec (contract cruds.ts). */
export interface CrudEntity {
  readonly entity: EntitySpec<Readonly<Record<string, FieldSpec>>>;
  readonly crud: CrudSpec;
  /** The checks of the modules referring to its rows: a row any of them says is in use is not deleted. */
  readonly inUse?: readonly InUseCheck[];
}

export type { AnswerRow, StoredRow };

/** The descriptor's fields, each with its key. */
export const fieldsOf = ({ entity }: CrudEntity): Array<[string, FieldSpec]> => Object.entries(entity.fields);

/** A field by key (the spec's keys are the descriptor's: checked by the contract's types). */
export function field({ entity }: CrudEntity, key: string): FieldSpec {
  const found = entity.fields[key];
  if (!found) throw new Error(`${entity.name}: no field ${key}`);
  return found;
}

/** A field's stored column (every field the engine reads or writes is stored). */
export function columnOf(target: CrudEntity, key: string): string {
  const column = field(target, key).column;
  if (!column) throw new Error(`${target.entity.name}.${key} is not stored`);
  return column;
}

/** The stored columns, the repository's select list. */
export const selectList = (target: CrudEntity): string[] =>
  fieldsOf(target).flatMap(([, spec]) => (spec.column ? [spec.column] : []));

/** A stored row as answered: each answered field through its codec. */
export const toAnswer = (target: CrudEntity, row: StoredRow): AnswerRow => answerFields(target.entity, row);

export { defaultStored, toStored };

/** The fields a body writes: declared writable. */
export const writableFields = (target: CrudEntity): Array<[string, FieldSpec]> =>
  fieldsOf(target).filter(([, spec]) => spec.input !== undefined && spec.column !== undefined);

/** The unique fields. */
export const uniqueFields = (target: CrudEntity): Array<[string, FieldSpec]> =>
  fieldsOf(target).filter(([, spec]) => spec.unique && spec.column);

/** The field stamped with the creation time (a 'time' codec without input). */
export const createdField = (target: CrudEntity): [string, FieldSpec] | undefined =>
  fieldsOf(target).find(([, spec]) => spec.codec === 'time' && !spec.input && spec.column);
