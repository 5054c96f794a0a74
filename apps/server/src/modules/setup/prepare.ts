import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../platform/db/database.js';
import { migrate } from '../../platform/db/migrations.js';
import { runSetup, type SetupResult } from './setup.service.js';

/**
 * Before the app is built: the schema is brought up to date and the first-start setup is made (idempotent, safe
 * when several processes start at once).
 */
export async function prepareDatabase(config: Config, database: Database): Promise<SetupResult> {
  // Migrations are written against the schema as it was when each was released, not today's DB type.
  await migrate(database.db as unknown as Kysely<unknown>, database.dialect);
  return runSetup(database.db, database.dialect, { adminPassword: config.adminPassword, jwtSecret: config.jwtSecret });
}
