import { sheetColumns } from '@gatehouse/contract';
import type { Kysely } from 'kysely';
import { uniqueViolationOf } from '../../platform/db/db-errors.js';
import type { DB } from '../../platform/db/schema.js';
import { sheetValue, tableColumn } from '../../platform/entity-sheets.js';
import { type AppError, type BatchOutcome, badRequest, fieldError } from '../../platform/errors.js';
import { currentLocale, t } from '../../platform/i18n.js';
import { dayStamp, selectColumns, type TableFile } from '../../platform/spreadsheet.js';
import {
  type AnswerRow,
  type CrudEntity,
  columnOf,
  createdField,
  defaultStored,
  field,
  type StoredRow,
  toAnswer,
  toStored,
  uniqueFields,
  writableFields,
} from './crud.model.js';
import {
  allRowsOf,
  deleteRows,
  holdersOf,
  insertRow,
  type ListFilters,
  pageOf,
  rowsByIds,
  rowsOf,
  updateRow,
  updateRows,
} from './crud.repository.js';

type ListQuery = ListFilters & { p: number; pageSize: number; sort?: string; order?: 'asc' | 'desc' };
type ExportQuery = ListFilters & { sort?: string; order?: 'asc' | 'desc'; format?: 'xlsx' | 'csv'; columns?: string };
type Body = Record<string, unknown>;

/** The rows an export reads a statement (keyset batches: crud.repository rowsOf). */
const EXPORT_BATCH = 500;

/** An export's row: a value under each sheet column. */
export type SheetRow = Record<string, string | number | null>;

/** A field's label in the request's language. */
const labelIn = (target: CrudEntity, key: string) => field(target, key).label[currentLocale()];
/** The entity's name in the request's language (lower case in English, inside a sentence). */
export const entityName = (target: CrudEntity) =>
  currentLocale() === 'zh-CN' ? target.crud.title['zh-CN'] : target.crud.title['en-US'].toLowerCase();

export const notFoundError = (target: CrudEntity) => badRequest(t('crud.notFound', { entity: entityName(target) }));

/** The stored values a sheet shows, each by its codec: a flag as its word, the rest as stored (a time is a date cell). */
export function toSheet(target: CrudEntity, row: StoredRow): SheetRow {
  const out: SheetRow = {};
  for (const [key, spec] of Object.entries(target.entity.fields)) {
    if (spec.sheet && spec.column) out[spec.sheet.key ?? key] = sheetValue(spec, row[spec.column]) as SheetRow[string];
  }
  return out;
}

/**
 * One entity's list, writes and export by its descriptor (contract entity.ts, entity-crud.ts): the filters, sorts,
 * write bodies, unique fields and sheet are the descriptor's; nothing here names a field of a particular entity.
 */
