import { type Kysely, Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { lanes, openTestDatabase } from '../../../test/harness.js';
import { migrate, migrationsFor } from '../../platform/db/migrations.js';

const ADDED = '0035_dict_item_key_state_color';

/** Brings `db` to the migration before ADDED, as an installation of the release before it is. */
async function migrateToBefore(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres') {
  const migrations = await migrationsFor(dialect);
  const names = Object.keys(migrations);
  const before = names[names.indexOf(ADDED) - 1] as string;
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(before);
  if (error) throw error;
}

describe.each(lanes)('dictionary item migration on %s', (lane) => {
  it(`${ADDED}: existing items keep their value as key value, enabled, without a colour`, async () => {
    const database = await openTestDatabase(lane);
    // biome-ignore lint/suspicious/noExplicitAny: the table as it was before the migration, not the current schema
    const db = database.db as unknown as Kysely<any>;
    try {
      await migrateToBefore(db, database.dialect);
      await db
        .insertInto('dict')
        .values({ dict_name: '性别', dict_code: 'gender', remark: null, create_time: '2026-01-01T00:00:00.000Z' })
        .execute();
      const male = await db
        .insertInto('dict_item')
        .values({ dict_code: 'gender', value: '男', pid: null, order_num: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('dict_item')
        .values({ dict_code: 'gender', value: '未说明', pid: male.id, order_num: 2 })
        .execute();

      await migrate(db, database.dialect);

      const rows = await db
        .selectFrom('dict_item')
        .select(['value', 'key_value', 'state', 'tag_color', 'pid', 'order_num'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { value: '男', key_value: '男', state: 1, tag_color: null, pid: null, order_num: 1 },
        { value: '未说明', key_value: '未说明', state: 1, tag_color: null, pid: male.id, order_num: 2 },
      ]);
    } finally {
      await database.dispose();
    }
  });
});
