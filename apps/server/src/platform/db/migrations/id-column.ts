import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * A new table with its `id` column: SQLite INTEGER PRIMARY KEY AUTOINCREMENT, PostgreSQL an identity column.
 * Everything else in the migrations is portable DDL. Released migrations call it, so it is frozen like them
 * (released.json).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export function idColumn(db: Kysely<any>, dialect: Dialect, table: string) {
  const builder = db.schema.createTable(table);
  return dialect === 'sqlite'
    ? builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    : builder.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity());
}
