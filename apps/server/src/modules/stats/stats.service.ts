import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

/** Dates on the dashboard are China Standard Time calendar days (UTC+8, no daylight saving). */
const CST_OFFSET_MS = 8 * 3600_000;
const DAYS = 30;
/** A session counts as live when it was used within this window. */
const LIVE_WINDOW_MS = 30 * 60_000;

/** The UTC+8 calendar date (yyyy-MM-dd) of an instant. */
export function cstDate(ms: number): string {
  return new Date(ms + CST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant today's UTC+8 day began. */
function cstMidnight(now: number): number {
  return Date.parse(`${cstDate(now)}T00:00:00.000Z`) - CST_OFFSET_MS;
}

const count = (row: { n: string | number | bigint | null } | undefined) => Number(row?.n ?? 0);

export function createStatsService(db: Kysely<DB>) {
  const countOf = (table: 'org' | 'role' | 'dict') =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirst()
      .then(count);

  return {
    async overview(now = Date.now()) {
      const since = cstMidnight(now) - (DAYS - 1) * 86_400_000;
      const [accounts, orgs, roles, dicts, signInsToday, live, perOrg, perHour, recent] = await Promise.all([
        db
          .selectFrom('account')
          .select((eb) => [
            eb.fn.countAll<string | number>().as('n'),
            eb.fn.sum<string | number>(sql`case when state = 1 then 1 else 0 end`).as('enabled'),
          ])
          .executeTakeFirst(),
        countOf('org'),
        countOf('role'),
        countOf('dict'),
        db
          .selectFrom('session')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('created_at', '>=', new Date(cstMidnight(now)).toISOString())
          .where('origin_session_id', 'is', null)
          .executeTakeFirst()
          .then(count),
        db
          .selectFrom('session')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('ended_at', 'is', null)
          .where('expires_at', '>', new Date(now).toISOString())
          .where('last_seen_at', '>', new Date(now - LIVE_WINDOW_MS).toISOString())
          .executeTakeFirst()
          .then(count),
        db
          .selectFrom('account')
          .innerJoin('org', 'org.id', 'account.org_id')
          .select((eb) => ['org.id as orgId', 'org.name as name', eb.fn.countAll<string | number>().as('n')])
          .groupBy(['org.id', 'org.name'])
          .orderBy('n', 'desc')
          .orderBy('org.id')
          .limit(10)
          .execute(),
        // Grouped by UTC hour in SQL (portable), folded into UTC+8 days here.
        db
          .selectFrom('account')
          .select((eb) => [
            sql<string>`substr(create_time, 1, 13)`.as('hour'),
            eb.fn.countAll<string | number>().as('n'),
          ])
          .where('create_time', '>=', new Date(since).toISOString())
          .groupBy(sql`substr(create_time, 1, 13)`)
          .execute(),
        db
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
          .limit(10)
          .execute(),
      ]);

      const days = new Map<string, number>();
      for (let i = 0; i < DAYS; i++) days.set(cstDate(since + i * 86_400_000), 0);
      for (const row of perHour) {
        const day = cstDate(Date.parse(`${row.hour}:00:00.000Z`));
        if (days.has(day)) days.set(day, (days.get(day) ?? 0) + Number(row.n));
      }
      const total = count(accounts);
      const enabled = Number(accounts?.enabled ?? 0);
      return {
        accounts: { total, enabled, disabled: total - enabled },
        orgs,
        roles,
        dicts,
        signInsToday,
        liveSessions: live,
        accountsPerOrg: perOrg.map((row) => ({ orgId: row.orgId, name: row.name, count: Number(row.n) })),
        newAccountsPerDay: [...days].map(([date, n]) => ({ date, count: n })),
        recentSignIns: recent,
        generatedAt: new Date(now).toISOString(),
      };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
