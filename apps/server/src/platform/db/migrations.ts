import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Dialect } from './database.js';
import * as m0001 from './migrations/0001_core.js';
import * as m0002 from './migrations/0002_directory.js';
import * as m0003 from './migrations/0003_verification.js';
import * as m0004 from './migrations/0004_files.js';
import * as m0005 from './migrations/0005_regions.js';
import * as m0006 from './migrations/0006_audit.js';
import * as m0007 from './migrations/0007_signin.js';
import * as m0008 from './migrations/0008_sessions.js';
import * as m0009 from './migrations/0009_perf.js';
import * as m0010 from './migrations/0010_signin_counts.js';
import * as m0011 from './migrations/0011_authz.js';
import * as m0012 from './migrations/0012_file_ownership.js';
import * as m0013 from './migrations/0013_message_queue.js';
import * as m0014 from './migrations/0014_signin_scope.js';
import * as m0015 from './migrations/0015_envelope_nonce.js';
import * as m0016 from './migrations/0016_preferences.js';
import * as m0017 from './migrations/0017_sort_indexes.js';
import * as m0018 from './migrations/0018_shell_and_directory.js';
import * as m0019 from './migrations/0019_session_end_reason.js';
import * as m0020 from './migrations/0020_data_scope.js';
import * as m0022 from './migrations/0022_import_jobs.js';
import * as m0023 from './migrations/0023_second_factor.js';
import * as m0024 from './migrations/0024_contains_search.js';
import * as m0026 from './migrations/0026_contact_proof.js';
import * as m0027 from './migrations/0027_signin_log_repeats.js';
import * as m0028 from './migrations/0028_write_indexes.js';
import * as m0029 from './migrations/0029_contact_indexes_partial.js';
import * as m0030 from './migrations/0030_role_count_on_change.js';
import * as m0031 from './migrations/0031_account_filter_indexes.js';
import * as m0032 from './migrations/0032_signin_log_kind.js';
import * as m0033 from './migrations/0033_system_param.js';
import * as m0034 from './migrations/0034_account_search_table.js';
import * as m0035 from './migrations/0035_dict_item_key_state_color.js';
import * as m0036 from './migrations/0036_session_sudo_used.js';
import * as m0037 from './migrations/0037_org_profile.js';
import * as m0038 from './migrations/0038_job_lease.js';

/** A migration file: `up` for both dialects (only what differs looks at `dialect`). */
interface MigrationFile {
  // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
  up(db: Kysely<any>, dialect: Dialect): Promise<void>;
}

/**
 * Every migration, one file each under migrations/, by the name kysely_migration records (the file's name). Kysely
 * runs them in the order of their names. A released migration is never edited: its sha-256 is in
 * migrations/released.json and migrations.test.ts fails when the file changes. A change of schema is a new file with
 * the next number, listed here and in released.json (the test names the hash to add).
 */
export const MIGRATIONS: Readonly<Record<string, MigrationFile>> = {
  '0001_core': m0001,
  '0002_directory': m0002,
  '0003_verification': m0003,
  '0004_files': m0004,
  '0005_regions': m0005,
  '0006_audit': m0006,
  '0007_signin': m0007,
  '0008_sessions': m0008,
  '0009_perf': m0009,
  '0010_signin_counts': m0010,
  '0011_authz': m0011,
  '0012_file_ownership': m0012,
  '0013_message_queue': m0013,
  '0014_signin_scope': m0014,
  '0015_envelope_nonce': m0015,
  '0016_preferences': m0016,
  '0017_sort_indexes': m0017,
  '0018_shell_and_directory': m0018,
  '0019_session_end_reason': m0019,
  '0020_data_scope': m0020,
  '0022_import_jobs': m0022,
  '0023_second_factor': m0023,
  '0024_contains_search': m0024,
  '0026_contact_proof': m0026,
  '0027_signin_log_repeats': m0027,
  '0028_write_indexes': m0028,
  '0029_contact_indexes_partial': m0029,
  '0030_role_count_on_change': m0030,
  '0031_account_filter_indexes': m0031,
  '0032_signin_log_kind': m0032,
  '0033_system_param': m0033,
  '0034_account_search_table': m0034,
  '0035_dict_item_key_state_color': m0035,
  '0036_session_sudo_used': m0036,
  '0037_org_profile': m0037,
  '0038_job_lease': m0038,
};

function migrations(dialect: Dialect): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(MIGRATIONS).map(([name, file]) => [name, { up: (db: Kysely<unknown>) => file.up(db, dialect) }]),
  );
}

export async function migrate(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(dialect) };
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
