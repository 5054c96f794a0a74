import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

/** The import previews and their outcomes (table import_job, migration 0022). */
export function createImportsRepository(db: Kysely<DB>) {
  return {
    async insert(job: {
      id: string;
      kind: string;
      accountId: number;
      total: number;
      valid: number;
      payload: string;
      now: string;
    }): Promise<void> {
      await db
        .insertInto('import_job')
        .values({
          id: job.id,
          kind: job.kind,
          account_id: job.accountId,
          state: 'previewed',
          total: job.total,
          valid: job.valid,
          payload: job.payload,
          result: null,
          create_time: job.now,
        })
        .execute();
    },
    find(id: string, accountId: number) {
      return db
        .selectFrom('import_job')
        .selectAll()
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
    },
    /** Moves a job from one state to another; false when it was not in `from` (a second commit of the same preview). */
    async transition(id: string, from: string, to: string, result?: string): Promise<boolean> {
      const r = await db
        .updateTable('import_job')
        .set({ state: to, ...(result === undefined ? {} : { result }) })
        .where('id', '=', id)
        .where('state', '=', from)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    async deleteOlderThan(time: string): Promise<void> {
      await db.deleteFrom('import_job').where('create_time', '<', time).execute();
    },
  };
}

export type ImportsRepository = ReturnType<typeof createImportsRepository>;
