import { type Insertable, type Kysely, sql } from 'kysely';
import { likeLiteral } from '../../platform/db/like.js';
import { preparedQuery } from '../../platform/db/prepared.js';
import type {
  DB,
  SignInKind,
  SignInLogTable,
  SignInMethod,
  SignInOutcome,
  SignInReason,
} from '../../platform/db/schema.js';
import { accountIdsIn } from '../accounts/accounts.reads.js';
import type { AccountsWithin } from '../authz/index.js';

/** Reasons that are failed password checks: what the per-account hourly and per-client daily limits count. */
export const FAILED_CHECK_REASONS: SignInReason[] = ['bad_credentials', 'unknown_account', 'disabled'];

/** The methods that check a password: a sign-in, and a signed-in account's check of its own password. */
const PASSWORD_METHODS: SignInMethod[] = ['password', 'password_check'];

/**
 * Refusals a flood repeats at will (M-5), each a row of about 1.1 KiB until then: `recordRefusal` adds them
 * to a few rows. Failed password checks are not among them (the caps count them per account number, and the client's
 * daily cap bounds them already); successes never are.
 */
export const REPEATED_REFUSALS: readonly SignInReason[] = [
  'locked',
  'rate_limited',
  'captcha_required',
  'captcha_wrong',
  'busy',
  'code_invalid',
];

/** The account number of a client's summary row: the refusals of any account number past its cap (`recordRefusal`). */
export const SUMMARY_ACCOUNT = '';
/** Refusal rows of a client `recordRefusal` reads (its cap plus room for summary rows and failed checks). */
const REFUSALS_READ = 100;

/** The `signin_guard` scope of an account number's streak from any address (the captcha's). */
export const ANY_ADDRESS = '';

/**
 * The locks a streak calls for: its `from`-th failure locks until `until[0]`, the next one until `until[1]`, and so
 * on; every failure past the last rung locks until the last rung's time (signin.policy.ts `lockLadder`).
 */
export interface LockLadder {
  from: number;
  until: string[];
}

