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

/**
 * Kysely prepares every query afresh; with SQLite that costs as much as running a small query. The statements of
 * the last STATEMENT_CACHE distinct SQL texts are kept (SQLite re-prepares them itself after a schema change).
 */
const STATEMENT_CACHE = 500;
function cacheStatements(sqlite: SQLite.Database): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, SQLite.Statement>();
  sqlite.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (statement) {
      cache.delete(source);
    } else {
      statement = prepare(source);
      if (cache.size >= STATEMENT_CACHE) cache.delete(cache.keys().next().value!);
    }
    cache.set(source, statement);
    return statement;
  }) as typeof sqlite.prepare;
}

export function openSqlite(file: string): Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  cacheStatements(sqlite);
  const db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect(sqlite) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

export function openPostgres(connectionString: string): Database {
  // A database that is down or restarting is reported (503) within the connect timeout instead of hanging
  // requests; the pool reconnects by itself once it is back.
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    statement_timeout: 15_000,
    connectionTimeoutMillis: 3_000,
    query_timeout: 20_000,
  });
  // An idle connection the server drops (restart, failover, admin termination) must not crash the process;
  // the pool discards it and the next query opens a fresh one.
  pool.on('error', (error) => process.stderr.write(`PostgreSQL idle connection lost: ${error.message}\n`));
  // A connection ended while checked out between two queries (pg_terminate_backend, a restart) emits 'error' on
  // the client itself: without a listener that is an uncaught exception that stops the process. The query that
  // uses it next fails (503) and the pool discards it on release.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}
