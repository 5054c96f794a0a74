import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

const count = (row: { n: string | number | bigint | null } | undefined) => Number(row?.n ?? 0);

/** The dashboard's reads: counts over accounts, organisations, roles, dictionaries and sessions. */
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

    /** Every account, and how many are enabled. */
    async accountStates(): Promise<{ total: number; enabled: number }> {
      const row = await db
        .selectFrom('account')
        .select((eb) => [
          eb.fn.countAll<string | number>().as('n'),
          eb.fn.sum<string | number>(sql`case when state = 1 then 1 else 0 end`).as('enabled'),
        ])
        .executeTakeFirst();
      return { total: count(row), enabled: Number(row?.enabled ?? 0) };
    },

    /** Sign-ins (sessions that are not identity switches) opened since `since`. */
    signInsSince(since: string): Promise<number> {
      return db
        .selectFrom('session')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('created_at', '>=', since)
        .where('origin_session_id', 'is', null)
        .executeTakeFirst()
        .then(count);
    },

    /** Sessions not ended, not expired at `now`, and used since `seenSince`. */
    liveSessions(now: string, seenSince: string): Promise<number> {
      return db
        .selectFrom('session')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('ended_at', 'is', null)
        .where('expires_at', '>', now)
        .where('last_seen_at', '>', seenSince)
        .executeTakeFirst()
        .then(count);
    },

    /** The organisations with the most accounts (directly in them), most first. */
    async accountsPerOrg(limit: number) {
      const rows = await db
        .selectFrom('account')
        .innerJoin('org', 'org.id', 'account.org_id')
        .select((eb) => ['org.id as orgId', 'org.name as name', eb.fn.countAll<string | number>().as('n')])
        .groupBy(['org.id', 'org.name'])
        .orderBy('n', 'desc')
        .orderBy('org.id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ orgId: row.orgId, name: row.name, count: Number(row.n) }));
    },

    /** Accounts created since `since`, per UTC hour (`yyyy-MM-ddTHH`): grouped in SQL, portable to both dialects. */
    async newAccountsPerHour(since: string) {
      const rows = await db
        .selectFrom('account')
        .select((eb) => [sql<string>`substr(create_time, 1, 13)`.as('hour'), eb.fn.countAll<string | number>().as('n')])
        .where('create_time', '>=', since)
        .groupBy(sql`substr(create_time, 1, 13)`)
        .execute();
      return rows.map((row) => ({ hour: row.hour, count: Number(row.n) }));
    },

    /** The latest sign-ins (not identity switches), newest first. */
    recentSignIns(limit: number) {
      return db
        .selectFrom('session')
        .innerJoin('account', 'account.id', 'session.account_id')
        .select([
          'account.account_number as accountNumber',
          'account.account_name as accountName',
          'session.created_at as at',
          'session.ip as ip',
          'session.user_agent as userAgent',
        ])
        .where('session.origin_session_id', 'is', null)
        .orderBy('session.created_at', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type StatsRepository = ReturnType<typeof createStatsRepository>;
