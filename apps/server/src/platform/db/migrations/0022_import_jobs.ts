import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 21: an import previewed and not yet committed (or committed, kept for its rejected rows). `payload` is the
  // JSON of the checked rows and of the rejected ones with their messages; a preview belongs to the account that
  // uploaded it and expires (the imports module deletes old ones).
  await db.schema
    .createTable('import_job')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('valid', 'integer', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('import_job_create_time').on('import_job').column('create_time').execute();
}
