import {
  crudRouteName,
  IMPORT_MAX_ROWS,
  type ImportMode,
  type RouteDef,
  routes,
  sheetColumns,
} from '@gatehouse/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import {
  cellInput,
  codecChoices,
  importColumns,
  repeatedInFile,
  type SheetUnique,
  sheetUniqueFields,
  tableColumn,
  uniqueClashes,
  uniqueHolders,
  uniqueKeys,
} from '../../platform/entity-sheets.js';
import { badRequest } from '../../platform/errors.js';
import type { Principal } from '../../platform/http.js';
import { currentLocale, t } from '../../platform/i18n.js';
import type { TableFile } from '../../platform/spreadsheet.js';
import { DEFAULT_TABLE_LIMITS, mapHeader, type TableSource } from '../../platform/spreadsheet-read.js';
import { bodyValidator } from '../../platform/validation.js';
import type { ImportJobs, ImportResultCounts } from '../imports/index.js';
import {
  type CrudEntity,
  createdField,
  defaultStored,
  fieldsOf,
  type StoredRow,
  toStored,
  writableFields,
} from './crud.model.js';
import { holdersOf, insertRows, updateRow } from './crud.repository.js';
import { type SheetRow, toSheet } from './crud.service.js';

/** Values of one unique field looked up a statement. */
const LOOKUP_BATCH = 500;
/** Rows a commit rechecks and inserts a batch (a statement for their lookups per unique field, one for the inserts). */
const WRITE_BATCH = 500;

/** A checked row: the body it makes (field → value, the cells it had) and the id of the row its key names. */
interface CheckedRow {
  body: Record<string, unknown>;
  id?: number;
}

const routeOf = (target: CrudEntity, role: Parameters<typeof crudRouteName>[1]) =>
  (routes as unknown as Record<string, RouteDef>)[crudRouteName(target.crud.name, role)] as RouteDef;

/**
 * One entity's spreadsheets in, by its descriptor, as the account sheet reads its fields without a hook
 * (platform/entity-sheets): the template (the writable sheet columns, a flag with its drop-down), and the import's two
 * steps (imports module). Each cell is read into the field's value (`cellInput`: trimmed, a flag's word as 0/1, a
 * blank one null where the field takes null) and each row judged by the create route's body schema; a blank cell of
 * a field that takes no null is left out (the default for a new row, kept by an update). The key (the spec's `key`)
 * and the other unique fields are refused, naming the field, when a valid row before them in the file gives the
 * value or another stored row holds it (looked up a batch of values a statement, never a row at a time). The commit
 * writes the valid rows in one transaction, rechecked against the table as it is then, batch by batch.
 */
