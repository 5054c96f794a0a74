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
import { importColumns, tableColumn } from '../../platform/entity-sheets.js';
import { badRequest } from '../../platform/errors.js';
import type { Principal } from '../../platform/http.js';
import { currentLocale, t } from '../../platform/i18n.js';
import type { TableFile } from '../../platform/spreadsheet.js';
import { DEFAULT_TABLE_LIMITS, mapHeader, stateFromWord, type TableSource } from '../../platform/spreadsheet-read.js';
import { bodyValidator } from '../../platform/validation.js';
import type { ImportJobs, ImportResultCounts } from '../imports/index.js';
import {
  type CrudEntity,
  createdField,
  defaultStored,
  fieldsOf,
  type StoredRow,
  toStored,
  uniqueFields,
  writableFields,
} from './crud.model.js';
import { insertRow, rowsByValues, updateRow } from './crud.repository.js';
import { type SheetRow, toSheet } from './crud.service.js';

/** Keys looked up per query. */
const LOOKUP_BATCH = 500;
const REPORT_EVERY = 500;

/** A checked row: the body it makes (field → value, the cells it had) and the id of the row its key names. */
interface CheckedRow {
  body: Record<string, unknown>;
  id?: number;
}

const routeOf = (target: CrudEntity, role: Parameters<typeof crudRouteName>[1]) =>
  (routes as unknown as Record<string, RouteDef>)[crudRouteName(target.crud.name, role)] as RouteDef;

