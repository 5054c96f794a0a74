import { type Insertable, type Kysely, sql } from 'kysely';
import { preparedQuery } from '../../platform/db/prepared.js';
import type { DB, SignInLogTable, SignInMethod, SignInOutcome, SignInReason } from '../../platform/db/schema.js';

/** Reasons that are failed password checks: what the per-account hourly and per-client daily limits count. */
export const FAILED_CHECK_REASONS: SignInReason[] = ['bad_credentials', 'unknown_account', 'disabled'];

export interface SignInLogFilters {
  account?: string;
  outcome?: 'success' | 'failure' | '';
  ip?: string;
  startTime?: string;
  endTime?: string;
}

/** `%`, `_` and `\` typed into a filter match themselves. */
const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A count's cap as a literal of the SQL, not a bound parameter: SQLite (3.53) marks a statement with a bound LIMIT
 * to be prepared again whenever its parameters are bound, so every run parsed and planned the count afresh (about
 * as dear as running it). The caps come from the configuration, so each gives one statement text.
 */
function capOf(atMost: number) {
  if (!Number.isSafeInteger(atMost) || atMost < 0) throw new Error(`sign-in count cap ${atMost} is not a count`);
  return sql.lit(atMost);
}

export function createSignInRepository(db: Kysely<DB>) {
  function filtered(filters: SignInLogFilters) {
    let q = db.selectFrom('signin_log');
    const account = filters.account?.trim();
    if (account) q = q.where(sql<boolean>`account like ${`%${likeEscape(account)}%`} escape '\\'`);
    if (filters.outcome) q = q.where('outcome', '=', filters.outcome);
    const ip = filters.ip?.trim();
    if (ip) q = q.where(sql<boolean>`ip like ${`${likeEscape(ip)}%`} escape '\\'`);
    if (filters.startTime) q = q.where('at', '>=', new Date(filters.startTime).toISOString());
    if (filters.endTime) q = q.where('at', '<=', new Date(filters.endTime).toISOString());
    return q;
  }

  // The statements every sign-in runs are built and compiled once (platform/db/prepared.ts): Kysely's building
  // and compiling cost about as much as running them.
  const insertLog = preparedQuery(
    db,
    (
      db,
      at: string,
      account: string,
      accountId: number | null,
      outcome: SignInOutcome,
      reason: SignInReason,
      method: SignInMethod,
      ip: string,
      userAgent: string | null,
    ) =>
      db.insertInto('signin_log').values({
        at,
        account,
        account_id: accountId,
        outcome,
        reason,
        method,
        ip,
        user_agent: userAgent,
      }),
  );
  const guardOf = preparedQuery(db, (db, account: string) =>
    db.selectFrom('signin_guard').selectAll().where('account', '=', account),
  );
  /** One prepared count per reason set and cap (a handful, fixed by the policy). */
  const counts = new Map<string, (who: string, since: string) => Promise<readonly { n: string | number }[]>>();
  function countOf(by: 'account' | 'ip', reasons: SignInReason[], atMost: number) {
    const key = `${by}|${reasons.join(',')}|${atMost}`;
    let count = counts.get(key);
    if (!count) {
      count = preparedQuery(db, (db, who: string, since: string) => {
        let rows = db
          .selectFrom('signin_log')
          .select(sql<number>`1`.as('one'))
          .where(by, '=', who)
          .where('at', '>', since);
        // The account's count looks at password sign-ins only, the address's at every method.
        if (by === 'account') rows = rows.where('method', '=', 'password');
        return db
          .selectFrom(rows.where('reason', 'in', reasons).limit(capOf(atMost)).as('capped'))
          .select((eb) => eb.fn.countAll<string | number>().as('n'));
      });
      counts.set(key, count);
    }
    return count;
  }

  return {
    async insertLog(row: Insertable<SignInLogTable>): Promise<void> {
      await insertLog(
        row.at,
        row.account,
        row.account_id ?? null,
        row.outcome,
        row.reason,
        row.method,
        row.ip,
        row.user_agent ?? null,
      );
    },

    /**
     * Log rows of `account` since `since` whose reason is one of `reasons`, counted up to `atMost`: the limit only
     * asks whether it is reached, and an uncapped count would read every row a flood adds (each refusal is
     * logged too), making each refusal dearer than the last. The cap is written into the SQL (`capOf`).
     */
    async countByAccount(account: string, reasons: SignInReason[], since: string, atMost: number): Promise<number> {
      const [row] = await countOf('account', reasons, atMost)(account, since);
      return Number(row?.n ?? 0);
    },

    /** Like `countByAccount`, for a client address (any account), counted up to `atMost`. */
    async countByClient(ip: string, reasons: SignInReason[], since: string, atMost: number): Promise<number> {
      const [row] = await countOf('ip', reasons, atMost)(ip, since);
      return Number(row?.n ?? 0);
    },

    async guardOf(account: string) {
      const [row] = await guardOf(account);
      return row;
    },

    /**
     * One more failure of `account`, atomically (several server processes may count at once): answers the new
     * count. A streak whose last failure is older than `streakSince` starts again at 1.
     */
    async addFailure(account: string, now: string, streakSince: string): Promise<number> {
      const row = await db
        .insertInto('signin_guard')
        .values({ account, failures: 1, last_failure_at: now, locked_until: null })
        .onConflict((oc) =>
          oc.column('account').doUpdateSet((eb) => ({
            failures: eb
              .case()
              .when('signin_guard.last_failure_at', '<', streakSince)
              .then(1)
              .else(eb('signin_guard.failures', '+', 1))
              .end(),
            last_failure_at: now,
          })),
        )
        .returning('failures')
        .executeTakeFirstOrThrow();
      return Number(row.failures);
    },

    async lock(account: string, until: string): Promise<void> {
      await db.updateTable('signin_guard').set({ locked_until: until }).where('account', '=', account).execute();
    },

    /** Drops failure streaks that can neither lock nor ask for a captcha any more (spraying many names grows them). */
    async purgeGuards(lastFailureBefore: string, now: string): Promise<void> {
      await db
        .deleteFrom('signin_guard')
        .where('last_failure_at', '<', lastFailureBefore)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .execute();
    },

    async clearGuard(account: string): Promise<void> {
      await db.deleteFrom('signin_guard').where('account', '=', account).execute();
    },

    async page(filters: SignInLogFilters, p: number, pageSize: number) {
      const total = await filtered(filters)
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      const list = await filtered(filters)
        .selectAll()
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((p - 1) * pageSize)
        .execute();
      return { list, totalCount: Number(total.n) };
    },

    rows(filters: SignInLogFilters, max: number) {
      return filtered(filters).selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(max).execute();
    },
  };
}

export type SignInRepository = ReturnType<typeof createSignInRepository>;
