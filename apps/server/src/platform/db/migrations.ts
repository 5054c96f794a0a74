import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { sourceFiles } from '../source-folders.js';
import type { Dialect } from './database.js';

/** A migration file: `up` for both dialects (only what differs looks at `dialect`). */
interface MigrationFile {
  // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
  up(db: Kysely<any>, dialect: Dialect): Promise<void>;
}

/** A migration's file name: four digits, then lower-case words (`0039_posts.ts`); other files there are helpers. */
export const MIGRATION_FILE = /^(\d{4})_[a-z0-9_]+\.ts$/;

/**
 * Every migration: each file of migrations/ named as MIGRATION_FILE says, found in the folder (nothing lists them),
 * by the name kysely_migration records (the file's name without `.ts`). Kysely runs them in the order of their names.
 * A released migration is never edited: its sha-256 is in migrations/released.json and migrations.test.ts fails when
 * the file changes. A change of schema is a new file with the next number, and its hash in released.json (the test
 * names the hash to add).
 */
export async function loadMigrations(): Promise<Record<string, MigrationFile>> {
  const names = sourceFiles('platform/db/migrations')
    .filter((file) => MIGRATION_FILE.test(file))
    .map((file) => file.slice(0, -'.ts'.length));
  const files = await Promise.all(names.map((name) => import(`./migrations/${name}.ts`) as Promise<MigrationFile>));
  return Object.fromEntries(names.map((name, i) => [name, files[i]!]));
}

/** Every migration as Kysely runs it, on `dialect`. */
export async function migrationsFor(dialect: Dialect): Promise<Record<string, Migration>> {
  return Object.fromEntries(
    Object.entries(await loadMigrations()).map(([name, file]) => [
      name,
      { up: (db: Kysely<unknown>) => file.up(db, dialect) },
    ]),
  );
}

export async function migrate(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const provider: MigrationProvider = { getMigrations: () => migrationsFor(dialect) };
  const migrator = new Migrator({ db, provider });
  // Kysely locks migrations on PostgreSQL (an advisory lock, each migration in a transaction) but not on SQLite,
  // where it counts on a single process. Two processes starting at once on one file (README, "Several
  // processes") then both created the first tables. On SQLite the whole run is one write transaction: the
  // second process waits on the write lock (busy_timeout), then finds every migration done; a failure leaves
  // no half-applied migration.
  if (dialect === 'sqlite') await sql`begin immediate`.execute(db);
  let outcome: Awaited<ReturnType<Migrator['migrateToLatest']>>;
  try {
    outcome = await migrator.migrateToLatest();
  } catch (error) {
    if (dialect === 'sqlite') await sql`rollback`.execute(db);
    throw error;
  }
  const { error, results } = outcome;
  const failed = results?.find((r) => r.status === 'Error');
  if (dialect === 'sqlite') await sql.raw(error || failed ? 'rollback' : 'commit').execute(db);
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
