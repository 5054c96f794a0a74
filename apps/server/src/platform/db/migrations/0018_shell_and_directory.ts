import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // Issue 19, product-spec §3: an organisation has a code (机构编码), optional and unique when given.
  await db.schema.alterTable('org').addColumn('org_code', 'varchar(64)').execute();
  await db.schema.createIndex('org_code_uq').on('org').column('org_code').unique().execute();

  // Sibling organisations have unique names, so pickers and paths can tell them apart. Names that already repeat
  // under one parent keep the oldest as it is; the later ones get their id appended (e.g. 研发部（42）).
  await sql`
    update org set name = name || '（' || id || '）'
    where exists (
      select 1 from org older
      where older.name = org.name and older.id < org.id
        and coalesce(older.pid, 0) = coalesce(org.pid, 0)
    )`.execute(db);
  await sql`create unique index org_sibling_name_uq on org (coalesce(pid, 0), name)`.execute(db);

  // A menu resource's icon: the name of an antd icon (e.g. UserOutlined), shown in the side menu and the tabs.
  await db.schema.alterTable('resource').addColumn('icon', 'varchar(64)').execute();

  // REGISTRATION=approval: a self-registered account waits, disabled, until an administrator enables it.
  await db.schema
    .alterTable('account')
    .addColumn('pending_approval', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The accounts screen's 待审核 filter and count read the few waiting, never every account.
  await sql`create index account_pending_approval on account (id) where pending_approval = 1`.execute(db);
}
