import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import {
  accountIdsWithin,
  accountLabels,
  accountStates,
  accountsPerOrg,
  newAccountsPerHour,
} from '../accounts/account-counts.reads.js';
import { liveSessions, recentSignIns, signInsSince } from '../auth/auth.reads.js';
import type { AccountsWithin } from '../authz/index.js';
import { dictCount } from '../dicts/dicts.reads.js';
import { existingOrgIds, orgCount, orgNamesAndParents } from '../orgs/orgs.reads.js';
import { roleCount } from '../roles/roles.reads.js';

/** A data scope that is not 全部 (modules/authz `accountsWithin`): these organisations' accounts, or one account. */
export type StatsScope = NonNullable<AccountsWithin>;

/**
 * The dashboard's reads: counts over accounts, organisations, roles, dictionaries and sessions, each read through
 * the module owning its table (owners.ts). Those about accounts and organisations take the caller's data scope
 * (`within`); absent, they count everything.
 */
export function createStatsRepository(db: Kysely<DB>) {
  const sessionsOf = (within?: StatsScope) => (within ? accountIdsWithin(db, within) : undefined);
  return {
    orgCount: () => orgCount(db),
    roleCount: () => roleCount(db),
    dictCount: () => dictCount(db),

    /** The organisations among `ids` (a scope's organisations that still exist). */
    orgsAmong: async (ids: readonly number[]) => (await existingOrgIds(db, ids)).length,

    /** Every account (within the scope), and how many are enabled. */
    accountStates: (within?: StatsScope) => accountStates(db, within),

    /** Sign-ins (sessions that are not identity switches) opened since `since`, of accounts within the scope. */
    signInsSince: (since: string, within?: StatsScope) => signInsSince(db, since, sessionsOf(within)),

    /** Sessions not ended, not expired at `now`, and used since `seenSince`, of accounts within the scope. */
    liveSessions: (now: string, seenSince: string, within?: StatsScope) =>
      liveSessions(db, now, seenSince, sessionsOf(within)),

    /** The organisations with the most accounts (directly in them, within the scope), most first. */
    async accountsPerOrg(limit: number, within?: StatsScope) {
      const counts = await accountsPerOrg(db, limit, within);
      const orgs = await orgNamesAndParents(
        db,
        counts.map((row) => row.orgId),
      );
      return counts.flatMap(({ orgId, count }) => {
        const org = orgs.get(orgId);
        return org ? [{ orgId, name: org.name, pid: org.pid, count }] : [];
      });
    },

    /** Accounts (within the scope) created since `since`, per UTC hour (`yyyy-MM-ddTHH`). */
    newAccountsPerHour: (since: string, within?: StatsScope) => newAccountsPerHour(db, since, within),

    /** The latest sign-ins (not identity switches) of accounts within the scope, newest first. */
    async recentSignIns(limit: number, within?: StatsScope) {
      const sessions = await recentSignIns(db, limit, sessionsOf(within));
      const labels = await accountLabels(
        db,
        sessions.map((row) => row.accountId),
      );
      return sessions.flatMap(({ accountId, ...session }) => {
        const account = labels.get(accountId);
        return account ? [{ ...account, ...session }] : [];
      });
    },
  };
}

export type StatsRepository = ReturnType<typeof createStatsRepository>;
