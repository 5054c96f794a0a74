import type { Insertable, Kysely } from 'kysely';
import type { DB, FileRow, TextDocumentTable } from '../../platform/db/schema.js';

/** The files module's SQL: uploaded files' rows, the hourly upload window, rich-text documents. */
export function createFilesRepository(db: Kysely<DB>) {
  return {
    /** Bytes stored by the account's files. */
    async usedBytes(accountId: number): Promise<number> {
      const row = await db
        .selectFrom('file')
        .select((eb) => eb.fn.sum<string | number | null>('size').as('used'))
        .where('uploaded_by', '=', accountId)
        .executeTakeFirst();
      return Number(row?.used ?? 0);
    },

    /** Who uploaded the group's first file (null: unknown); undefined when the group has no file yet. */
    async groupOwner(group: string): Promise<{ owner: number | null } | undefined> {
      const row = await db
        .selectFrom('file')
        .select('uploaded_by')
        .where('owner_id', '=', group)
        .orderBy('created_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return row && { owner: row.uploaded_by };
    },

    /** Forgets the account's upload attempts before `since`. */
    async dropAttemptsBefore(accountId: number, since: string): Promise<void> {
      await db.deleteFrom('upload_attempt').where('account_id', '=', accountId).where('at', '<', since).execute();
    },

    /** Records an upload attempt; answers its id. */
    async addAttempt(accountId: number, at: string): Promise<number> {
      const { id } = await db
        .insertInto('upload_attempt')
        .values({ account_id: accountId, at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async countAttemptsSince(accountId: number, since: string): Promise<number> {
      const { n } = await db
        .selectFrom('upload_attempt')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('account_id', '=', accountId)
        .where('at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    async removeAttempt(id: number): Promise<void> {
      await db.deleteFrom('upload_attempt').where('id', '=', id).execute();
    },

    async insertFile(row: FileRow): Promise<void> {
      await db.insertInto('file').values(row).execute();
    },

    /** Deletes a file's row; answers whether there was one. */
    async deleteFile(id: string): Promise<boolean> {
      const deleted = await db.deleteFrom('file').where('id', '=', id).executeTakeFirst();
      return Number(deleted.numDeletedRows) > 0;
    },

    fileById: (id: string): Promise<FileRow | undefined> =>
      db.selectFrom('file').selectAll().where('id', '=', id).executeTakeFirst(),

    fileByKey: (key: string): Promise<FileRow | undefined> =>
      db.selectFrom('file').selectAll().where('storage_key', '=', key).executeTakeFirst(),

    /** The group's files of these extensions, oldest first. */
    filesOfGroup: (group: string, extensions: readonly string[]): Promise<FileRow[]> =>
      db
        .selectFrom('file')
        .selectAll()
        .where('owner_id', '=', group)
        .where('ext', 'in', [...extensions])
        .orderBy('created_at')
        .orderBy('id')
        .execute(),

    /** The document of (path, owner id): its id and the account that first stored it. */
    textOf: (path: string, ownerId: string) =>
      db
        .selectFrom('text_document')
        .select(['id', 'account_id'])
        .where('path', '=', path)
        .where('owner_id', '=', ownerId)
        .executeTakeFirst(),

    async replaceText(id: string, content: string, accountId: number, at: string): Promise<void> {
      await db
        .updateTable('text_document')
        .set({ content, updated_by: accountId, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    /** A new document; throws a unique violation when (path, owner id) already has one. */
    async insertText(row: Insertable<TextDocumentTable>): Promise<void> {
      await db.insertInto('text_document').values(row).execute();
    },

    textById: (id: string) =>
      db.selectFrom('text_document').select(['content', 'account_id']).where('id', '=', id).executeTakeFirst(),
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
