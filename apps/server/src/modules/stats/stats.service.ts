import type { StatsRepository } from './stats.repository.js';

/** Dates on the dashboard are China Standard Time calendar days (UTC+8, no daylight saving). */
const CST_OFFSET_MS = 8 * 3600_000;
const DAYS = 30;
/** A session counts as live when it was used within this window. */
const LIVE_WINDOW_MS = 30 * 60_000;
/** Rows in the dashboard's top lists. */
const TOP = 10;

/** The UTC+8 calendar date (yyyy-MM-dd) of an instant. */
export function cstDate(ms: number): string {
  return new Date(ms + CST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant today's UTC+8 day began. */
function cstMidnight(now: number): number {
  return Date.parse(`${cstDate(now)}T00:00:00.000Z`) - CST_OFFSET_MS;
}

export function createStatsService(repo: StatsRepository) {
  return {
    async overview(now = Date.now()) {
      const since = cstMidnight(now) - (DAYS - 1) * 86_400_000;
      const iso = (ms: number) => new Date(ms).toISOString();
      const [accounts, orgs, roles, dicts, signInsToday, live, perOrg, perHour, recent] = await Promise.all([
        repo.accountStates(),
        repo.countOf('org'),
        repo.countOf('role'),
        repo.countOf('dict'),
        repo.signInsSince(iso(cstMidnight(now))),
        repo.liveSessions(iso(now), iso(now - LIVE_WINDOW_MS)),
        repo.accountsPerOrg(TOP),
        repo.newAccountsPerHour(iso(since)),
        repo.recentSignIns(TOP),
      ]);

      // Counted per UTC hour, folded into UTC+8 days here.
      const days = new Map<string, number>();
      for (let i = 0; i < DAYS; i++) days.set(cstDate(since + i * 86_400_000), 0);
      for (const row of perHour) {
        const day = cstDate(Date.parse(`${row.hour}:00:00.000Z`));
        if (days.has(day)) days.set(day, (days.get(day) ?? 0) + row.count);
      }
      return {
        accounts: { total: accounts.total, enabled: accounts.enabled, disabled: accounts.total - accounts.enabled },
        orgs,
        roles,
        dicts,
        signInsToday,
        liveSessions: live,
        accountsPerOrg: perOrg,
        newAccountsPerDay: [...days].map(([date, n]) => ({ date, count: n })),
        recentSignIns: recent,
        generatedAt: iso(now),
      };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
