import { type Kysely, sql } from 'kysely';
import type { Dialect } from './database.js';

/**
 * The schema of a database as plain data, for migrations.test.ts to compare: every table, column, index, constraint,
 * trigger and function as the database itself states it, the migrations recorded (names only, not when), and the
 * rows the migrations insert (`row_count`).
 */
export interface SchemaDump {
  objects: Record<string, unknown>[];
  migrations: string[];
  rowCounts: Record<string, unknown>[];
}

export async function dumpSchema(db: Kysely<unknown>, dialect: Dialect): Promise<SchemaDump> {
  const rows = async (query: ReturnType<typeof sql>) => (await query.execute(db)).rows as Record<string, unknown>[];
  const migrations = (await rows(sql`select name from kysely_migration order by name`)).map((row) => String(row.name));
  const rowCounts = await rows(sql`select name, n from row_count order by name`);
  if (dialect === 'sqlite') {
    const objects = await rows(sql`
      select type, name, tbl_name, sql from sqlite_master where name not like 'sqlite_%' order by type, name`);
    return { objects, migrations, rowCounts: rowCounts.map((row) => ({ ...row, n: Number(row.n) })) };
  }
  const objects = [
    ...(await rows(sql`
      select 'column' as kind, table_name, column_name, ordinal_position, data_type, character_maximum_length,
        is_nullable, column_default, is_identity, identity_generation
      from information_schema.columns where table_schema = current_schema()
      order by table_name, ordinal_position`)),
    ...(await rows(sql`
      select 'constraint' as kind, conrelid::regclass::text as table_name, conname, pg_get_constraintdef(oid) as def
      from pg_constraint where connamespace = current_schema()::regnamespace
      order by conrelid::regclass::text, conname`)),
    ...(await rows(sql`
      select 'index' as kind, tablename, indexname, indexdef from pg_indexes where schemaname = current_schema()
      order by tablename, indexname`)),
    ...(await rows(sql`
      select 'trigger' as kind, t.tgrelid::regclass::text as table_name, t.tgname, pg_get_triggerdef(t.oid) as def
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace
      order by t.tgrelid::regclass::text, t.tgname`)),
    ...(await rows(sql`
      select 'function' as kind, proname, pg_get_functiondef(oid) as def
      from pg_proc where pronamespace = current_schema()::regnamespace order by proname`)),
  ].map((row) => ({
    ...row,
    // Numbers arrive as strings or numbers depending on the client (pg, PGlite).
    ...('ordinal_position' in row ? { ordinal_position: Number(row.ordinal_position) } : {}),
    ...('character_maximum_length' in row && row.character_maximum_length !== null
      ? { character_maximum_length: Number(row.character_maximum_length) }
      : {}),
  }));
  return { objects, migrations, rowCounts: rowCounts.map((row) => ({ ...row, n: Number(row.n) })) };
}