export function createCrudService(
  db: Kysely<DB>,
  target: CrudEntity,
  /** `exportBatch`: the rows an export reads a statement (a test makes it small). */
  { exportBatch = EXPORT_BATCH }: { exportBatch?: number } = {},
) {
  // biome-ignore lint/suspicious/noExplicitAny: the table is the descriptor's, not a key of the schema type
  const pool = db as Kysely<any>;

  /** The stored row a body writes: every writable field it gives (and, for a new row, the defaults of the rest). */
  function storedFrom(body: Body, current?: StoredRow): StoredRow {
    const row: StoredRow = {};
    for (const [key, spec] of writableFields(target)) {
      const column = spec.column as string;
      if (key in body && body[key] !== undefined) {
        const value = toStored(spec, body[key]);
        if (value === null && target.crud.required.includes(key))
          throw fieldError(key, t('validation.blank', { field: spec.label['zh-CN'] }));
        row[column] = value;
      } else if (!current) {
        row[column] = defaultStored(spec);
      }
    }
    return row;
  }

  /** Refuses a value of a unique field another row holds (naming the field, as the dialog marks it). */
  async function checkUnique(trx: Kysely<DB>, row: StoredRow, selfId?: number) {
    for (const [key, spec] of uniqueFields(target)) {
      const value = row[spec.column as string];
      if (typeof value !== 'string' && typeof value !== 'number') continue;
      const taken = (await holdersOf(trx, target, spec.column as string, [value])).some((r) => r.id !== selfId);
      if (taken) throw fieldError(key, t('crud.taken', { field: labelIn(target, key), value }));
    }
  }

  /** A race the check above lost: the database's unique index says which field. */
  function takenError(error: unknown, row: StoredRow): AppError | undefined {
    const violation = uniqueViolationOf(error);
    if (violation === undefined) return undefined;
    const hit =
      uniqueFields(target).find(([, spec]) => violation.includes(spec.column as string)) ?? uniqueFields(target)[0];
    if (!hit) return undefined;
    const [key, spec] = hit;
    return fieldError(key, t('crud.taken', { field: labelIn(target, key), value: String(row[spec.column as string]) }));
  }

  async function find(executor: Kysely<DB>, id: number): Promise<StoredRow | undefined> {
    const [row] = await rowsByIds(executor, target, [id]);
    return row;
  }

  /** The refusals of the rows other modules' rows refer to (the entity's `inUse` checks), by id. */
  async function inUseRefusals(executor: Kysely<DB>, rows: readonly StoredRow[]): Promise<Map<number, AppError>> {
    const refusals = new Map<number, AppError>();
    if (!target.inUse?.length || rows.length === 0) return refusals;
    const labelColumn = columnOf(target, target.crud.label);
    const named = rows.map((row) => ({ id: Number(row.id), label: String(row[labelColumn] ?? row.id) }));
    for (const check of target.inUse) {
      for (const [id, message] of await check(executor, named)) {
        if (!refusals.has(id)) refusals.set(id, badRequest(message));
      }
    }
    return refusals;
  }

  return {
    target,

    async list(query: ListQuery) {
      const { rows, total } = await pageOf(pool, target, query, (query.p - 1) * query.pageSize, query.pageSize);
      return {
        list: rows.map((row) => toAnswer(target, row)),
        totalCount: total,
        totalPage: Math.ceil(total / query.pageSize),
      };
    },

    async create(body: Body): Promise<AnswerRow> {
      const row = storedFrom(body);
      const created = createdField(target);
      if (created) row[created[1].column as string] = new Date().toISOString();
      try {
        return await db.transaction().execute(async (trx) => {
          await checkUnique(trx, row);
          const id = await insertRow(trx, target, row);
          return toAnswer(target, (await find(trx, id)) as StoredRow);
        });
      } catch (error) {
        throw takenError(error, row) ?? error;
      }
    },

    async update(body: Body & { id: number }): Promise<AnswerRow> {
      let changes: StoredRow = {};
      try {
        return await db.transaction().execute(async (trx) => {
          const current = await find(trx, body.id);
          if (!current) throw notFoundError(target);
          changes = storedFrom(body, current);
          await checkUnique(trx, changes, body.id);
          await updateRow(trx, target, body.id, changes);
          return toAnswer(target, (await find(trx, body.id)) as StoredRow);
        });
      } catch (error) {
        throw takenError(error, changes) ?? error;
      }
    },

    async remove(id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await find(trx, id);
        if (!row) throw notFoundError(target);
        const refusal = (await inUseRefusals(trx, [row])).get(id);
        if (refusal) throw refusal;
        await deleteRows(trx, target, [id]);
      });
    },

    /**
     * Deletes the rows that exist and are not in use, in one transaction; each other id is refused as the single
     * delete refuses it.
     */
    async removeMany(ids: readonly number[]): Promise<BatchOutcome<number>> {
      return db.transaction().execute(async (trx) => {
        const rows = await rowsByIds(trx, target, ids);
        const found = new Set(rows.map((row) => Number(row.id)));
        const inUse = await inUseRefusals(trx, rows);
        const outcome: BatchOutcome<number> = { done: [], refused: [] };
        for (const id of ids) {
          const refusal = found.has(id) ? inUse.get(id) : notFoundError(target);
          if (refusal) outcome.refused.push({ id, error: refusal });
          else outcome.done.push(id);
        }
        await deleteRows(trx, target, outcome.done);
        return outcome;
      });
    },

    /** Sets the spec's state field of the rows that exist, in one transaction. */
    async setState(ids: readonly number[], state: 0 | 1 | boolean): Promise<BatchOutcome<number>> {
      const key = target.crud.state;
      if (!key) throw new Error(`${target.entity.name} has no state field`);
      const column = columnOf(target, key);
      return db.transaction().execute(async (trx) => {
        const found = new Set((await rowsByIds(trx, target, ids)).map((row) => Number(row.id)));
        const outcome: BatchOutcome<number> = { done: [], refused: [] };
        for (const id of ids) {
          if (found.has(id)) outcome.done.push(id);
          else outcome.refused.push({ id, error: notFoundError(target) });
        }
        // One statement for every row it changes, however many.
        await updateRows(trx, target, outcome.done, { [column]: state === 1 || state === true ? 1 : 0 });
        return outcome;
      });
    },

    /** The export: the list's filters and sort, every row, streamed in keyset batches. */
    exportTable(query: ExportQuery): TableFile<SheetRow> {
      const columns = selectColumns(
        sheetColumns(target.entity).map((column) => tableColumn<string, SheetRow>(column)),
        query.columns,
      );
      const name = target.crud.title[currentLocale()];
      const day = dayStamp();
      async function* rows(): AsyncGenerator<SheetRow> {
        for await (const row of rowsOf(pool, target, query, exportBatch)) yield toSheet(target, row);
      }
      return {
        format: query.format ?? 'xlsx',
        fileName: `${name}-${day}`,
        fallbackName: `${target.entity.name}s-${day}`,
        sheetName: name,
        columns,
        rows: rows(),
      };
    },

    // A configuration bundle's rows (modules/config-bundle): read and written on the executor it gives (its one
    // transaction), under the rules of POST, PUT and DELETE {path}.

    /** Every row as a bundle carries it: its id and each writable field by key (a flag as a boolean), in spec order. */
    async bundleRows(executor: Kysely<DB> = db): Promise<Array<{ id: number; values: Body }>> {
      return (await allRowsOf(executor, target)).map((row) => ({ id: Number(row.id), values: bundleValuesOf(row) }));
    },

    /**
     * A bundle's row as comparable values: each writable field it gives (trimmed, an empty optional text null, a
     * flag a boolean); blank required text is refused naming the field, as POST {path} refuses it.
     */
    bundleValues(body: Body): Body {
      const stored = storedFrom(body, {});
      const out: Body = {};
      for (const [key, spec] of writableFields(target)) {
        const column = spec.column as string;
        if (column in stored) out[key] = spec.codec === 'flag' ? stored[column] === 1 : stored[column];
      }
      return out;
    },

    /** Adds a row on `executor` as POST {path} does (defaults, creation time, unique fields); answers its id. */
    async createIn(executor: Kysely<DB>, body: Body): Promise<number> {
      const row = storedFrom(body);
      const created = createdField(target);
      if (created) row[created[1].column as string] = new Date().toISOString();
      try {
        await checkUnique(executor, row);
        return await insertRow(executor, target, row);
      } catch (error) {
        throw takenError(error, row) ?? error;
      }
    },

    /** Edits the row `id` on `executor` as PUT {path} does: the fields `body` gives, unique fields checked. */
    async updateIn(executor: Kysely<DB>, id: number, body: Body): Promise<void> {
      const current = await find(executor, id);
      if (!current) throw notFoundError(target);
      const changes = storedFrom(body, current);
      try {
        await checkUnique(executor, changes, id);
        await updateRow(executor, target, id, changes);
      } catch (error) {
        throw takenError(error, changes) ?? error;
      }
    },

    /** Deletes the row `id` on `executor` as DELETE {path} does (refused while other modules' rows refer to it). */
    async removeIn(executor: Kysely<DB>, id: number): Promise<void> {
      const row = await find(executor, id);
      if (!row) throw notFoundError(target);
      const refusal = (await inUseRefusals(executor, [row])).get(id);
      if (refusal) throw refusal;
      await deleteRows(executor, target, [id]);
    },
  };

  /** A stored row's writable fields by key, a flag as a boolean (what a bundle carries). */
  function bundleValuesOf(row: StoredRow): Body {
    const out: Body = {};
    for (const [key, spec] of writableFields(target)) {
      const value = row[spec.column as string];
      out[key] = spec.codec === 'flag' ? value === 1 || value === true : (value ?? null);
    }
    return out;
  }
}

export type CrudService = ReturnType<typeof createCrudService>;
