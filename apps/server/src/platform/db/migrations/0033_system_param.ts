import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // 系统参数 (issue 36): the values changed on that screen, one row per parameter (the environment or the default
  // holds the others). Every instance reads `param_version` on each request and reloads the rows when it moved.
  await db.schema
    .createTable('system_param')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(200)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(30)', (c) => c.notNull())
    .addColumn('update_by', 'integer')
    .execute();
  await sql`insert into row_count (name, n) values ('param_version', 0)`.execute(db);
}
