import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

/**
 * The account table's reads the dashboard makes (modules/stats), each within a data scope that is not 全部 (absent:
 * every account): these organisations' accounts, or one account. The table is this module's (owners.ts).
 */
export type AccountScope = { readonly orgIds: readonly number[] } | { readonly accountId: number };

const count = (value: string | number | bigint | null | undefined) => Number(value ?? 0);

/** Accounts (a row of `account`) within the scope; everything without one. */
function within(scope: AccountScope | undefined) {
  if (!scope) return sql<boolean>`1 = 1`;
  if ('accountId' in scope) return sql<boolean>`account.id = ${scope.accountId}`;
  // A scope of no organisation reaches no account.
  if (scope.orgIds.length === 0) return sql<boolean>`1 = 0`;
  return sql<boolean>`account.org_id in (${sql.join(scope.orgIds)})`;
}

/** The ids of the accounts within a scope, as a subquery another owner's read embeds (the sessions of those). */
export function accountIdsWithin(
  db: Kysely<DB>,
  scope: AccountScope,
): SelectQueryBuilder<DB, 'account', { id: number }> {
  return db.selectFrom('account').select('account.id').where(within(scope));
}

/** Every account (within the scope), and how many are enabled. */
export async function accountStates(db: Kysely<DB>, scope?: AccountScope): Promise<{ total: number; enabled: number }> {
  const row = await db
    .selectFrom('account')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('n'),
      eb.fn.sum<string | number>(sql`case when state = 1 then 1 else 0 end`).as('enabled'),
    ])
    .$if(scope !== undefined, (q) => q.where(within(scope)))
    .executeTakeFirst();
  return { total: count(row?.n), enabled: count(row?.enabled) };
}

/** The organisations with the most accounts (directly in them, within the scope), most first, then by id. */
export async function accountsPerOrg(
  db: Kysely<DB>,
  limit: number,
  scope?: AccountScope,
): Promise<Array<{ orgId: number; count: number }>> {
  const rows = await db
    .selectFrom('account')
    .select((eb) => ['account.org_id as orgId', eb.fn.countAll<string | number>().as('n')])
    .$if(scope !== undefined, (q) => q.where(within(scope)))
    .groupBy('account.org_id')
    .orderBy('n', 'desc')
    .orderBy('account.org_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ orgId: row.orgId, count: count(row.n) }));
}

/**
 * Accounts (within the scope) created since `since`, per UTC hour (`yyyy-MM-ddTHH`): grouped in SQL, portable to
 * both dialects.
 */
export async function newAccountsPerHour(db: Kysely<DB>, since: string, scope?: AccountScope) {
  const rows = await db
    .selectFrom('account')
    .select((eb) => [sql<string>`substr(create_time, 1, 13)`.as('hour'), eb.fn.countAll<string | number>().as('n')])
    .where('create_time', '>=', since)
    .$if(scope !== undefined, (q) => q.where(within(scope)))
    .groupBy(sql`substr(create_time, 1, 13)`)
    .execute();
  return rows.map((row) => ({ hour: row.hour, count: count(row.n) }));
}

/** The number, name and built-in mark of the accounts `ids` (a list's names), by id. */
export async function accountLabels(
  db: Kysely<DB>,
  ids: readonly number[],
): Promise<Map<number, { accountNumber: string; accountName: string; builtin: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('account')
    .select(['id', 'account_number', 'account_name', 'builtin'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      { accountNumber: row.account_number, accountName: row.account_name, builtin: row.builtin },
    ]),
  );
}
