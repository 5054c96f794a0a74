import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

export function createSystemRepository(db: Kysely<DB>) {
  return {
    /** One round trip to the database: it answers. */
    async ping(): Promise<void> {
      await sql`select 1`.execute(db);
    },
  };
}

export type SystemRepository = ReturnType<typeof createSystemRepository>;
