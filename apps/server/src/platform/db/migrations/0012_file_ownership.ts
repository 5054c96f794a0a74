import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn } from './id-column.js';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // Issue 15: a text document belongs to the account that first stored it (a file already names its
  // uploader). Earlier documents go to their last writer, the best record there is.
  await db.schema.alterTable('text_document').addColumn('account_id', 'integer').execute();
  await sql`update text_document set account_id = updated_by`.execute(db);
  // The upload quota sums an account's files; the hourly cap counts its recent attempts, kept apart from
  // the files so deleting one does not give an attempt back.
  await db.schema.createIndex('file_uploader_idx').on('file').column('uploaded_by').execute();
  await idColumn(db, dialect, 'upload_attempt')
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('upload_attempt_account_idx')
    .on('upload_attempt')
    .columns(['account_id', 'at'])
    .execute();
}
