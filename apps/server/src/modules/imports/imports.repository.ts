import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

/** `import_job.state` of a part of a preview's rows (see `partId`). */
export const PART_STATE = 'part';

/**
 * A preview's rows are stored as parts, each a row of import_job of its own keyed `<previewId>.<n>` (n zero-padded
 * to three digits, so the ids sort in order and fit the column's 40 characters), with the preview's owner, state
 * 'part' and creation time: written as the file is read, read one at a time, purged with their preview.
 */
export const partId = (previewId: string, n: number) => `${previewId}.${String(n).padStart(3, '0')}`;
/** How many parts a preview may have (the three digits of `partId`). */
export const MAX_PARTS = 999;

/** The import previews, their parts and their outcomes (table import_job, migration 0022). */
export function createImportsRepository(db: Kysely<DB>) {
  return {
    async insert(job: {
      id: string;
      kind: string;
      accountId: number;
      state?: string;
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
          state: job.state ?? 'previewed',
          total: job.total,
          valid: job.valid,
          payload: job.payload,
          result: null,
          create_time: job.now,
        })
        .execute();
    },
    /** A preview (never one of its parts) of this account. */
    find(id: string, accountId: number) {
      return db
        .selectFrom('import_job')
        .selectAll()
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .where('state', '!=', PART_STATE)
        .executeTakeFirst();
    },
    /** The ids of a preview's parts, in order. */
    async partIds(id: string): Promise<string[]> {
      const rows = await db
        .selectFrom('import_job')
        .select('id')
        .where('id', '>=', `${id}.`)
        .where('id', '<', `${id}/`)
        .where('state', '=', PART_STATE)
        .orderBy('id')
        .execute();
      return rows.map((r) => r.id);
    },
    async partPayload(partIdValue: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('import_job')
        .select('payload')
        .where('id', '=', partIdValue)
        .where('state', '=', PART_STATE)
        .executeTakeFirst();
      return row?.payload;
    },
    /** A preview read to its end: its counts and summary, and state previewed. */
    async complete(id: string, job: { total: number; valid: number; payload: string }): Promise<void> {
      await db
        .updateTable('import_job')
        .set({ state: 'previewed', total: job.total, valid: job.valid, payload: job.payload })
        .where('id', '=', id)
        .execute();
    },
    /** A preview and its parts (a preview refused half-way through its file). */
    async remove(id: string): Promise<void> {
      await db
        .deleteFrom('import_job')
        .where((w) => w.or([w('id', '=', id), w.and([w('id', '>=', `${id}.`), w('id', '<', `${id}/`)])]))
        .execute();
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
    /** Previews and their parts made before `time`. */
    async deleteOlderThan(time: string): Promise<void> {
      await db.deleteFrom('import_job').where('create_time', '<', time).execute();
    },
  };
}

export type ImportsRepository = ReturnType<typeof createImportsRepository>;
