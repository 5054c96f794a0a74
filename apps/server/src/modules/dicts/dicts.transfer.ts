import {
  DICT_ITEM_ORDER_MAX,
  DICT_TAG_COLORS,
  type DictSheetKey,
  dictSheetColumns,
  IMPORT_MAX_ROWS,
  type ImportMode,
  type RouteDef,
  routes,
} from '@gatehouse/contract';
import type { Kysely } from 'kysely';
import type { DB, DictItemRow } from '../../platform/db/schema.js';
import { isInSubtree } from '../../platform/db/tree.js';
import { importColumns, tableColumn } from '../../platform/entity-sheets.js';
import { badRequest } from '../../platform/errors.js';
import type { Principal } from '../../platform/http.js';
import { t } from '../../platform/i18n.js';
import type { TableFile } from '../../platform/spreadsheet.js';
import {
  DEFAULT_TABLE_LIMITS,
  type ImportColumn,
  mapHeader,
  stateFromWord,
  type TableSource,
} from '../../platform/spreadsheet-read.js';
import { bodyValidator } from '../../platform/validation.js';
import type { ImportJobs, ImportResultCounts } from '../imports/index.js';
import { createDictsRepository, type DictsRepository } from './dicts.repository.js';

/**
 * Dictionary items in from a spreadsheet: the sheet of GET /dict/export read back, so an export imports
 * unchanged. An item is named by its dictionary (字典类型, which must exist) and its value; 上级数据 is the value of
 * an item of the same dictionary that exists or is an earlier row. Each row is checked by the rules of POST and PUT
 * /dict/item (the body schema, the parent in the same dictionary, no cycle); 字典名称 and 备注 belong to the
 * dictionary and are read only. 数据键值, 状态 and 标签颜色 are optional columns: an empty key value or
 * state is the item routes' absent field (the label and enabled for a new item, kept for an existing one); an empty
 * colour is none, as the export writes it. A row without item cells (a dictionary without items, as the export writes it) is
 * skipped. Nothing is written until the commit, one transaction.
 */

const LOOKUP_BATCH = 500;
const REPORT_EVERY = 500;

type DictColumn = DictSheetKey;

/**
 * The sheet's columns, from the dictionary's and the item's descriptors: 字典名称 and 备注 are the dictionary's, read
 * only; the earlier headers (数据值 before 数据标签, 字典CODE before 字典类型) are the descriptors' aliases, so a
 * sheet exported earlier imports unchanged.
 */
const SHEET = dictSheetColumns();

const IMPORT_COLUMNS: readonly ImportColumn<DictColumn>[] = importColumns(SHEET, ['dictCode', 'value']);

/** The single-row API's body fields as the sheet's columns. */
const FIELD_COLUMN: Record<string, DictColumn> = { pid: 'parentValue' };

/** An imported item as checked: what the commit writes. */
interface CheckedItem {
  dictCode: string;
  value: string;
  /** The parent's value (null: at the top, or the column is absent). */
  parentValue: string | null;
  /** Null: the cell was empty (0 for a new item, kept for an existing one). */
  orderNum: number | null;
  /** Null: the cell was empty or the column absent (the label for a new item, kept for an existing one). */
  keyValue: string | null;
  /** Null: the cell was empty or the column absent (enabled for a new item, kept for an existing one). */
  state: 0 | 1 | null;
  /** Null: no colour (an existing item keeps its own only when the column is absent). */
  tagColor: string | null;
  /** Set when the item exists. */
  id?: number;
}

/** Items are keyed by dictionary and value. */
const keyOf = (dictCode: string, value: string) => `${dictCode}\u0000${value}`;

/** The items of the dictionaries `codes`, by key (a value held twice in one dictionary is marked ambiguous). */
interface Items {
  byKey: Map<string, DictItemRow | 'ambiguous'>;
  byId: Map<number, DictItemRow>;
}

