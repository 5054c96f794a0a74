import type { Principal } from '../../platform/http.js';
import { epochMs } from '../../platform/time.js';
import type { AccountsWithin } from '../authz/index.js';
import { accountNameOf, orgNameOf } from '../setup/seeded-names.js';
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

/**
 * The dashboard's and /data-v's figures. What is about accounts and organisations (account counts, sign-ins, live
 * sessions, accounts per organisation, new accounts, recent sign-ins, the organisation count) is counted within
 * the caller's data scope (`accountsWithin`, modules/authz); roles and dictionaries are not scoped.
 */
export function createStatsService(
  repo: StatsRepository,
  accountsWithin: (principal: Principal) => Promise<AccountsWithin>,
) {
  return {
    async overview(principal: Principal, now = Date.now()) {
      const since = cstMidnight(now) - (DAYS - 1) * 86_400_000;
      const iso = (ms: number) => new Date(ms).toISOString();
      const within = await accountsWithin(principal);
      // 仅本人 reaches no organisation; a scope of organisations counts those that exist.
      const orgCount = !within
        ? repo.orgCount()
        : 'accountId' in within
          ? Promise.resolve(0)
          : repo.orgsAmong(within.orgIds);
      const [accounts, orgs, roles, dicts, signInsToday, live, perOrg, perHour, recent] = await Promise.all([
        repo.accountStates(within),
        orgCount,
        repo.roleCount(),
        repo.dictCount(),
        repo.signInsSince(iso(cstMidnight(now)), within),
        repo.liveSessions(iso(now), iso(now - LIVE_WINDOW_MS), within),
        repo.accountsPerOrg(TOP, within),
        repo.newAccountsPerHour(iso(since), within),
        repo.recentSignIns(TOP, within),
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
        // The seeded names in the request's language (docs/adr/0037).
        accountsPerOrg: perOrg.map(({ pid, ...org }) => ({ ...org, name: orgNameOf(org.name, pid) })),
        newAccountsPerDay: [...days].map(([date, n]) => ({ date, count: n })),
        recentSignIns: recent.map(({ builtin, ...signIn }) => ({
          ...signIn,
          accountName: accountNameOf(signIn.accountName, builtin),
          at: epochMs(signIn.at),
        })),
        generatedAt: now,
      };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
