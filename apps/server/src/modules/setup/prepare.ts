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
  // Migrations are written against the schema as it was when each was released, not today's DB type. On PostgreSQL they
  // run on a connection of their own without the request timeouts: a schema change at millions of accounts takes
  // longer than a request may.
  const maintenance = database.maintenance?.();
  try {
    await migrate((maintenance ?? database).db as unknown as Kysely<unknown>, database.dialect);
  } finally {
    await maintenance?.close();
  }
  return runSetup(database.db, database.dialect, {
    adminPassword: config.adminPassword,
    jwtSecret: config.jwtSecret,
    passwordPolicy: config.passwordPolicy,
  });
}
