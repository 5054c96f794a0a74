import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import type { AccountsWithin } from '../authz/index.js';

const count = (row: { n: string | number | bigint | null } | undefined) => Number(row?.n ?? 0);

/** A data scope that is not 全部 (modules/authz `accountsWithin`): these organisations' accounts, or one account. */
export type StatsScope = NonNullable<AccountsWithin>;

/** Accounts (a row of `account`) within the scope; everything without one. */
function accountWithin(within: StatsScope | undefined) {
  if (!within) return sql<boolean>`1 = 1`;
  if ('accountId' in within) return sql<boolean>`account.id = ${within.accountId}`;
  // A scope of no organisation reaches no account.
  if (within.orgIds.length === 0) return sql<boolean>`1 = 0`;
  return sql<boolean>`account.org_id in (${sql.join(within.orgIds)})`;
}

/** Sessions of the accounts within the scope; every session without one. */
function sessionWithin(within: StatsScope | undefined) {
  if (!within) return sql<boolean>`1 = 1`;
  if ('accountId' in within) return sql<boolean>`session.account_id = ${within.accountId}`;
  if (within.orgIds.length === 0) return sql<boolean>`1 = 0`;
  return sql<boolean>`session.account_id in (select id from account where org_id in (${sql.join(within.orgIds)}))`;
}

/**
 * The dashboard's reads: counts over accounts, organisations, roles, dictionaries and sessions. Those about accounts
 * and organisations take the caller's data scope (`within`); absent, they count everything as they always did.
 */
export function createStatsRepository(db: Kysely<DB>) {
  return {
    /** Rows in a table that has no trigger-kept counter. */
    countOf(table: 'org' | 'role' | 'dict'): Promise<number> {
      return db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirst()
        .then(count);
    },

    /** The organisations among `ids` (a scope's organisations that still exist). */
    orgsAmong(ids: readonly number[]): Promise<number> {
      if (ids.length === 0) return Promise.resolve(0);
      return db
        .selectFrom('org')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('id', 'in', ids)
        .executeTakeFirst()
        .then(count);
    },

    /** Every account (within the scope), and how many are enabled. */
    async accountStates(within?: StatsScope): Promise<{ total: number; enabled: number }> {
      const row = await db
        .selectFrom('account')
        .select((eb) => [
          eb.fn.countAll<string | number>().as('n'),
          eb.fn.sum<string | number>(sql`case when state = 1 then 1 else 0 end`).as('enabled'),
        ])
        .$if(within !== undefined, (q) => q.where(accountWithin(within)))
        .executeTakeFirst();
      return { total: count(row), enabled: Number(row?.enabled ?? 0) };
    },

    /** Sign-ins (sessions that are not identity switches) opened since `since`, of accounts within the scope. */
    signInsSince(since: string, within?: StatsScope): Promise<number> {
      return db
        .selectFrom('session')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('created_at', '>=', since)
        .where('origin_session_id', 'is', null)
        .$if(within !== undefined, (q) => q.where(sessionWithin(within)))
        .executeTakeFirst()
        .then(count);
    },

    /** Sessions not ended, not expired at `now`, and used since `seenSince`, of accounts within the scope. */
    liveSessions(now: string, seenSince: string, within?: StatsScope): Promise<number> {
      return db
        .selectFrom('session')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('ended_at', 'is', null)
        .where('expires_at', '>', now)
        .where('last_seen_at', '>', seenSince)
        .$if(within !== undefined, (q) => q.where(sessionWithin(within)))
        .executeTakeFirst()
        .then(count);
    },

    /** The organisations with the most accounts (directly in them, within the scope), most first. */
    async accountsPerOrg(limit: number, within?: StatsScope) {
      const rows = await db
        .selectFrom('account')
        .innerJoin('org', 'org.id', 'account.org_id')
        .select((eb) => [
          'org.id as orgId',
          'org.name as name',
          'org.pid as pid',
          eb.fn.countAll<string | number>().as('n'),
        ])
        .$if(within !== undefined, (q) => q.where(accountWithin(within)))
        .groupBy(['org.id', 'org.name', 'org.pid'])
        .orderBy('n', 'desc')
        .orderBy('org.id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ orgId: row.orgId, name: row.name, pid: row.pid, count: Number(row.n) }));
    },

    /**
     * Accounts (within the scope) created since `since`, per UTC hour (`yyyy-MM-ddTHH`): grouped in SQL, portable
     * to both dialects.
     */
    async newAccountsPerHour(since: string, within?: StatsScope) {
      const rows = await db
        .selectFrom('account')
        .select((eb) => [sql<string>`substr(create_time, 1, 13)`.as('hour'), eb.fn.countAll<string | number>().as('n')])
        .where('create_time', '>=', since)
        .$if(within !== undefined, (q) => q.where(accountWithin(within)))
        .groupBy(sql`substr(create_time, 1, 13)`)
        .execute();
      return rows.map((row) => ({ hour: row.hour, count: Number(row.n) }));
    },

    /** The latest sign-ins (not identity switches) of accounts within the scope, newest first. */
    recentSignIns(limit: number, within?: StatsScope) {
      return db
        .selectFrom('session')
        .innerJoin('account', 'account.id', 'session.account_id')
        .select([
          'account.account_number as accountNumber',
          'account.account_name as accountName',
          'account.builtin as builtin',
          'session.created_at as at',
          'session.ip as ip',
          'session.user_agent as userAgent',
        ])
        .where('session.origin_session_id', 'is', null)
        .$if(within !== undefined, (q) => q.where(accountWithin(within)))
        .orderBy('session.created_at', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type StatsRepository = ReturnType<typeof createStatsRepository>;