/**
 * One entity's spreadsheets in, by its descriptor: the template (the writable sheet columns), and the import's two
 * steps (imports module): every row checked by the rules of the create route's body, its key (the spec's `key`)
 * unique in the file, the other unique fields held by no other row; the commit writes the valid rows in one
 * transaction, rechecked. An empty cell is an absent field: the default for a new row, kept by an update.
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
  const keyField = target.crud.key;
  const keyColumn = target.entity.fields[keyField]?.column as string;
  /** The sheet key → field key (a field's sheet may name its column otherwise). */
  const fieldOfColumn = new Map(
    fieldsOf(target).flatMap(([key, spec]) =>
      spec.sheet && !spec.sheet.readOnly ? [[spec.sheet.key ?? key, key]] : [],
    ),
  );

  /** A cell as the body's value: a number column's digits as a number, a flag's word as 0/1; undefined: refused. */
  function cellValue(fieldKey: string, text: string): unknown {
    const spec = target.entity.fields[fieldKey];
    if (spec?.codec === 'flag') return stateFromWord(text);
    if (spec?.sheet?.type === 'number') return /^-?\d+$/.test(text) ? Number(text) : text;
    return text;
  }

  return {
    template(): TableFile<SheetRow> {
      const name = target.crud.title[currentLocale()];
      return {
        format: 'xlsx',
        fileName: t('crud.templateName', { entity: name }),
        fallbackName: `${kind}-import-template`,
        sheetName: name,
        columns: sheet
          .filter((column) => column.template)
          .map((column) => {
            const spec = target.entity.fields[fieldOfColumn.get(column.key) ?? column.key];
            return tableColumn<string, SheetRow>(
              column,
              spec?.codec === 'flag' ? { choices: [t('sheet.state.enabled'), t('sheet.state.disabled')] } : {},
            );
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
        const uniques = uniqueFields(target);
        /** Each unique field's values in the file so far: the row that holds it. */
        const inFile = new Map(uniques.map(([key]) => [key, new Map<string, number>()]));
        let existing = 0;
        let total = 0;
        for await (const slice of table.slices) {
          total += slice.length;
          // The stored rows holding a unique value the slice names: the key's row (an update), or a clash.
          const held = new Map<string, Map<string, StoredRow>>();
          for (const [key, spec] of uniques) {
            const index = at.get(key);
            const values = [...new Set(slice.map((r) => (index === undefined ? '' : (r.cells[index] ?? '').trim())))];
            const found = new Map<string, StoredRow>();
            for (let i = 0; i < values.length; i += LOOKUP_BATCH) {
              const batch = values.slice(i, i + LOOKUP_BATCH).filter(Boolean);
              for (const row of await rowsByValues(pool, target, spec.column as string, batch))
                found.set(String(row[spec.column as string]), row);
            }
            held.set(key, found);
          }
          for (const { row, cells } of slice) {
            const errors: { field: string; message: string }[] = [];
            const fail = (field: string, message: string) => {
              if (!errors.some((e) => e.field === field)) errors.push({ field, message });
            };
            const body: Record<string, unknown> = {};
            for (const [column, index] of at) {
              const fieldKey = fieldOfColumn.get(column);
              const text = (cells[index] ?? '').trim();
              if (!fieldKey || text === '') continue;
              const value = cellValue(fieldKey, text);
              if (value === undefined) fail(column, t('import.state'));
              else body[fieldKey] = value;
            }
            const schemaError = rowSchema({ ...body });
            if (schemaError) fail(schemaError.field, schemaError.message);
            const key = typeof body[keyField] === 'string' ? (body[keyField] as string) : '';
            const own = key ? held.get(keyField)?.get(key) : undefined;
            for (const [fieldKey] of uniques) {
              const value = body[fieldKey];
              if (typeof value !== 'string') continue;
              const first = inFile.get(fieldKey)?.get(value);
              if (first !== undefined) {
                fail(fieldKey, t('import.duplicateInFile', { row: first }));
                continue;
              }
              const holder = held.get(fieldKey)?.get(value);
              if (holder && holder.id !== own?.id) {
                const label = target.entity.fields[fieldKey]?.label[currentLocale()] ?? fieldKey;
                fail(fieldKey, t('crud.taken', { field: label, value }));
              }
            }
            if (errors.length > 0) {
              out.reject(row, cells, errors);
              continue;
            }
            // A valid row holds its unique values: a later row repeating one is refused naming this row.
            for (const [fieldKey] of uniques) {
              const value = body[fieldKey];
              if (typeof value === 'string') inFile.get(fieldKey)?.set(value, row);
            }
            out.valid({ body, ...(own ? { id: Number(own.id) } : {}) });
            if (own) existing += 1;
          }
          await out.flush();
        }
        return { total, existing, columns: [...at.keys()] };
      });
    },

    /** Applies a preview's valid rows in one transaction: insert skips existing keys, upsert updates their cells. */
    async commit(input: { previewId: string; mode: ImportMode }, principal: Principal): Promise<ImportResultCounts> {
      await authorize(principal, routeOf(target, 'create'));
      if (input.mode === 'upsert') await authorize(principal, routeOf(target, 'update'));
      return importJobs.commit<CheckedRow>(kind, input.previewId, principal, input.mode, async (rows, mode, report) =>
        db.transaction().execute(async (trx) => {
          // biome-ignore lint/suspicious/noExplicitAny: the table is the descriptor's
          const executor = trx as Kysely<any>;
          const result = { inserted: 0, updated: 0, skipped: 0 };
          const created = createdField(target);
          let done = 0;
          for (const { body } of rows) {
            done += 1;
            if (done % REPORT_EVERY === 0) report(done);
            const key = String(body[keyField]);
            // Rechecked now: the key's row as it is, not as the preview saw it.
            const [current] = await rowsByValues(executor, target, keyColumn, [key]);
            const stored: StoredRow = {};
            for (const [fieldKey, value] of Object.entries(body)) {
              const spec = target.entity.fields[fieldKey];
              if (spec?.column) stored[spec.column] = toStored(spec, value);
            }
            for (const [, spec] of uniqueFields(target)) {
              const value = stored[spec.column as string];
              if (typeof value !== 'string') continue;
              const [holder] = await rowsByValues(executor, target, spec.column as string, [value]);
              if (holder && holder.id !== current?.id) {
                const label = spec.label[currentLocale()];
                throw badRequest(t('crud.taken', { field: label, value }));
              }
            }
            if (current) {
              if (mode === 'insert') {
                result.skipped += 1;
                continue;
              }
              await updateRow(executor, target, Number(current.id), stored);
              result.updated += 1;
              continue;
            }
            for (const [, spec] of writableFields(target)) {
              if (!((spec.column as string) in stored)) stored[spec.column as string] = defaultStored(spec);
            }
            if (created) stored[created[1].column as string] = new Date().toISOString();
            await insertRow(executor, target, stored);
            result.inserted += 1;
          }
          report(done);
          return result;
        }),
      );
    },

    /** An export row's cells (for tests comparing a sheet with the stored rows). */
    toSheet: (row: StoredRow) => toSheet(target, row),
  };
}

export type CrudTransfer = ReturnType<typeof createCrudTransfer>;