export interface SignInLogFilters {
  account?: string;
  outcome?: 'success' | 'failure' | '';
  kind?: SignInKind | '';
  ip?: string;
  /** Bounds of the time, as stored (ISO 8601 UTC text; the service reads the request's with parseRequestTime). */
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
    if (filters.kind) q = q.where('kind', '=', filters.kind);
    const ip = filters.ip?.trim();
    if (ip) q = q.where(sql<boolean>`ip like ${`${likeLiteral(ip)}%`} escape '\\'`);
    if (filters.startTime) q = q.where('at', '>=', filters.startTime);
    if (filters.endTime) q = q.where('at', '<=', filters.endTime);
    const within = filters.within;
    if (within && 'accountId' in within) q = q.where('account_id', '=', within.accountId);
    else if (within) {
      const orgIds = within.orgIds;
      // A scope of no organisation reaches no entry.
      q = orgIds.length ? q.where('account_id', 'in', accountIdsIn(db, orgIds)) : q.where(sql<boolean>`1 = 0`);
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
      kind: SignInKind,
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
        kind,
        ip,
        user_agent: userAgent,
      }),
  );
  // The account number's streak and its streak from one address, in one read.
  const guardsOf = preparedQuery(db, (db, account: string, scope: string) =>
    db.selectFrom('signin_guard').selectAll().where('account', '=', account).where('scope', 'in', [ANY_ADDRESS, scope]),
  );
  /** A client's newest repeated refusals since a time, for `recordRefusal`: at most `REFUSALS_READ` rows. */
  const recentRefusals = preparedQuery(db, (db, ip: string, since: string) =>
    db
      .selectFrom('signin_log')
      .select(['id', 'account', 'method', 'reason', 'kind'])
      .where('ip', '=', ip)
      .where('at', '>', since)
      .where('reason', 'in', REPEATED_REFUSALS)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(sql.lit(REFUSALS_READ)),
  );
  const addRepeat = preparedQuery(db, (db, id: number, at: string) =>
    db
      .updateTable('signin_log')
      .set((eb) => ({ repeats: eb('repeats', '+', 1), last_at: at }))
      .where('id', '=', id),
  );
  // Every success runs it (the attempt's own count is in the streak): compiled once too.
  const clearGuards = preparedQuery(db, (db, account: string, scope: string) =>
    db.deleteFrom('signin_guard').where('account', '=', account).where('scope', 'in', [ANY_ADDRESS, scope]),
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
        let rows = db.selectFrom('signin_log').where(by, '=', who).where('at', '>', since);
        // The account's count looks at password checks only (sign-ins and signed-in checks), the address's at
        // every method.
        if (by === 'account') rows = rows.where('method', 'in', PASSWORD_METHODS);
        rows = rows.where('reason', 'in', reasons).limit(capOf(atMost));
        // A row of a repeated refusal may stand for several attempts (`repeats`, `recordRefusal`): those counts add
        // them up, over at most `atMost` rows still. Failed password checks are one row each, counted off the index.
        if (!reasons.some((reason) => REPEATED_REFUSALS.includes(reason))) {
          return db
            .selectFrom(rows.select(sql<number>`1`.as('one')).as('capped'))
            .select((eb) => eb.fn.countAll<string | number>().as('n'));
        }
        return db
          .selectFrom(rows.select('repeats').as('capped'))
          .select(sql<string | number>`coalesce(sum(${sql.ref('capped.repeats')}), 0)`.as('n'));
      });
      counts.set(key, count);
    }
    return count;
  }

  /** A streak's count after one more failure, in an upsert: 1 again when its last failure is older than `since`. */
  const nextCount = (since: string) =>
    sql<number>`case when ${sql.ref('signin_guard.last_failure_at')} < ${since} then 1 else ${sql.ref('signin_guard.failures')} + 1 end`;

  const accountFailure = preparedQuery(db, (db, account: string, now: string, streakSince: string) =>
    db
      .insertInto('signin_guard')
      .values({ account, scope: ANY_ADDRESS, failures: 1, last_failure_at: now, locked_until: null })
      .onConflict((oc) =>
        oc.columns(['account', 'scope']).doUpdateSet({ failures: nextCount(streakSince), last_failure_at: now }),
      )
      .returning('failures'),
  );

  type AttemptRow = { failures: number | string; locked_until: string | null };
  /**
   * One prepared attempt per ladder shape (`from`, number of rungs): the lock is a CASE over the new count with each
   * rung's time a bound parameter, so the count and the lock it calls for are one write. The conflict's WHERE is
   * judged on the row the upsert has locked (PostgreSQL re-reads its newest version; SQLite has one writer), so of
   * racing attempts every one after the locking one finds the lock and changes nothing.
   */
  const attempts = new Map<string, (...args: (string | null)[]) => Promise<AttemptRow[]>>();
  function attemptOf(ladder: LockLadder) {
    const { from } = ladder;
    const rungs = ladder.until.length;
    if (!Number.isSafeInteger(from) || from < 1 || rungs < 1) throw new Error(`lock ladder ${from}/${rungs} is none`);
    const key = `${from}|${rungs}`;
    let attempt = attempts.get(key);
    if (!attempt) {
      attempt = preparedQuery(db, (db, ...args: (string | null)[]) => {
        const [account, scope, now, since, first, ...until] = args as [string, string, string, string, string | null];
        const count = nextCount(since);
        // From the last rung down: the highest threshold the count reaches names the lock.
        let lock = sql<string | null>`null`;
        for (let i = 0; i < rungs; i++) {
          lock = sql<
            string | null
          >`case when ${count} >= ${sql.lit(from + i)} then ${until[i] ?? null} else ${lock} end`;
        }
        return db
          .insertInto('signin_guard')
          .values({ account, scope, failures: 1, last_failure_at: now, locked_until: first })
          .onConflict((oc) =>
            oc
              .columns(['account', 'scope'])
              .doUpdateSet({ failures: count, last_failure_at: now, locked_until: lock })
              .where((eb) =>
                eb.or([eb('signin_guard.locked_until', 'is', null), eb('signin_guard.locked_until', '<=', now)]),
              ),
          )
          .returning(['failures', 'locked_until']);
      });
      attempts.set(key, attempt);
    }
    return attempt;
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
        row.kind,
        row.ip,
        row.user_agent ?? null,
      );
    },

    /**
     * Logs a refusal that a flood may repeat (signin.policy.ts says which), adding it to a row of the last `window`
     * instead of inserting one when the client already has enough (M-5): after `perKey` rows of the same
     * client, account number, method and reason, to the newest of them; after `perClient` refusal rows of the
     * client (any account number), to the newest of them for this account number, else to the client's summary row
     * of this method and reason (no account number), inserted once. Racing refusals may each insert: a flood's rows
     * stay bounded by its concurrency, not its length.
     */
    async recordRefusal(
      row: Insertable<SignInLogTable>,
      rules: { since: string; perKey: number; perClient: number },
    ): Promise<void> {
      if (rules.perClient > REFUSALS_READ)
        throw new Error(`a client's cap of ${rules.perClient} rows is past the read`);
      const recent = await recentRefusals(row.ip, rules.since);
      const like = (account: string) =>
        recent.filter(
          (r) => r.account === account && r.method === row.method && r.reason === row.reason && r.kind === row.kind,
        );
      const same = like(row.account);
      const full = recent.length >= rules.perClient;
      const into = same.length >= rules.perKey ? same[0] : full ? (same[0] ?? like(SUMMARY_ACCOUNT)[0]) : undefined;
      if (into) await addRepeat(into.id, row.at);
      else await this.insertLog(full ? { ...row, account: SUMMARY_ACCOUNT, account_id: null } : row);
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
     * Counts an attempt of `account` from `scope` as a failure *before* it is checked, and sets the lock its count
     * calls for, in one statement (M-2): read, checked and only then counted, every attempt of a burst read
     * "not locked" and was checked. Answers the new count and lock, or undefined when `scope` is locked at `now` (the
     * attempt is then refused unchecked and counts nothing). A streak whose last failure is older than `streakSince`
     * starts again at 1. A right answer then clears the streak (`clearGuards`); an attempt that could not be checked
     * gives its count back (`giveBackAttempt`).
     */
    async takeAttempt(
      account: string,
      scope: string,
      now: string,
      streakSince: string,
      ladder: LockLadder,
    ): Promise<{ failures: number; lockedUntil: string | null } | undefined> {
      if (scope === ANY_ADDRESS) throw new Error('an attempt is counted in the scope it locks');
      const first = ladder.from <= 1 ? (ladder.until[0] ?? null) : null;
      const [row] = await attemptOf(ladder)(account, scope, now, streakSince, first, ...ladder.until);
      return row && { failures: Number(row.failures), lockedUntil: row.locked_until };
    },

    /**
     * Gives back the count `takeAttempt` took for an attempt that was never checked (the hashing queue was full, the
     * check threw): one failure less, and no lock if the lock is the one that attempt set.
     */
    async giveBackAttempt(account: string, scope: string, lockedUntil: string | null): Promise<void> {
      await db
        .updateTable('signin_guard')
        .set((eb) => ({
          failures: sql<number>`case when failures > 0 then failures - 1 else 0 end`,
          locked_until: eb
            .case()
            .when('locked_until', '=', lockedUntil ?? '')
            .then(sql<string | null>`null`)
            .else(eb.ref('locked_until'))
            .end(),
        }))
        .where('account', '=', account)
        .where('scope', '=', scope)
        .execute();
    },

    /**
     * One more failure of the account number's own streak (from any address: the captcha's), atomically (several
     * server processes may count at once); answers the new count. A streak whose last failure is older than
     * `streakSince` starts again at 1.
     */
    async addAccountFailure(account: string, now: string, streakSince: string): Promise<number> {
      const [row] = await accountFailure(account, now, streakSince);
      return Number(row?.failures ?? 0);
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
      await clearGuards(account, scope);
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
