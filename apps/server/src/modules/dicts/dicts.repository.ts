import { type Kysely, sql } from 'kysely';
import { containsPattern } from '../../platform/db/like.js';
import { preparedQuery } from '../../platform/db/prepared.js';
import type { DB, DictItemRow } from '../../platform/db/schema.js';
import { DICT_COLUMNS, DICT_ITEM_COLUMNS } from './dicts.reads.js';

export function createDictsRepository(db: Kysely<DB>) {
  // The items of a dictionary feed every dictionary-backed field: compiled once.
  const items = preparedQuery(db, (db, dictCode: string) =>
    db
      .selectFrom('dict_item')
      .select(DICT_ITEM_COLUMNS)
      .where('dict_code', '=', dictCode)
      .orderBy('order_num')
      .orderBy('id'),
  );
  return {
    /** One page, newest first, or by name or code (`sort`; equal names by id) in `sort.order`. */
    async page(
      dictName: string | undefined,
      offset: number,
      limit: number,
      sort?: { field: 'dictName' | 'dictCode'; order: 'asc' | 'desc' },
    ) {
      const filter = dictName
        ? sql<boolean>`dict_name like ${containsPattern(dictName)} escape '\\'`
        : sql<boolean>`1 = 1`;
      let ordered = db.selectFrom('dict').select(DICT_COLUMNS).where(filter);
      if (sort) ordered = ordered.orderBy(sort.field === 'dictName' ? 'dict_name' : 'dict_code', sort.order);
      ordered = ordered.orderBy('id', sort?.order ?? 'desc');
      const [rows, total] = await Promise.all([
        ordered.limit(limit).offset(offset).execute(),
        db
          .selectFrom('dict')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where(filter)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },
    findById(id: number) {
      return db.selectFrom('dict').select(DICT_COLUMNS).where('id', '=', id).executeTakeFirst();
    },
    findByCode(dictCode: string) {
      return db.selectFrom('dict').select(DICT_COLUMNS).where('dict_code', '=', dictCode).executeTakeFirst();
    },
    async insert(row: { dict_name: string; dict_code: string; remark: string | null; create_time: string }) {
      const { id } = await db.insertInto('dict').values(row).returning('id').executeTakeFirstOrThrow();
      return id;
    },
    async update(id: number, changes: { dict_name: string; remark: string | null }) {
      await db.updateTable('dict').set(changes).where('id', '=', id).execute();
    },
    async countItems(dictCode: string): Promise<number> {
      const row = await db
        .selectFrom('dict_item')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('dict_code', '=', dictCode)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async delete(id: number) {
      await db.deleteFrom('dict').where('id', '=', id).execute();
    },
    items(dictCode: string) {
      return items(dictCode);
    },
    findItem(id: number) {
      return db.selectFrom('dict_item').select(DICT_ITEM_COLUMNS).where('id', '=', id).executeTakeFirst();
    },
    async insertItem(row: Omit<DictItemRow, 'id'>) {
      const { id } = await db.insertInto('dict_item').values(row).returning('id').executeTakeFirstOrThrow();
      return id;
    },
    async updateItem(
      id: number,
      changes: Partial<Pick<DictItemRow, 'key_value' | 'state' | 'tag_color'>> &
        Pick<DictItemRow, 'value' | 'pid' | 'order_num'>,
    ) {
      await db.updateTable('dict_item').set(changes).where('id', '=', id).execute();
    },
    async deleteItem(id: number) {
      await db.deleteFrom('dict_item').where('id', '=', id).execute();
    },
    /** Every item of the dictionaries the given items belong to (a bulk delete judges whole trees). */
    itemsBeside(ids: readonly number[]) {
      return db
        .selectFrom('dict_item')
        .select(['id', 'pid'])
        .where('dict_code', 'in', db.selectFrom('dict_item').select('dict_code').where('id', 'in', ids))
        .execute();
    },
    /**
     * The next `limit` dictionaries under the list's filter and sort after `after` (the last one of the previous
     * batch): a keyset read, so an export never skips or repeats a dictionary and never counts an OFFSET.
     */
    exportBatch(
      dictName: string | undefined,
      sort: { field: 'dictName' | 'dictCode'; order: 'asc' | 'desc' } | undefined,
      after: { id: number; key: string } | undefined,
      limit: number,
    ) {
      const filter = dictName
        ? sql<boolean>`dict_name like ${containsPattern(dictName)} escape '\\'`
        : sql<boolean>`1 = 1`;
      const order = sort?.order ?? 'desc';
      const column = sort?.field === 'dictCode' ? 'dict_code' : 'dict_name';
      const beyond = order === 'asc' ? '>' : '<';
      let q = db.selectFrom('dict').select(DICT_COLUMNS).where(filter);
      if (after) {
        q = sort
          ? q.where((eb) =>
              eb.or([eb(column, beyond, after.key), eb.and([eb(column, '=', after.key), eb('id', beyond, after.id)])]),
            )
          : q.where('id', beyond, after.id);
      }
      if (sort) q = q.orderBy(column, order);
      return q.orderBy('id', order).limit(limit).execute();
    },
    /** Every item of the dictionaries `codes`, siblings by orderNum then id. */
    itemsOfDicts(codes: readonly string[]) {
      return db
        .selectFrom('dict_item')
        .select(DICT_ITEM_COLUMNS)
        .where('dict_code', 'in', codes)
        .orderBy('dict_code')
        .orderBy('order_num')
        .orderBy('id')
        .execute();
    },
    /** Every dictionary's code, by code (an import's lookups and its template's drop-down). */
    allCodes() {
      return db.selectFrom('dict').select(['dict_code']).orderBy('dict_code').execute();
    },
    async deleteItems(ids: readonly number[]) {
      if (ids.length === 0) return;
      // Children and parents go together: the links among them first, then the rows.
      await db.updateTable('dict_item').set({ pid: null }).where('id', 'in', ids).execute();
      await db.deleteFrom('dict_item').where('id', 'in', ids).execute();
    },
  };
}

export type DictsRepository = ReturnType<typeof createDictsRepository>;
