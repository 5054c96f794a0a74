import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn } from './id-column.js';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // 岗位 (contract posts.entity.ts): code and name unique, as the descriptor says; the list sorts by sort_order, then id.
  await idColumn(db, dialect, 'post')
    .addColumn('post_code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('post_name', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remark', 'varchar(500)')
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('post_sort_idx').on('post').columns(['sort', 'id']).execute();
}
