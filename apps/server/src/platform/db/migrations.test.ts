import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { type Kysely, Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { lanes, openTestDatabase } from '../../../test/harness.js';
import { loadMigrations, MIGRATION_FILE, migrate, migrationsFor } from './migrations.js';
import { dumpSchema } from './schema-dump.js';

const SCRIPT = resolve(import.meta.dirname, '../../../test/migrate-once.ts');
const DIR = resolve(import.meta.dirname, 'migrations');

/** The names kysely_migration recorded before the migrations were split into files: never renamed. */
const RECORDED = [
  '0001_core',
  '0002_directory',
  '0003_verification',
  '0004_files',
  '0005_regions',
  '0006_audit',
  '0007_signin',
  '0008_sessions',
  '0009_perf',
  '0010_signin_counts',
  '0011_authz',
  '0012_file_ownership',
  '0013_message_queue',
  '0014_signin_scope',
  '0015_envelope_nonce',
];

/** SHA-256 of a file as git would check it out anywhere (CRLF read as LF). */
function sha256Of(file: string): string {
  return createHash('sha256')
    .update(readFileSync(join(DIR, file), 'utf8').replaceAll('\r\n', '\n'))
    .digest('hex');
}

describe('migration files', () => {
  const released = JSON.parse(readFileSync(join(DIR, 'released.json'), 'utf8')) as Record<string, string>;
  const files = readdirSync(DIR).filter((name) => name.endsWith('.ts'));

  it('keep every released migration byte for byte: a change of schema is a new migration', () => {
    const changed = Object.entries(released).flatMap(([file, hash]) => {
      if (!files.includes(file)) return [`migrations/${file} was released and is gone: a released migration stays`];
      return sha256Of(file) === hash
        ? []
        : [`migrations/${file} was released and has changed: restore it and add a new migration instead`];
    });
    expect(changed).toEqual([]);
  });

  it('list every file in released.json, and every migration in the runner under its file name', async () => {
    const unlisted = files
      .filter((file) => !(file in released))
      .map((file) => `migrations/${file} is not in released.json: add "${file}": "${sha256Of(file)}"`);
    expect(unlisted).toEqual([]);
    const names = Object.keys(await loadMigrations());
    expect(names.slice(0, RECORDED.length)).toEqual(RECORDED);
    // Nothing lists the migrations: the runner has every file of the folder named as one, in the order of the names.
    const migrationFiles = files.filter((file) => MIGRATION_FILE.test(file)).sort();
    expect(names).toEqual(migrationFiles.map((file) => file.replace(/\.ts$/, '')));
  });

  it('name every file that holds a migration as one, each number once (a misnamed file would be skipped)', async () => {
    const misnamed: string[] = [];
    for (const file of files.filter((name) => !MIGRATION_FILE.test(name))) {
      const module: Record<string, unknown> = await import(`./migrations/${file}`);
      if ('up' in module) misnamed.push(`migrations/${file} exports up: name it NNNN_words.ts to have it run`);
    }
    expect(misnamed).toEqual([]);
    const numbers = files.flatMap((file) => MIGRATION_FILE.exec(file)?.[1] ?? []);
    const twice = numbers.filter((number, i) => numbers.indexOf(number) !== i);
    expect(twice, 'two migrations share a number: renumber the newer one').toEqual([]);
  });
});

/** Brings `db` to `name` with the migration files (migrate() always goes to the latest). */
async function migrateTo(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres', name: string) {
  const migrations = await migrationsFor(dialect);
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(name);
  if (error) throw error;
}

describe.each(lanes)('migrations on %s', (lane) => {
  it('record the names recorded before, and a second run leaves a migrated database as it is', async () => {
    const database = await openTestDatabase(lane);
    const db = database.db as unknown as Kysely<unknown>;
    try {
      await migrate(db, database.dialect);
      const recorded = async () =>
        (
          await sql<{
            name: string;
            timestamp: string;
          }>`select name, timestamp from kysely_migration order by name`.execute(db)
        ).rows;
      const before = { schema: await dumpSchema(db, database.dialect), recorded: await recorded() };
      expect(before.schema.migrations.slice(0, RECORDED.length)).toEqual(RECORDED);
      await migrate(db, database.dialect);
      expect({ schema: await dumpSchema(db, database.dialect), recorded: await recorded() }).toEqual(before);
    } finally {
      await database.dispose();
    }
  });

  it('give the schema the single-file migrations.ts gave before the split (schema-0015.*.json)', async () => {
    const database = await openTestDatabase(lane);
    const db = database.db as unknown as Kysely<unknown>;
    try {
      await migrateTo(db, database.dialect, '0015_envelope_nonce');
      const expected = JSON.parse(readFileSync(join(DIR, `schema-0015.${database.dialect}.json`), 'utf8'));
      expect(await dumpSchema(db, database.dialect)).toEqual(expected);
    } finally {
      await database.dispose();
    }
  });
});

/** Runs test/migrate-once.ts on `file` in a process of its own: its exit code and what it printed. */
function migrateInProcess(file: string): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => done({ code, output }));
  });
}

describe('migrations on SQLite', () => {
  it('let several processes start at once on one new file: all succeed, each migration applied once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gh-migrate-'));
    try {
      for (let round = 0; round < 3; round++) {
        const file = join(dir, `race-${round}.db`);
        const runs = await Promise.all([1, 2, 3].map(() => migrateInProcess(file)));
        for (const run of runs) expect(run.code, run.output).toBe(0);
        const sqlite = new SQLite(file, { readonly: true });
        const applied = sqlite.prepare('select name from kysely_migration order by name').all() as { name: string }[];
        const names = applied.map((row) => row.name);
        expect(new Set(names).size).toBe(names.length);
        expect(names[0]).toBe('0001_core');
        expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
        sqlite.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
