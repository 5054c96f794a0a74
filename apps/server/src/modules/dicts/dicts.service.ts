import {
  type BodyOf,
  COMMON_DICTS,
  type CommonDictItem,
  type DictSheetKey,
  type DictTagColor,
  dictEntity,
  dictItemEntity,
  dictSheetColumns,
  labelOf,
  type QueryOf,
  type Routes,
} from '@gatehouse/contract';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../platform/db/db-errors.js';
import type { DB, DictItemRow, DictRow } from '../../platform/db/schema.js';
import { countChildren, isInSubtree } from '../../platform/db/tree.js';
import { tableColumn } from '../../platform/entity-sheets.js';
import { type BatchOutcome, badRequest, fieldError, partition } from '../../platform/errors.js';
import { t } from '../../platform/i18n.js';
import { dayStamp, selectColumns, type TableColumn, type TableFile } from '../../platform/spreadsheet.js';
import { createDictsRepository, type DictsRepository } from './dicts.repository.js';

/** Dictionaries read per query by the export (their items with them). */
const EXPORT_BATCH = 200;

/**
 * One row of the dictionary export: a value under each of the sheet's columns (contract dictSheetColumns), an item
 * with its dictionary, or a dictionary without items (its item cells empty).
 */
export type DictExportRow = Record<DictSheetKey, string | number | null>;

/** The export's columns (the descriptors' sheet columns), headers in the request's language. */
const dictExportColumns = (): TableColumn<DictExportRow>[] =>
  dictSheetColumns().map((column) => tableColumn<DictSheetKey, DictExportRow>(column));

const toDict = (row: DictRow) => ({ id: row.id, dictName: row.dict_name, dictCode: row.dict_code, remark: row.remark });
const toItem = (row: DictItemRow) => ({
  id: row.id,
  dictCode: row.dict_code,
  value: row.value,
  pid: row.pid,
  orderNum: row.order_num,
  keyValue: row.key_value,
  state: row.state === 1,
  // Written only through the contract's closed list (DICT_TAG_COLORS).
  tagColor: row.tag_color as DictTagColor | null,
});

/** 状态 as stored: the contract's 0/1 (or a boolean) as 1 or 0. */
const stateOf = (state: 0 | 1 | boolean) => (state === 1 || state === true ? 1 : 0);

/** Parents before children, siblings by orderNum: the adjacency list in tree order. */
function treeOrder(rows: readonly DictItemRow[]): DictItemRow[] {
  const ids = new Set(rows.map((r) => r.id));
  const byParent = new Map<number | null, DictItemRow[]>();
  for (const row of rows) {
    const key = row.pid !== null && ids.has(row.pid) ? row.pid : null;
    byParent.set(key, [...(byParent.get(key) ?? []), row]);
  }
  const out: DictItemRow[] = [];
  const walk = (pid: number | null) => {
    for (const row of byParent.get(pid) ?? []) {
      out.push(row);
      walk(row.id);
    }
  };
  walk(null);
  return out;
}

/** The fields' names in validation messages: their zh-CN labels, as the contract's titles name them. */
const NAME_TITLE = labelOf(dictEntity, 'dictName', 'zh-CN');
const VALUE_TITLE = labelOf(dictItemEntity, 'value', 'zh-CN');
const KEY_TITLE = labelOf(dictItemEntity, 'keyValue', 'zh-CN');

function text(value: string, field: string) {
  const trimmed = value.trim();
  if (!trimmed) throw badRequest(t('validation.blank', { field }));
  return trimmed;
}

