import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  Kysely,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  SqliteDriver,
} from 'kysely';
import pg from 'pg';
import { isSqliteBusy } from './db-errors.js';
import type { DB } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  readonly db: Kysely<DB>;
  readonly dialect: Dialect;
  close(): Promise<void>;
  /** PostgreSQL: the pool's connections, idle ones and queries waiting for one. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * PostgreSQL: one connection to the same database without the request timeouts, for the migrations at start: a
   * schema change on a large table (an index or a table filled from `account` at millions of rows) takes longer than
   * any request may. The caller closes it.
   */
  maintenance?(): Database;
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
  constructor(private readonly database: SqliteDatabase) {
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

/**
 * What Kysely's SQLite driver is given instead of the better-sqlite3 handle: `prepare` hands out the statement
 * already compiled for the same SQL text. The handle itself is left as it is. A statement is stateless between
 * runs as the driver uses it (`all`/`run`/`iterate` with the values; no `pluck`, `raw` or `expand`), and the
 * driver runs one query at a time on its one connection, so sharing it gives the same rows as a fresh one: new
 * row objects on every run.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(source: string) {
      let statement = statements.get(source);
      if (statement) {
        statements.delete(source);
      } else {
        statement = sqlite.prepare(source);
        if (statements.size >= STATEMENT_CACHE) statements.delete(statements.keys().next().value!);
      }
      statements.set(source, statement);
      return statement;
    },
  };
}

const statementNamers = new WeakMap<object, (sql: string) => void>();

/** Makes `sql` a named statement on the PostgreSQL database `db` was opened on (see openPostgres); else nothing. */
export function nameStatement(db: Kysely<never> | Kysely<DB>, sql: string): void {
  statementNamers.get(db)?.(sql);
}

/**
 * Runs `step` again while SQLite answers SQLITE_BUSY, sleeping `pauseMs` between tries, at most `tries` times;
 * any other error, or the last busy one, is thrown.
 */
export function whileBusy<T>(step: () => T, tries = 100, pauseMs = 50, pause = sleepSync): T {
  for (let attempt = 1; ; attempt++) {
    try {
      return step();
    } catch (error) {
      if (!isSqliteBusy(error) || attempt >= tries) throw error;
      pause(pauseMs);
    }
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export function openSqlite(file: string): Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file, { timeout: 5000 });
  // Switching to WAL needs the file's exclusive lock. When another process opens the same new file at the same
  // moment, SQLite answers SQLITE_BUSY without waiting (waiting could deadlock), so the switch is retried.
  whileBusy(() => sqlite.pragma('journal_mode = WAL'));
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect(withStatementCache(sqlite)) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** Connections of the PostgreSQL pool. */
const POOL_SIZE = 10;
/** How long opening a connection may take before the database counts as unreachable (503). */
const CONNECT_TIMEOUT_MS = 3_000;
/**
 * How long a query waits for a connection of a busy pool: the request's time budget (the web client gives up after
 * 30 s; a statement may run 15 s). A burst of writes larger than the pool queues for a connection instead of failing.
 */
const POOL_WAIT_MS = 15_000;

export interface PostgresPoolOptions {
  /** Connections (default 10). */
  max?: number;
  /** The wait for a free connection of a busy pool (default 15 s). */
  poolWaitMs?: number;
  /** The wait for a new connection to be opened (default 3 s). */
  connectTimeoutMs?: number;
  /** No statement or query timeout (the migrations' connection, `Database.maintenance`). */
  unbounded?: boolean;
}

export function openPostgres(connectionString: string, options: PostgresPoolOptions = {}): Database {
  // pg-pool applies its connectionTimeoutMillis to two different waits: for a connection of a busy pool to be released
  // ('timeout exceeded when trying to connect'), and for a new connection to open. The first is how long a request may
  // queue (the pool's option, the request's budget); the second says whether the database answers at all: the
  // connection's own, shorter timeout, whose failure ('Connection terminated') is reported as 503 at once. A database
  // that is down refuses at once (ECONNREFUSED), and a request queued behind a busy pool learns it as soon as a
  // connection is opened for it; the pool reconnects by itself once the database is back.
  const connectTimeoutMillis = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  class TimedClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectTimeoutMillis });
    }
  }
  // pg reports its own connect timeout as a bare 'timeout expired': named here as the socket timeout it is (ETIMEDOUT,
  // db-errors.ts), so it is told from any other failure.
  const connect = TimedClient.prototype.connect as (callback: (error: Error | undefined) => void) => void;
  const named = (error: Error | undefined) =>
    error?.message === 'timeout expired'
      ? Object.assign(new Error('Connection timed out: the database did not answer', { cause: error }), {
          code: 'ETIMEDOUT',
        })
      : error;
  Object.defineProperty(TimedClient.prototype, 'connect', {
    value(this: pg.Client, callback?: (error: Error | undefined) => void) {
      if (callback) return connect.call(this, (error) => callback(named(error)));
      return new Promise<void>((resolve, reject) =>
        connect.call(this, (error) => (error ? reject(named(error)) : resolve())),
      );
    },
  });
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? POOL_SIZE,
    ...(options.unbounded ? {} : { statement_timeout: 15_000, query_timeout: 20_000 }),
    connectionTimeoutMillis: options.poolWaitMs ?? POOL_WAIT_MS,
    Client: TimedClient,
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
  return {
    db,
    dialect: 'postgres',
    close: () => db.destroy(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    maintenance: () => openPostgres(connectionString, { ...options, max: 1, unbounded: true }),
  };
}
