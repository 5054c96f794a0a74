import { randomBytes } from 'node:crypto';
import { appendFileSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { API_BASE } from '@gatehouse/contract';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { prepareDatabase } from '../src/modules/setup/index.js';
import { type Database, openPostgres, openSqlite } from '../src/platform/db/database.js';
import type { DB } from '../src/platform/db/schema.js';

/**
 * Both dialects in every run: SQLite in a temp file, and PostgreSQL either in a throw-away database on
 * the server named by TEST_DATABASE_URL (CI sets it) or in an in-process PGlite.
 */
export const lanes = ['sqlite', 'postgres'] as const;
export type Lane = (typeof lanes)[number];

export const ADMIN_PASSWORD = 'Gatehouse#Admin2026';

/**
 * Every server a test starts logs here at info (request lines included), one file per test process; the
 * outbox lines are kept beside them. The log-hygiene check (resilience/log-hygiene.test.ts) scans them all.
 */
export const TEST_LOG_DIR = resolve(import.meta.dirname, '../../../test-results/logs');

/** Keeps the outbox of a data dir about to be removed, so the log scan knows every code that was sent. */
export function keepOutbox(dataDir: string): void {
  const path = join(dataDir, 'outbox.jsonl');
  if (!existsSync(path)) return;
  mkdirSync(TEST_LOG_DIR, { recursive: true });
  appendFileSync(join(TEST_LOG_DIR, `outbox-server-${process.pid}.jsonl`), readFileSync(path));
}

export interface TestDatabase extends Database {
  dispose(): Promise<void>;
  /**
   * Another connection to the same database, as a second server process on it has; the caller closes it (before
   * `dispose`). The in-process PGlite has one connection: it hands out that one.
   */
  reopen?(): Database;
}

/**
 * Drops of finished PostgreSQL test databases, one after another, while the next tests run (the server project's
 * global setup drops whatever a worker that ended left behind).
 */
let drops: Promise<void> = Promise.resolve();

/**
 * A new, empty test database; with `fromTemplate`, a copy of the one the server project's global setup migrated and
 * set up (test/database-templates.global-setup.ts), where that project runs.
 */
export async function openTestDatabase(lane: Lane, fromTemplate = false): Promise<TestDatabase> {
  if (lane === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'gh-test-'));
    const template = fromTemplate ? inject('sqliteTemplate') : undefined;
    if (template) copyFileSync(template, join(dir, 'test.db'));
    const opened = openSqlite(join(dir, 'test.db'));
    const database = template ? await ownSecret(opened) : opened;
    return {
      ...database,
      dispose: async () => {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
      reopen: () => openSqlite(join(dir, 'test.db')),
    };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = inject('postgresTemplate');
    // Named after the run's template where there is one, so its teardown finds what is left.
    const name = `${template ? template.replace(/template$/, '') : 'gh_test_'}${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}${fromTemplate && template ? ` template ${template}` : ''}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const opened = openPostgres(url.toString());
    const database = fromTemplate && template ? await ownSecret(opened) : opened;
    const drop = async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        // Without FORCE: the pool has closed its connections; a backend still exiting gets a moment to go.
        for (let attempt = 0; ; attempt++) {
          try {
            await dropper.query(`drop database if exists ${name}`);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await dropper.end();
      }
    };
    return {
      ...database,
      reopen: () => openPostgres(url.toString()),
      dispose: async () => {
        await database.close();
        if (!template) return drop();
        // The next test need not wait for this drop; the run's teardown drops any that did not happen.
        drops = drops.then(drop).catch(() => {});
      },
    };
  }
  const pglite = new PGlite();
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    dialect: 'postgres',
    close: () => db.destroy(),
    dispose: () => db.destroy(),
    reopen: () => ({ db, dialect: 'postgres', close: async () => {} }),
  };
}

/**
 * The configuration tests run with: a fresh data dir (the outbox lands there), captcha answers written to
 * the outbox, and sign-in without captcha unless a test turns `loginCaptcha` on (the verification tests do).
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    ADMIN_PASSWORD,
    LOG_LEVEL: 'info',
    LOG_FILE: join(TEST_LOG_DIR, `server-unit-${process.pid}.log`),
    WEB_DIST: '/nonexistent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'gh-data-')),
    CAPTCHA_TEST_MODE: '1',
    // Open self-registration (the default is approval): the flows under test sign the new accounts in.
    REGISTRATION: 'on',
    // Sudo mode outlasts a test file on a busy machine (creating an account needs it); the sudo tests age a
    // session's verification by hours, not minutes.
    SUDO_SECONDS: '3600',
    LOGIN_CAPTCHA: 'off',
    // Refusals answer at once here; signin.test.ts sets a delay where it checks the delay itself.
    LOGIN_REFUSAL_DELAY_MS: '0',
  } as NodeJS.ProcessEnv);
  return Object.freeze({ ...base, ...overrides });
}

export interface OutboxLine {
  channel: 'sms' | 'email' | 'captcha';
  to: string;
  code: string;
  text: string;
  at: string;
}

export interface TestApp {
  app: App;
  config: Config;
  database: TestDatabase;
  /** `fastify.inject` with JSON in and out; `token` goes in the Authorization header. */
  call(
    method: string,
    path: string,
    options?: {
      token?: string;
      query?: Record<string, string | number>;
      body?: unknown;
      ip?: string;
      headers?: Record<string, string>;
    },
  ): Promise<{ status: number; body: { code: number; msg: string; data?: unknown }; headers: Record<string, unknown> }>;
  login(account?: string, password?: string): Promise<string>;
  /** Lines of `$DATA_DIR/outbox.jsonl`, oldest first. */
  outbox(): OutboxLine[];
  /** The code of the newest outbox line addressed to `to` (a number, an address or a captcha id). */
  codeFor(to: string): string;
  close(): Promise<void>;
}

/** Each copy of the template gets its own token secret, as each first start makes one. */
async function ownSecret<T extends Database>(database: T): Promise<T> {
  await database.db
    .updateTable('setting')
    .set({ value: randomBytes(48).toString('base64url') })
    .where('key', '=', 'jwt_secret')
    .execute();
  return database;
}

/** Starts the app on a fresh database, or on `shared` (a second server process on the same data). */
export async function startTestApp(
  lane: Lane,
  overrides: Partial<Config> = {},
  shared?: TestDatabase,
): Promise<TestApp> {
  // A copy of the migrated and set-up template, unless the test sets what the first start writes (the admin
  // password, the token secret); the start below runs the same preparation, which finds the copy up to date.
  const writesSetup = 'adminPassword' in overrides || 'jwtSecret' in overrides;
  const database = shared ?? (await openTestDatabase(lane, !writesSetup));
  const config = testConfig(overrides);
  const app = await buildApp(config, database, await prepareDatabase(config, database));
  const outbox = (): OutboxLine[] => {
    const path = join(config.dataDir, 'outbox.jsonl');
    if (!existsSync(path)) return [];
    return readFileSync(path, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as OutboxLine);
  };
  const call: TestApp['call'] = async (method, path, options = {}) => {
    const response = await app.fastify.inject({
      method: method as 'GET',
      url: API_BASE + path,
      query: options.query
        ? Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)]))
        : undefined,
      headers: { ...options.headers, ...(options.token ? { authorization: options.token } : {}) },
      ...(options.ip ? { remoteAddress: options.ip } : {}),
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });
    // Codes leave through the outbound queue's background sender: delivered before the call returns here, so a
    // test reads the outbox right after a send as a person reads their phone.
    await app.flushMessages();
    // A 'file' route answers bytes, not the envelope (e.g. the CSV export): its body stands in as `data`.
    let body: { code: number; msg: string; data?: unknown };
    try {
      body = response.json();
    } catch {
      body = { code: response.statusCode, msg: '', data: response.body };
    }
    return { status: response.statusCode, body, headers: response.headers };
  };
  return {
    app,
    config,
    database,
    call,
    async login(account = 'admin', password = ADMIN_PASSWORD) {
      const res = await call('POST', '/login', { body: { account, password } });
      if (res.status !== 200) throw new Error(`login ${account} failed: ${res.body.msg}`);
      return res.body.data as string;
    },
    outbox,
    codeFor(to) {
      const line = outbox()
        .filter((l) => l.to === to)
        .pop();
      if (!line) throw new Error(`no outbox line for ${to}`);
      return line.code;
    },
    async close() {
      await app.fastify.close();
      if (!shared) await database.dispose();
      keepOutbox(config.dataDir);
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Marks an account's stored mobile number and e-mail as proven by their owner, as the personal page's code round trip
 * does (self-service.test.ts and route-classes.test.ts go through it): for tests of what proven contacts unlock
 * (recovery, SMS sign-in, identity verification by code).
 */
export async function proven(t: TestApp, accountId: number): Promise<void> {
  await t.database.db
    .updateTable('account')
    .set({ contact_verified: 1, email_verified: 1 })
    .where('id', '=', accountId)
    .execute();
}