export function createDictsService(db: Kysely<DB>) {
  const repo = createDictsRepository(db);

  async function checkItemParent(
    r: DictsRepository,
    trx: Kysely<DB>,
    dictCode: string,
    pid: number | null,
    selfId?: number,
  ) {
    if (pid === null) return;
    const parent = await r.findItem(pid);
    if (!parent) throw badRequest(t('dictItem.parentNotFound'));
    if (parent.dict_code !== dictCode) throw badRequest(t('dictItem.parentOtherDict'));
    if (selfId !== undefined && (await isInSubtree(trx, 'dict_item', selfId, pid)))
      throw badRequest(t('dictItem.cycle'));
  }

  /** Adds a dictionary on `executor` as POST /dict does (its code not taken); answers its id. */
  async function createIn(executor: Kysely<DB>, input: BodyOf<Routes['createDict']>): Promise<number> {
    const r = createDictsRepository(executor);
    const dictCode = input.dictCode.trim();
    const row = {
      dict_name: text(input.dictName, NAME_TITLE),
      dict_code: dictCode,
      remark: input.remark?.trim() || null,
    };
    if (await r.findByCode(dictCode)) throw fieldError('dictCode', t('dict.codeTaken', { dictCode }));
    return r.insert({ ...row, create_time: new Date().toISOString() });
  }

  /** Edits a dictionary on `executor` as PUT /dict does (its code fixed). */
  async function updateIn(executor: Kysely<DB>, input: BodyOf<Routes['updateDict']>): Promise<void> {
    const r = createDictsRepository(executor);
    const current = await r.findById(input.id);
    if (!current) throw badRequest(t('dict.notFound'));
    if (input.dictCode.trim() !== current.dict_code) throw badRequest(t('dict.codeFixed'));
    await r.update(current.id, {
      dict_name: text(input.dictName, NAME_TITLE),
      remark: input.remark?.trim() || null,
    });
  }

  /** Deletes a dictionary on `trx` as DELETE /dict does: never one with items left (they go first, on their screen). */
  async function removeIn(trx: Kysely<DB>, id: number): Promise<void> {
    const r = createDictsRepository(trx);
    const current = await r.findById(id);
    if (!current) throw badRequest(t('dict.notFound'));
    const items = await r.countItems(current.dict_code);
    if (items > 0) throw badRequest(t('dict.hasItems', { name: current.dict_name, count: items }));
    await r.delete(current.id);
  }

  /** Adds an item on `trx` as POST /dict/item does (its parent in the same dictionary); answers its id. */
  async function createItemIn(trx: Kysely<DB>, input: BodyOf<Routes['createDictItem']>): Promise<number> {
    const r = createDictsRepository(trx);
    const dict = await r.findByCode(input.dictCode.trim());
    if (!dict) throw badRequest(t('dict.notFound'));
    const pid = input.pid ?? null;
    await checkItemParent(r, trx, dict.dict_code, pid);
    const value = text(input.value, VALUE_TITLE);
    return r.insertItem({
      dict_code: dict.dict_code,
      value,
      pid,
      order_num: input.orderNum ?? 0,
      // A client that sends only the specification's fields (ADR 0034): the label is the key value.
      key_value: input.keyValue === undefined ? value : text(input.keyValue, KEY_TITLE),
      state: input.state === undefined ? 1 : stateOf(input.state),
      tag_color: input.tagColor ?? null,
    });
  }

  /** Edits an item on `trx` as PUT /dict/item does (in its own dictionary, never moved under itself). */
  async function updateItemIn(trx: Kysely<DB>, input: BodyOf<Routes['updateDictItem']>): Promise<void> {
    const r = createDictsRepository(trx);
    const current = await r.findItem(input.id);
    if (!current) throw badRequest(t('dictItem.notFound'));
    // An item stays in its dictionary; the dictCode sent must be its own.
    if (input.dictCode.trim() !== current.dict_code) throw badRequest(t('dict.codeFixed'));
    const pid = input.pid ?? null;
    await checkItemParent(r, trx, current.dict_code, pid, current.id);
    await r.updateItem(current.id, {
      value: text(input.value, VALUE_TITLE),
      pid,
      order_num: input.orderNum ?? current.order_num,
      // Left out: kept (a client of the specification's fields never changes what the item stores).
      key_value: input.keyValue === undefined ? current.key_value : text(input.keyValue, KEY_TITLE),
      state: input.state === undefined ? current.state : stateOf(input.state),
      tag_color: input.tagColor === undefined ? current.tag_color : input.tagColor,
    });
  }

  /** Deletes an item on `trx` as DELETE /dict/item does: never one with children. */
  async function removeItemIn(trx: Kysely<DB>, id: number): Promise<void> {
    const r = createDictsRepository(trx);
    if (!(await r.findItem(id))) throw badRequest(t('dictItem.notFound'));
    const children = await countChildren(trx, 'dict_item', id);
    if (children > 0) throw badRequest(t('dictItem.hasChildren', { count: children }));
    await r.deleteItem(id);
  }

  return {
    // The writes on a transaction the caller holds (the configuration bundle's one transaction), under the routes' rules.
    createIn,
    updateIn,
    removeIn,
    createItemIn,
    updateItemIn,
    removeItemIn,

    async list(query: QueryOf<Routes['listDicts']>) {
      const sort = query.sort && { field: query.sort, order: query.order ?? 'asc' };
      const { rows, total } = await repo.page(
        query.dictName?.trim(),
        (query.p - 1) * query.pageSize,
        query.pageSize,
        sort,
      );
      return { list: rows.map(toDict), totalCount: total, totalPage: Math.ceil(total / query.pageSize) };
    },

    async create(input: BodyOf<Routes['createDict']>) {
      try {
        const id = await createIn(db, input);
        return toDict((await repo.findById(id))!);
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw fieldError('dictCode', t('dict.codeTaken', { dictCode: input.dictCode.trim() }));
        }
        throw error;
      }
    },

    async update(input: BodyOf<Routes['updateDict']>) {
      await updateIn(db, input);
      return toDict((await repo.findById(input.id))!);
    },

    async remove(id: number) {
      await db.transaction().execute((trx) => removeIn(trx, id));
    },

    /**
     * Adds the common dictionaries (contract COMMON_DICTS) this installation lacks, by dictCode, with their items, in
     * one transaction; one that exists is left as it is.
     */
    async addCommon(): Promise<{ added: number; existing: number }> {
      return db.transaction().execute(async (trx) => {
        const r = createDictsRepository(trx);
        const at = new Date().toISOString();
        let added = 0;
        const insertItems = async (dictCode: string, items: readonly CommonDictItem[], pid: number | null) => {
          for (const [order, item] of items.entries()) {
            const id = await r.insertItem({
              dict_code: dictCode,
              value: item.value,
              pid,
              order_num: order,
              key_value: item.keyValue ?? item.value,
              state: item.state === false ? 0 : 1,
              tag_color: item.tagColor ?? null,
            });
            await insertItems(dictCode, item.children ?? [], id);
          }
        };
        for (const dict of COMMON_DICTS) {
          if (await r.findByCode(dict.dictCode)) continue;
          await r.insert({ dict_name: dict.dictName, dict_code: dict.dictCode, remark: dict.remark, create_time: at });
          await insertItems(dict.dictCode, dict.items, null);
          added += 1;
        }
        return { added, existing: COMMON_DICTS.length - added };
      });
    },

    /**
     * The dictionaries under the list's filter and sort, with their items, as a table (GET /dict/export): `columns`
     * checked first; dictionaries read in keyset batches as the client reads, each batch with its items.
     */
    exportTable(query: QueryOf<Routes['exportDicts']>): TableFile<DictExportRow> {
      const columns = selectColumns(dictExportColumns(), query.columns);
      const dictName = query.dictName?.trim() || undefined;
      const sort = query.sort && { field: query.sort, order: query.order ?? ('asc' as const) };
      async function* rows(): AsyncGenerator<DictExportRow> {
        let after: { id: number; key: string } | undefined;
        for (;;) {
          const dicts = await repo.exportBatch(dictName, sort, after, EXPORT_BATCH);
          if (dicts.length === 0) return;
          const items = await repo.itemsOfDicts(dicts.map((d) => d.dict_code));
          const byDict = new Map<string, DictItemRow[]>();
          for (const item of items) {
            const list = byDict.get(item.dict_code);
            if (list) list.push(item);
            else byDict.set(item.dict_code, [item]);
          }
          for (const dict of dicts) {
            const own = treeOrder(byDict.get(dict.dict_code) ?? []);
            const base = { dictName: dict.dict_name, dictCode: dict.dict_code, remark: dict.remark };
            if (own.length === 0) {
              yield {
                ...base,
                value: null,
                keyValue: null,
                parentValue: null,
                orderNum: null,
                state: null,
                tagColor: null,
              };
              continue;
            }
            const valueById = new Map(own.map((item) => [item.id, item.value]));
            for (const item of own) {
              yield {
                ...base,
                value: item.value,
                keyValue: item.key_value,
                parentValue: item.pid === null ? null : (valueById.get(item.pid) ?? null),
                orderNum: item.order_num,
                state: t(item.state === 1 ? 'sheet.state.enabled' : 'sheet.state.disabled'),
                tagColor: item.tag_color,
              };
            }
          }
          if (dicts.length < EXPORT_BATCH) return;
          const last = dicts[dicts.length - 1] as DictRow;
          after = { id: last.id, key: sort?.field === 'dictCode' ? last.dict_code : last.dict_name };
        }
      }
      const name = t('dictExport.fileName');
      const day = dayStamp();
      return {
        format: query.format ?? 'xlsx',
        fileName: `${name}-${day}`,
        fallbackName: `dictionaries-${day}`,
        sheetName: name,
        columns,
        rows: rows(),
      };
    },

    async items(dictCode: string) {
      return treeOrder(await repo.items(dictCode.trim())).map(toItem);
    },

    createItem(input: BodyOf<Routes['createDictItem']>) {
      return db.transaction().execute(async (trx) => {
        const id = await createItemIn(trx, input);
        return toItem((await createDictsRepository(trx).findItem(id))!);
      });
    },

    updateItem(input: BodyOf<Routes['updateDictItem']>) {
      return db.transaction().execute(async (trx) => {
        await updateItemIn(trx, input);
        return toItem((await createDictsRepository(trx).findItem(input.id))!);
      });
    },

    /**
     * Bulk delete of items under the rule of `removeItem` (no children left behind): an item is deleted when all
     * its children are deleted with it; one whose children stay is refused, naming how many stay. The accepted
     * items are deleted in one transaction.
     */
    async removeItems(ids: readonly number[]): Promise<BatchOutcome<number>> {
      return db.transaction().execute(async (trx) => {
        const r = createDictsRepository(trx);
        const rows = await r.itemsBeside(ids);
        const exists = new Set(rows.map((row) => row.id));
        const children = new Map<number, number[]>();
        for (const row of rows) {
          if (row.pid !== null) children.set(row.pid, [...(children.get(row.pid) ?? []), row.id]);
        }
        const chosen = new Set(ids);
        const accepted = new Map<number, boolean>();
        const goes = (id: number): boolean => {
          let known = accepted.get(id);
          if (known === undefined) {
            known = (children.get(id) ?? []).every((child) => chosen.has(child) && goes(child));
            accepted.set(id, known);
          }
          return known;
        };
        const outcome = partition(ids, (id) => {
          if (!exists.has(id)) return badRequest(t('dictItem.notFound'));
          if (goes(id)) return undefined;
          const staying = (children.get(id) ?? []).filter((child) => !chosen.has(child) || !goes(child)).length;
          return badRequest(t('dictItem.hasChildren', { count: staying }));
        });
        await r.deleteItems(outcome.done);
        return outcome;
      });
    },

    async removeItem(id: number) {
      await db.transaction().execute((trx) => removeItemIn(trx, id));
    },
  };
}

export type DictsService = ReturnType<typeof createDictsService>;