export function createCrudTransfer(
  db: Kysely<DB>,
  target: CrudEntity,
  importJobs: ImportJobs,
  authorize: (principal: Principal, route: RouteDef) => Promise<void>,
) {
  // biome-ignore lint/suspicious/noExplicitAny: the table is the descriptor's, not a key of the schema type
  const pool = db as Kysely<any>;
  const kind = target.entity.name;
  const sheet = sheetColumns(target.entity);
  const writable = sheet.filter((column) => !column.readOnly);
  const columns = importColumns(
    sheet,
    target.crud.required.filter((key) => writable.some((column) => column.key === key)),
  );
  const rowSchema = bodyValidator(routeOf(target, 'create').body as object);
  /** The fields an import reads: each writable, stored field with a sheet column, under its column's key. */
  const read = fieldsOf(target).flatMap(([key, spec]) =>
    spec.input && spec.column && spec.sheet && !spec.sheet.readOnly
      ? [{ key, sheetKey: spec.sheet.key ?? key, spec }]
      : [],
  );
  const sheetKeyOf = new Map(read.map((field) => [field.key, field.sheetKey]));
  /** The unique fields an import writes: refused when the file repeats a value or another row holds it. */
  const uniques = sheetUniqueFields(target.entity, []);
  const keyField = target.crud.key;
  const keySpec = target.entity.fields[keyField];
  /** The fields looked up: the unique ones, and the key (whose holder is the row an upsert updates). */
  const lookups: SheetUnique[] = uniques.some((field) => field.key === keyField)
    ? uniques
    : [
        {
          key: keyField,
          sheetKey: keySpec?.sheet?.key ?? keyField,
          column: keySpec?.column as string,
          label: keySpec?.label ?? { 'zh-CN': keyField, 'en-US': keyField },
        },
        ...uniques,
      ];
  /** The stored rows holding any of a batch of values, on `executor` (the commit's transaction, or the pool). */
  // biome-ignore lint/suspicious/noExplicitAny: the table is the descriptor's
  const holders = (executor: Kysely<any>) => (column: string, values: readonly (string | number)[]) =>
    holdersOf(executor, target, column, values);
  /** The id of the stored row a body's key names. */
  const keyHolder = (held: ReadonlyMap<string, ReadonlyMap<string, number>>, body: Record<string, unknown>) =>
    body[keyField] === undefined || body[keyField] === null
      ? undefined
      : held.get(keyField)?.get(String(body[keyField]));

  return {
    template(): TableFile<SheetRow> {
      const name = target.crud.title[currentLocale()];
      const specOf = new Map(read.map((field) => [field.sheetKey, field.spec]));
      return {
        format: 'xlsx',
        fileName: t('crud.templateName', { entity: name }),
        fallbackName: `${kind}-import-template`,
        sheetName: name,
        columns: sheet
          .filter((column) => column.template)
          .map((column) => {
            const spec = specOf.get(column.key);
            const choices = spec && codecChoices(spec);
            return tableColumn<string, SheetRow>(column, choices ? { choices } : {});
          }),
        rows: [],
        choiceRows: IMPORT_MAX_ROWS,
      };
    },

    async preview(file: TableSource | (() => Promise<TableSource>), principal: Principal) {
      await authorize(principal, routeOf(target, 'create'));
      const limits = { ...DEFAULT_TABLE_LIMITS, maxRows: IMPORT_MAX_ROWS };
      return importJobs.preview<CheckedRow>(kind, principal, file, limits, async (table, out) => {
        const at = mapHeader(table.header, columns);
        /** The unique values the valid rows so far hold (`uniqueKeys`' key): the row holding each. */
        const inFile = new Map<string, number>();
        let existing = 0;
        let total = 0;
        for await (const slice of table.slices) {
          total += slice.length;
          const pending = slice.map(({ row, cells }) => {
            const errors: { field: string; message: string }[] = [];
            const fail = (field: string, message: string) => {
              if (!errors.some((e) => e.field === field)) errors.push({ field, message });
            };
            const body: Record<string, unknown> = {};
            for (const { key, sheetKey, spec } of read) {
              const index = at.get(sheetKey);
              if (index === undefined) continue;
              const value = cellInput(spec, cells[index] ?? '');
              if ('refused' in value) fail(sheetKey, value.refused);
              // A blank cell of a field that takes no null (the only cell read as '') is left out.
              else if (value.value !== '') body[key] = value.value;
            }
            const schemaError = rowSchema({ ...body });
            if (schemaError) fail(sheetKeyOf.get(schemaError.field) ?? schemaError.field, schemaError.message);
            return { row, cells, body, errors, fail };
          });
          // The stored rows holding the slice's unique values (its keys among them), a batch of values a statement.
          const held = await uniqueHolders(lookups, pending, (p, key) => p.body[key], holders(pool), LOOKUP_BATCH);
          for (const { row, cells, body, errors, fail } of pending) {
            const own = keyHolder(held, body);
            const values = (key: string) => body[key];
            for (const { field, value, key } of uniqueKeys(uniques, values)) {
              const first = inFile.get(key);
              if (first !== undefined) fail(field.sheetKey, repeatedInFile(field, value, first));
            }
            for (const clash of uniqueClashes(uniques, held, values, own)) fail(clash.field.sheetKey, clash.message);
            if (errors.length > 0) {
              out.reject(row, cells, errors);
              continue;
            }
            // A valid row holds its unique values: a later row repeating one is refused naming this row.
            for (const { key } of uniqueKeys(uniques, values)) inFile.set(key, row);
            out.valid({ body, ...(own !== undefined ? { id: own } : {}) });
            if (own !== undefined) existing += 1;
          }
          await out.flush();
        }
        return { total, existing, columns: [...at.keys()] };
      });
    },

    /**
     * Applies a preview's valid rows in one transaction, a batch at a time, rechecked against the table as it is now
     * (the batch's keys and unique values read at once): insert skips existing keys, upsert updates their cells; a
     * unique value another row holds now refuses the commit, naming the field.
     */
    async commit(input: { previewId: string; mode: ImportMode }, principal: Principal): Promise<ImportResultCounts> {
      await authorize(principal, routeOf(target, 'create'));
      if (input.mode === 'upsert') await authorize(principal, routeOf(target, 'update'));
      return importJobs.commit<CheckedRow>(kind, input.previewId, principal, input.mode, async (rows, mode, report) =>
        db.transaction().execute(async (trx) => {
          // biome-ignore lint/suspicious/noExplicitAny: the table is the descriptor's
          const executor = trx as Kysely<any>;
          const result = { inserted: 0, updated: 0, skipped: 0 };
          const created = createdField(target);
          const now = new Date().toISOString();
          let done = 0;
          for (let i = 0; i < rows.length; i += WRITE_BATCH) {
            const batch = rows.slice(i, i + WRITE_BATCH);
            const held = await uniqueHolders(lookups, batch, (r, key) => r.body[key], holders(executor), LOOKUP_BATCH);
            const inserts: StoredRow[] = [];
            for (const { body } of batch) {
              const current = keyHolder(held, body);
              if (current !== undefined && mode === 'insert') {
                result.skipped += 1;
                continue;
              }
              const [clash] = uniqueClashes(uniques, held, (key) => body[key], current);
              if (clash) throw badRequest(clash.message);
              const stored: StoredRow = {};
              for (const [fieldKey, value] of Object.entries(body)) {
                const spec = target.entity.fields[fieldKey];
                if (spec?.column) stored[spec.column] = toStored(spec, value);
              }
              if (current !== undefined) {
                // Only the cells the file has: a column it left out keeps what the row holds.
                await updateRow(executor, target, current, stored);
                result.updated += 1;
                continue;
              }
              // Every writable column (one insert statement for the batch): the file's value, or the default.
              for (const [, spec] of writableFields(target)) {
                if (!((spec.column as string) in stored)) stored[spec.column as string] = defaultStored(spec);
              }
              if (created) stored[created[1].column as string] = now;
              inserts.push(stored);
            }
            await insertRows(executor, target, inserts);
            result.inserted += inserts.length;
            done += batch.length;
            report(done);
          }
          return result;
        }),
      );
    },

    /** An export row's cells (for tests comparing a sheet with the stored rows). */
    toSheet: (row: StoredRow) => toSheet(target, row),
  };
}

export type CrudTransfer = ReturnType<typeof createCrudTransfer>;
