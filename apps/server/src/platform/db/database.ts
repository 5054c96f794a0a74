import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, type DatabaseConnection, Kysely, PostgresDialect, SqliteDialect, SqliteDriver } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  readonly db: Kysely<DB>;
  readonly dialect: Dialect;
  close(): Promise<void>;
}

/**
 * Write transactions take the SQLite write lock up front (BEGIN IMMEDIATE) so two processes never
 * deadlock upgrading a read lock; busy_timeout makes the other side wait instead of failing.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly database: SQLite.Database) {
    super({ database });
  }
  override createDriver() {
    return new ImmediateSqliteDriver({ database: this.database });
  }
}

export function openSqlite(file: string): Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect(sqlite) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

export function openPostgres(connectionString: string): Database {
  const pool = new pg.Pool({ connectionString, max: 10, statement_timeout: 15_000 });
  // An idle connection the server drops (restart, failover, admin termination) must not crash the process;
  // the pool discards it and the next query opens a fresh one.
  pool.on('error', (error) => process.stderr.write(`PostgreSQL idle connection lost: ${error.message}\n`));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}
