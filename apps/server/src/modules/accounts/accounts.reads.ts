import { accountEntity, auditedFields, type FieldSpec, storedColumns } from '@gatehouse/contract';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/database.js';
import type { DB } from '../../platform/db/schema.js';

/**
 * The reads of the account table that other modules make (the table is this module's, owners.ts). Each takes the
 * executor first: the pool, or the caller's transaction when one write spans modules.
 */

/** The account's descriptor columns (contract accountEntity), in declaration order: every read that answers one. */
export const ACCOUNT_COLUMNS = storedColumns(accountEntity);

/** A descriptor field with its key and stored column. */
export type StoredField = readonly [key: string, spec: FieldSpec & { column: string }];

/** The account's stored descriptor fields (key and spec), in declaration order: what the generic code walks. */
export const ACCOUNT_FIELDS = (Object.entries(accountEntity.fields) as Array<[string, FieldSpec]>).filter(
  (entry): entry is [string, FieldSpec & { column: string }] => entry[1].column !== undefined,
) as StoredField[];

/** The account's audited fields (the descriptor's `audited`): the key the trail shows and the column it compares. */
export const ACCOUNT_AUDITED = auditedFields(accountEntity);

/** The number of an account; null when it is gone. */
export async function accountNumberOf(db: Kysely<DB>, id: number): Promise<string | null> {
  const row = await db.selectFrom('account').select('account_number').where('id', '=', id).executeTakeFirst();
  return row?.account_number ?? null;
}

/**
 * The accounts with these ids as the audit trail compares them: the descriptor's audited columns, the password hash
 * (masked later) and the ids of the posts each holds.
 */
export async function auditedAccounts(db: Kysely<DB>, ids: readonly number[]) {
  const rows = await db
    .selectFrom('account')
    .select([
      ...new Set(['id', 'account_number', 'password_hash', ...ACCOUNT_AUDITED.map((field) => field.column)] as const),
    ])
    .where('id', 'in', ids)
    .execute();
  const posts = await postIdsOfAccounts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, post_ids: posts.get(row.id) ?? [] }));
}

/** How many accounts belong to the organisation, or hold the role. */
export async function countAccounts(db: Kysely<DB>, of: { orgId: number } | { roleId: number }): Promise<number> {
  const q = db.selectFrom('account').select((eb) => eb.fn.countAll<string | number>().as('n'));
  const row = await ('orgId' in of
    ? q.where('org_id', '=', of.orgId)
    : q.where('role_id', '=', of.roleId)
  ).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Locks the account's row for the caller's transaction on PostgreSQL (SQLite's write transactions are serial
 * already), so writes about one account queue behind each other. Answers whether the account exists.
 */
export async function lockAccount(trx: Kysely<DB>, accountId: number, dialect: Dialect): Promise<boolean> {
  const query = trx.selectFrom('account').select('id').where('id', '=', accountId);
  const row = await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  return row !== undefined;
}

/** The ids of the accounts in these organisations, as a sub-query for the caller's statement. */
export function accountIdsIn(db: Kysely<DB>, orgIds: readonly number[]) {
  return db.selectFrom('account').select('account.id').where('account.org_id', 'in', orgIds);
}

/** How many accounts hold each of these posts (岗位); a post nobody holds is absent. */
export async function accountsHoldingPosts(
  db: Kysely<DB>,
  postIds: readonly number[],
): Promise<ReadonlyMap<number, number>> {
  if (postIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('account_post')
    .select(['post_id', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('post_id', 'in', postIds)
    .groupBy('post_id')
    .execute();
  return new Map(rows.map((r) => [r.post_id, Number(r.n)]));
}

/** The post ids each of these accounts holds (the audit trail's snapshots), in id order. */
export async function postIdsOfAccounts(
  db: Kysely<DB>,
  accountIds: readonly number[],
): Promise<ReadonlyMap<number, number[]>> {
  const out = new Map<number, number[]>();
  if (accountIds.length === 0) return out;
  const rows = await db
    .selectFrom('account_post')
    .select(['account_id', 'post_id'])
    .where('account_id', 'in', accountIds)
    .orderBy('account_id')
    .orderBy('post_id')
    .execute();
  for (const r of rows) out.set(r.account_id, [...(out.get(r.account_id) ?? []), r.post_id]);
  return out;
}
