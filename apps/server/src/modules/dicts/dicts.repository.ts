import { type Kysely, sql } from 'kysely';
import { preparedQuery } from '../../platform/db/prepared.js';
import type { DB, DictItemRow } from '../../platform/db/schema.js';

/** Escapes LIKE wildcards so a filter matches its text literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function createDictsRepository(db: Kysely<DB>) {
  // The items of a dictionary feed every dictionary-backed field: compiled once.
  const items = preparedQuery(db, (db, dictCode: string) =>
    db.selectFrom('dict_item').selectAll().where('dict_code', '=', dictCode).orderBy('order_num').orderBy('id'),
  );
  return {
    async page(dictName: string | undefined, offset: number, limit: number) {
      const filter = dictName
        ? sql<boolean>`dict_name like ${containsPattern(dictName)} escape '\\'`
        : sql<boolean>`1 = 1`;
      const [rows, total] = await Promise.all([
        db.selectFrom('dict').selectAll().where(filter).orderBy('id', 'desc').limit(limit).offset(offset).execute(),
        db
          .selectFrom('dict')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where(filter)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },
    findById(id: number) {
      return db.selectFrom('dict').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByCode(dictCode: string) {
      return db.selectFrom('dict').selectAll().where('dict_code', '=', dictCode).executeTakeFirst();
    },
    async insert(row: { dict_name: string; dict_code: string; remark: string | null; create_time: string }) {
      const { id } = await db.insertInto('dict').values(row).returning('id').executeTakeFirstOrThrow();
      return id;
    },
    async update(id: number, changes: { dict_name: string; remark: string | null }) {
      await db.updateTable('dict').set(changes).where('id', '=', id).execute();
    },
    async deleteWithItems(id: number, dictCode: string) {
      // Children before parents: clear the pid links, then the rows.
      await db.updateTable('dict_item').set({ pid: null }).where('dict_code', '=', dictCode).execute();
      await db.deleteFrom('dict_item').where('dict_code', '=', dictCode).execute();
      await db.deleteFrom('dict').where('id', '=', id).execute();
    },
    items(dictCode: string) {
      return items(dictCode);
    },
    findItem(id: number) {
      return db.selectFrom('dict_item').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async insertItem(row: Omit<DictItemRow, 'id'>) {
      const { id } = await db.insertInto('dict_item').values(row).returning('id').executeTakeFirstOrThrow();
      return id;
    },
    async updateItem(id: number, changes: Pick<DictItemRow, 'value' | 'pid' | 'order_num'>) {
      await db.updateTable('dict_item').set(changes).where('id', '=', id).execute();
    },
    async deleteItem(id: number) {
      await db.deleteFrom('dict_item').where('id', '=', id).execute();
    },
  };
}

export type DictsRepository = ReturnType<typeof createDictsRepository>;
