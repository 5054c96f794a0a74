import { type Insertable, type Kysely, sql } from 'kysely';
import { likeLiteral } from '../../platform/db/like.js';
import { preparedQuery } from '../../platform/db/prepared.js';
import type { DB, SignInLogTable, SignInMethod, SignInOutcome, SignInReason } from '../../platform/db/schema.js';
import type { AccountsWithin } from '../authz/index.js';

/** Reasons that are failed password checks: what the per-account hourly and per-client daily limits count. */
export const FAILED_CHECK_REASONS: SignInReason[] = ['bad_credentials', 'unknown_account', 'disabled'];

/** The methods that check a password: a sign-in, and a signed-in account's check of its own password. */
const PASSWORD_METHODS: SignInMethod[] = ['password', 'password_check'];

/** The `signin_guard` scope of an account number's streak from any address (the captcha's). */
export const ANY_ADDRESS = '';

export interface SignInLogFilters {
  account?: string;
  outcome?: 'success' | 'failure' | '';
  ip?: string;
  startTime?: string;
  endTime?: string;
  /**
   * The caller's data scope (modules/authz `accountsWithin`): only entries of the accounts of these organisations,
   * or of one account (仅本人); absent: every entry, those of unknown account numbers too.
   */
  within?: AccountsWithin;
}

/** `%`, `_` and `\` typed into a filter match themselves. */

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
    if (account) q = q.where(sql<boolean>`account like ${`%${likeLiteral(account)}%`} escape '\\'`);
    if (filters.outcome) q = q.where('outcome', '=', filters.outcome);
    const ip = filters.ip?.trim();
    if (ip) q = q.where(sql<boolean>`ip like ${`${likeLiteral(ip)}%`} escape '\\'`);
    if (filters.startTime) q = q.where('at', '>=', new Date(filters.startTime).toISOString());
    if (filters.endTime) q = q.where('at', '<=', new Date(filters.endTime).toISOString());
    const within = filters.within;
    if (within && 'accountId' in within) q = q.where('account_id', '=', within.accountId);
    else if (within) {
      const orgIds = within.orgIds;
      // A scope of no organisation reaches no entry.
      q = orgIds.length
        ? q.where(
            'account_id',
            'in',
            db.selectFrom('account').select('account.id').where('account.org_id', 'in', orgIds),
          )
        : q.where(sql<boolean>`1 = 0`);
    }
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
  // The account number's streak and its streak from one address, in one read.
  const guardsOf = preparedQuery(db, (db, account: string, scope: string) =>
    db.selectFrom('signin_guard').selectAll().where('account', '=', account).where('scope', 'in', [ANY_ADDRESS, scope]),
  );
  const signedInFrom = preparedQuery(db, (db, accountId: number, ip: string, since: string) =>
    db
      .selectFrom('signin_log')
      .select(sql<number>`1`.as('one'))
      .where('account_id', '=', accountId)
      .where('ip', '=', ip)
      .where('outcome', '=', 'success')
      .where('at', '>', since)
      .limit(sql.lit(1)),
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
        // The account's count looks at password checks only (sign-ins and signed-in checks), the address's at
        // every method.
        if (by === 'account') rows = rows.where('method', 'in', PASSWORD_METHODS);
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

    /** The account number's streak from any address (`account`) and from the address `scope` (`scoped`). */
    async guardsOf(account: string, scope: string) {
      const rows = await guardsOf(account, scope);
      return {
        account: rows.find((row) => row.scope === ANY_ADDRESS),
        scoped: rows.find((row) => row.scope === scope && scope !== ANY_ADDRESS),
      };
    },

    /** The streak of `account` in `scope` (by default its streak from any address). */
    async guardOf(account: string, scope = ANY_ADDRESS) {
      const { account: wide, scoped } = await this.guardsOf(account, scope);
      return scope === ANY_ADDRESS ? wide : scoped;
    },

    /** Whether account `accountId` was signed in (or checked its password) from `ip` since `since`. */
    async signedInFrom(accountId: number, ip: string, since: string): Promise<boolean> {
      return (await signedInFrom(accountId, ip, since)).length > 0;
    },

    /**
     * One more failure of `account`, from any address and from `scope`, atomically (several server processes
     * may count at once): answers both new counts. A streak whose last failure is older than `streakSince`
     * starts again at 1.
     */
    async addFailure(
      account: string,
      scope: string,
      now: string,
      streakSince: string,
    ): Promise<{ account: number; scoped: number }> {
      // Both rows in one statement: with scope '' they would be one row, which the upsert cannot take twice.
      if (scope === ANY_ADDRESS) throw new Error('a failure needs the address it came from');
      const fresh = { account, failures: 1, last_failure_at: now, locked_until: null };
      const rows = await db
        .insertInto('signin_guard')
        .values([
          { ...fresh, scope: ANY_ADDRESS },
          { ...fresh, scope },
        ])
        .onConflict((oc) =>
          oc.columns(['account', 'scope']).doUpdateSet((eb) => ({
            failures: eb
              .case()
              .when('signin_guard.last_failure_at', '<', streakSince)
              .then(1)
              .else(eb('signin_guard.failures', '+', 1))
              .end(),
            last_failure_at: now,
          })),
        )
        .returning(['scope', 'failures'])
        .execute();
      const count = (of: string) => Number(rows.find((row) => row.scope === of)?.failures ?? 0);
      return { account: count(ANY_ADDRESS), scoped: count(scope) };
    },

    /** Locks `account` for the address `scope` only. */
    async lock(account: string, scope: string, until: string): Promise<void> {
      await db
        .updateTable('signin_guard')
        .set({ locked_until: until })
        .where('account', '=', account)
        .where('scope', '=', scope)
        .execute();
    },

    /** Drops failure streaks that can neither lock nor ask for a captcha any more (spraying many names grows them). */
    async purgeGuards(lastFailureBefore: string, now: string): Promise<void> {
      await db
        .deleteFrom('signin_guard')
        .where('last_failure_at', '<', lastFailureBefore)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .execute();
    },

    /**
     * A success ends the account number's streak and its streak from this address; other addresses' streaks and
     * locks stay (they were not this caller's).
     */
    async clearGuards(account: string, scope: string): Promise<void> {
      await db
        .deleteFrom('signin_guard')
        .where('account', '=', account)
        .where('scope', 'in', [ANY_ADDRESS, scope])
        .execute();
    },

    /** One page, newest first, or oldest first (`order` asc); equal times by id in the same direction. */
    async page(filters: SignInLogFilters, p: number, pageSize: number, order: 'asc' | 'desc' = 'desc') {
      const total = await filtered(filters)
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      const list = await filtered(filters)
        .selectAll()
        .orderBy('at', order)
        .orderBy('id', order)
        .limit(pageSize)
        .offset((p - 1) * pageSize)
        .execute();
      return { list, totalCount: Number(total.n) };
    },

    rows(filters: SignInLogFilters, max: number) {
      return filtered(filters).selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(max).execute();
    },

    /** Retention (modules/audit/retention.ts): deletes up to `batch` of the log's rows older than `before`. */
    async purgeLogBefore(before: string, batch: number): Promise<number> {
      const result = await db
        .deleteFrom('signin_log')
        .where('id', 'in', db.selectFrom('signin_log').select('id').where('at', '<', before).orderBy('at').limit(batch))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SignInRepository = ReturnType<typeof createSignInRepository>;
