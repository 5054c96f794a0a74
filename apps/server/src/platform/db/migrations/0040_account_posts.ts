import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // The posts (岗位) an account holds, several at once. An account deleted leaves its posts; a post held by an
  // account is refused deletion by the accounts module's check (the cascade only covers a race past it).
  await db.schema
    .createTable('account_post')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
    .addColumn('post_id', 'integer', (c) => c.notNull().references('post.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('account_post_pk', ['account_id', 'post_id'])
    .execute();
  // The accounts holding a post: the list's 岗位 filter and the post's delete check.
  await db.schema.createIndex('account_post_post_idx').on('account_post').columns(['post_id', 'account_id']).execute();
}
