import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { prepareDatabase } from '../src/modules/setup/index.js';
import { openPostgres, openSqlite } from '../src/platform/db/database.js';
import { testConfig } from './harness.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A SQLite file migrated and set up as a test server's first start leaves it (copied per test database). */
    sqliteTemplate: string;
    /** The name of a PostgreSQL database migrated and set up the same way (the template of each test database). */
    postgresTemplate: string | undefined;
  }
}

/** Names of this run's PostgreSQL databases: the template and every test database cloned from it. */
const TEST_DATABASE_PREFIX = 'gh_test_';

/** Drops this run's test databases that are left (a worker that ended before its last drop), and the template. */
async function dropLeftovers(serverUrl: string, runTag: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [
      `${TEST_DATABASE_PREFIX}${runTag}%`,
    ]);
    // The template last: cloning it is over once no test database is left to make.
    const names = rows.map((row) => row.datname);
    const ordered = [
      ...names.filter((name) => !name.endsWith('_template')),
      ...names.filter((name) => name.endsWith('_template')),
    ];
    for (const name of ordered) await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

/**
 * Migrates and sets up one database per dialect before the server project's files run; each test database is a copy
 * (SQLite: the file; PostgreSQL: `create database … template`) instead of running every migration and the first-start
 * setup again. A test server still runs `prepareDatabase` on its copy at start, which finds it up to date.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'gh-template-'));
  const config = testConfig();
  rmSync(config.dataDir, { recursive: true, force: true });
  const sqliteTemplate = join(dir, 'template.db');
  const sqlite = openSqlite(sqliteTemplate);
  await prepareDatabase(config, sqlite);
  // Closing the last connection checkpoints the WAL into the file: the copy is one file.
  await sqlite.close();
  project.provide('sqliteTemplate', sqliteTemplate);

  const serverUrl = process.env.TEST_DATABASE_URL;
  const runTag = `${process.pid.toString(36)}_`;
  let postgresTemplate: string | undefined;
  if (serverUrl) {
    postgresTemplate = `${TEST_DATABASE_PREFIX}${runTag}template`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${postgresTemplate} with (force)`);
    await admin.query(`create database ${postgresTemplate}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${postgresTemplate}`;
    const database = openPostgres(url.toString());
    await prepareDatabase(config, database);
    // A template may have no open connection while it is cloned.
    await database.close();
  }
  project.provide('postgresTemplate', postgresTemplate);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (serverUrl) await dropLeftovers(serverUrl, runTag);
  };
}
