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
/** Also counts the statements that may write (`onWrite`): Kysely prepares each statement right before running it. */
function cacheStatements(sqlite: SQLite.Database, onWrite: () => void): void {
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
    if (!statement.readonly) onWrite();
    return statement;
  }) as typeof sqlite.prepare;
  const exec = sqlite.exec.bind(sqlite);
  sqlite.exec = ((source: string) => {
    onWrite();
    return exec(source);
  }) as typeof sqlite.exec;
}

/**
 * The state of the data as a process-local stamp: it changes whenever anything may have been written since the
 * last call, by this process (every statement that is not read-only counts, committed or not) or by another
 * connection to the file (`PRAGMA data_version`). Equal stamps mean equal data, so a result read under one stamp
 * can be served again while the stamp stays the same (`preparedQuery`'s `cache`, ADR 0013).
 */
export type DataStamp = () => string;
const dataStamps = new WeakMap<object, DataStamp>();

const statementNamers = new WeakMap<object, (sql: string) => void>();

/** Makes `sql` a named statement on the PostgreSQL database `db` was opened on (see openPostgres); else nothing. */
export function nameStatement(db: Kysely<never> | Kysely<DB>, sql: string): void {
  statementNamers.get(db)?.(sql);
}

/** The data stamp of a database opened here, or undefined (PostgreSQL, transactions, plugin wrappers). */
export function dataStampOf(db: Kysely<never> | Kysely<DB>): DataStamp | undefined {
  return dataStamps.get(db);
}

/** `readCache: false` gives the database no data stamp, so no result is served from memory (SQLITE_READ_CACHE). */
export function openSqlite(file: string, options: { readCache?: boolean } = {}): Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  let writes = 0;
  cacheStatements(sqlite, () => {
    writes++;
  });
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  const db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect(sqlite) });
  // data_version is read once per turn of the event loop (it costs a call into SQLite, ~2 µs): every request served
  // with it arrived before it was read, so it is as fresh for them as a read of their own. The local count is
  // always current.
  let version: number | undefined;
  const forget = () => {
    version = undefined;
  };
  const stamp: DataStamp = () => {
    if (version === undefined) {
      version = dataVersion.get() as number;
      setImmediate(forget);
    }
    return `${writes}:${version}`;
  };
  if (options.readCache !== false) dataStamps.set(db, stamp);
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
  // The statements preparedQuery names run as named (server-side prepared) statements: PostgreSQL parses them once
  // per connection and, where the plan does not depend on the values, plans them once too (planning a page of
  // accounts took four times as long as running it).
  const names = new Map<string, string>();
  pool.on('connect', (client) => {
    // A connection ended while checked out between two queries (pg_terminate_backend, a restart) emits 'error' on
    // the client itself: without a listener that is an uncaught exception that stops the process. The query that
    // uses it next fails (503) and the pool discards it on release.
    client.on('error', () => {});
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((text: unknown, values?: unknown, ...rest: unknown[]) => {
      const name = typeof text === 'string' && Array.isArray(values) && rest.length === 0 && names.get(text);
      return name ? query({ name, text, values }) : query(text, values, ...rest);
    }) as typeof client.query;
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  statementNamers.set(db, (text) => {
    if (!names.has(text)) names.set(text, `gh_${names.size + 1}`);
  });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}