/** The items of these dictionaries, added to `into` (a new set when omitted). */
async function readItems(
  r: DictsRepository,
  codes: readonly string[],
  into: Items = { byKey: new Map(), byId: new Map() },
): Promise<Items> {
  const { byKey, byId } = into;
  for (let i = 0; i < codes.length; i += LOOKUP_BATCH) {
    for (const item of await r.itemsOfDicts(codes.slice(i, i + LOOKUP_BATCH))) {
      const key = keyOf(item.dict_code, item.value);
      byKey.set(key, byKey.has(key) ? 'ambiguous' : item);
      byId.set(item.id, item);
    }
  }
  return into;
}

export function createDictTransfer(
  db: Kysely<DB>,
  importJobs: ImportJobs,
  /** The guard's permission check (modules/auth): 403 unless the caller's role holds the route. */
  authorize: (principal: Principal, route: RouteDef) => Promise<void>,
) {
  const repo = createDictsRepository(db);
  const rowSchema = bodyValidator(routes.updateDictItem.body as object);

  return {
    /** The template: the sheet's writable columns, an example row, a drop-down of the dictionaries. */
    async template(): Promise<TableFile<Record<string, string | number | null>>> {
      const codes = (await repo.allCodes()).map((d) => d.dict_code);
      /** Drop-downs of the columns that take one of a list. */
      const choices: Partial<Record<DictColumn, string[]>> = {
        dictCode: codes,
        state: [t('sheet.state.enabled'), t('sheet.state.disabled')],
        tagColor: [...DICT_TAG_COLORS],
      };
      const first = codes[0];
      return {
        format: 'xlsx',
        fileName: t('dictImport.templateName'),
        fallbackName: 'dictionary-item-import-template',
        sheetName: t('dictExport.fileName'),
        // The columns a sheet may write (the descriptors' template flags): the item's.
        columns: SHEET.filter((spec) => spec.template).map((spec) => {
          const list = choices[spec.key];
          return tableColumn<DictColumn, Record<string, string | number | null>>(spec, list ? { choices: list } : {});
        }),
        rows: first
          ? [
              {
                dictCode: first,
                value: t('dictImport.exampleValue'),
                keyValue: null,
                parentValue: null,
                orderNum: 0,
                state: t('sheet.state.enabled'),
                tagColor: null,
              },
            ]
          : [],
        choiceRows: IMPORT_MAX_ROWS,
      };
    },

    /**
     * Reads and checks an uploaded sheet slice by slice (the file's rows are never all held); stores the outcome as a
     * preview. Writes no item. `file` is read once the process's preview slot is free (imports.service.ts).
     */
    async preview(file: TableSource | (() => Promise<TableSource>), principal: Principal) {
      // An import adds items: only an account that may add them one by one may import them.
      await authorize(principal, routes.createDictItem);
      const limits = { ...DEFAULT_TABLE_LIMITS, maxRows: IMPORT_MAX_ROWS };
      return importJobs.preview<CheckedItem>('dictItem', principal, file, limits, async (table, out) => {
        const at = mapHeader(table.header, IMPORT_COLUMNS);
        const cell = (cells: string[], key: DictColumn) => {
          const index = at.get(key);
          return index === undefined ? '' : (cells[index] ?? '');
        };
        const hasParentColumn = at.has('parentValue');
        const known = new Set((await repo.allCodes()).map((d) => d.dict_code));
        // The items of the dictionaries the file names, read as the slices name them.
        const items: Items = { byKey: new Map(), byId: new Map() };
        const read = new Set<string>();

        /** Each item of the file: the row it is on and whether that row passed. */
        const inFile = new Map<string, { row: number; ok: boolean }>();
        /** Parents the valid rows so far set (an item moved or added by the file). */
        const finalParent = new Map<string, string | null>();
        /** Each item's parent once the valid rows so far are applied (to refuse a cycle before it is written). */
        const parentOf = (key: string): string | null | undefined => {
          const moved = finalParent.get(key);
          if (moved !== undefined) return moved;
          const item = items.byKey.get(key);
          if (!item || item === 'ambiguous' || item.pid === null) return null;
          const parent = items.byId.get(item.pid);
          return parent ? keyOf(parent.dict_code, parent.value) : null;
        };
        let existing = 0;
        let skipped = 0;
        let total = 0;
        for await (const slice of table.slices) {
          total += slice.length;
          const named = [...new Set(slice.map((r) => cell(r.cells, 'dictCode')))].filter(
            (c) => known.has(c) && !read.has(c),
          );
          for (const code of named) read.add(code);
          await readItems(repo, named, items);
          for (const { row, cells } of slice) {
            const dictCode = cell(cells, 'dictCode');
            const value = cell(cells, 'value');
            const parentValue = cell(cells, 'parentValue') || null;
            const orderText = cell(cells, 'orderNum');
            const keyValue = cell(cells, 'keyValue') || null;
            const stateText = cell(cells, 'state');
            const tagColor = cell(cells, 'tagColor') || null;
            // A dictionary without items, as the export writes it: nothing to import.
            if (!value && !parentValue && !orderText && !keyValue && !stateText && !tagColor) {
              skipped += 1;
              continue;
            }
            const errors: { field: string; message: string }[] = [];
            const fail = (field: string, message: string) => {
              if (!errors.some((e) => e.field === field)) errors.push({ field, message });
            };
            let orderNum: number | null = null;
            if (orderText) {
              orderNum = /^\d+$/.test(orderText) ? Number(orderText) : Number.NaN;
              if (!(orderNum >= 0 && orderNum <= DICT_ITEM_ORDER_MAX)) fail('orderNum', t('dictImport.orderNum'));
            }
            const state = stateText ? stateFromWord(stateText) : null;
            if (state === undefined) fail('state', t('import.state'));
            if (tagColor !== null && !(DICT_TAG_COLORS as readonly string[]).includes(tagColor))
              fail('tagColor', t('dictImport.tagColor', { colors: DICT_TAG_COLORS.join(', ') }));
            if (dictCode && !known.has(dictCode)) fail('dictCode', t('dictImport.dictCode', { dictCode }));
            // The single-row API's body schema: required fields, lengths, plain text.
            const schemaError = rowSchema({
              id: 1,
              dictCode,
              value,
              pid: parentValue ? 1 : null,
              ...(orderNum !== null && !Number.isNaN(orderNum) ? { orderNum } : {}),
              ...(keyValue !== null ? { keyValue } : {}),
            });
            if (schemaError) fail(FIELD_COLUMN[schemaError.field] ?? schemaError.field, schemaError.message);

            const key = keyOf(dictCode, value);
            const current = items.byKey.get(key);
            const keyed = dictCode !== '' && value !== '' && !errors.some((e) => e.field === 'dictCode');
            if (keyed) {
              const first = inFile.get(key);
              if (first !== undefined) fail('value', t('import.duplicateInFile', { row: first.row }));
              else if (current === 'ambiguous') fail('value', t('dictImport.ambiguous', { dictCode, value }));
            }
            let parentKey: string | null = null;
            if (keyed && parentValue) {
              parentKey = keyOf(dictCode, parentValue);
              const earlier = inFile.get(parentKey);
              const stored = items.byKey.get(parentKey);
              if (parentValue === value) {
                fail('parentValue', t('dictImport.parentSelf'));
              } else if (earlier && !earlier.ok) {
                fail('parentValue', t('dictImport.parentRejected', { value: parentValue, row: earlier.row }));
              } else if (!earlier && stored === 'ambiguous') {
                fail('parentValue', t('dictImport.ambiguous', { dictCode, value: parentValue }));
              } else if (!earlier && !stored) {
                fail('parentValue', t('dictImport.parentMissing', { value: parentValue }));
              } else {
                // Never under itself nor under one of its own descendants (PUT /dict/item's cycle rule).
                const seen = new Set<string>();
                for (let at: string | null | undefined = parentKey; at; at = parentOf(at)) {
                  if (at === key || seen.has(at)) {
                    fail('parentValue', t('dictImport.parentSelf'));
                    break;
                  }
                  seen.add(at);
                }
              }
            }
            if (keyed && !inFile.has(key)) inFile.set(key, { row, ok: errors.length === 0 });

            if (errors.length > 0) {
              out.reject(row, cells, errors);
              continue;
            }
            const id = current && current !== 'ambiguous' ? current.id : undefined;
            if (hasParentColumn || id === undefined) finalParent.set(key, parentKey);
            out.valid({
              dictCode,
              value,
              parentValue,
              orderNum,
              keyValue,
              state: state ?? null,
              tagColor,
              ...(id !== undefined ? { id } : {}),
            });
            if (id !== undefined) existing += 1;
          }
          await out.flush();
        }
        // Rows of dictionaries without items are not rows to import: the counts are of the item rows.
        return { total: total - skipped, existing, columns: [...at.keys()] };
      });
    },

    /**
     * Applies a preview's valid rows in one transaction, in file order (parents first), rechecked against the
     * dictionaries as they are now: insert skips items that exist, upsert updates their parent and order (the
     * columns the file has).
     */
    async commit(input: { previewId: string; mode: ImportMode }, principal: Principal): Promise<ImportResultCounts> {
      await authorize(principal, routes.createDictItem);
      if (input.mode === 'upsert') await authorize(principal, routes.updateDictItem);
      return importJobs.commit<CheckedItem>(
        'dictItem',
        input.previewId,
        principal,
        input.mode,
        async (rows, mode, report, present) => {
          const has = (column: DictColumn) => present.includes(column);
          return db.transaction().execute(async (trx) => {
            const r = createDictsRepository(trx);
            const known = new Set((await r.allCodes()).map((d) => d.dict_code));
            const items = await readItems(r, [...new Set(rows.map((row) => row.dictCode))]);
            const ids = new Map<string, number | 'ambiguous'>(
              [...items.byKey].map(([key, item]) => [key, item === 'ambiguous' ? item : item.id]),
            );
            const result = { inserted: 0, updated: 0, skipped: 0 };
            let done = 0;
            const parentId = (row: CheckedItem) => {
              if (row.parentValue === null) return null;
              const id = ids.get(keyOf(row.dictCode, row.parentValue));
              if (typeof id !== 'number')
                throw badRequest(t('dictImport.changed', { dictCode: row.dictCode, value: row.value }));
              return id;
            };
            for (const row of rows) {
              done += 1;
              if (done % REPORT_EVERY === 0) report(done);
              if (!known.has(row.dictCode))
                throw badRequest(t('dictImport.changed', { dictCode: row.dictCode, value: row.value }));
              const found = ids.get(keyOf(row.dictCode, row.value));
              if (found === 'ambiguous')
                throw badRequest(t('dictImport.ambiguous', { dictCode: row.dictCode, value: row.value }));
              if (found !== undefined) {
                if (mode === 'insert') {
                  result.skipped += 1;
                  continue;
                }
                const current = items.byId.get(found);
                if (!current) throw badRequest(t('dictImport.changed', { dictCode: row.dictCode, value: row.value }));
                const pid = has('parentValue') ? parentId(row) : current.pid;
                if (pid !== null && pid !== current.pid && (await isInSubtree(trx, 'dict_item', found, pid))) {
                  throw badRequest(t('dictImport.parentSelf'));
                }
                await r.updateItem(found, {
                  value: row.value,
                  pid,
                  order_num: has('orderNum') && row.orderNum !== null ? row.orderNum : current.order_num,
                  key_value: row.keyValue ?? current.key_value,
                  state: row.state ?? current.state,
                  tag_color: has('tagColor') ? row.tagColor : current.tag_color,
                });
                result.updated += 1;
                continue;
              }
              const id = await r.insertItem({
                dict_code: row.dictCode,
                value: row.value,
                pid: parentId(row),
                order_num: row.orderNum ?? 0,
                key_value: row.keyValue ?? row.value,
                state: row.state ?? 1,
                tag_color: row.tagColor ?? null,
              });
              ids.set(keyOf(row.dictCode, row.value), id);
              result.inserted += 1;
            }
            report(done);
            return result;
          });
        },
      );
    },
  };
}

export type DictTransfer = ReturnType<typeof createDictTransfer>;
