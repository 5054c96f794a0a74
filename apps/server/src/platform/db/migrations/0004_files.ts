import type { Kysely } from 'kysely';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  // Uploaded files: the bytes live in the storage driver under `storage_key` (random, also the url key).
  await db.schema
    .createTable('file')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('storage_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(500)', (c) => c.notNull())
    .addColumn('ext', 'varchar(10)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('owner_id', 'varchar(64)')
    .addColumn('uploaded_by', 'integer')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('file_owner_idx').on('file').columns(['owner_id', 'created_at']).execute();

  await db.schema
    .createTable('text_document')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('path', 'varchar(64)', (c) => c.notNull())
    .addColumn('owner_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('text_document_path_owner_uq', ['path', 'owner_id'])
    .execute();
}
