import type { SignInLimits } from '../../config.js';
import type { SignInKind, SignInMethod, SignInReason } from '../../platform/db/schema.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { t } from '../../platform/i18n.js';
import { decoyPasswordHash, verifyPassword } from '../../platform/passwords.js';
import {
  FAILED_CHECK_REASONS,
  type LockLadder,
  REPEATED_REFUSALS,
  type SignInRepository,
} from './signin.repository.js';

/**
 * Brute-force defences of sign-in and of a signed-in account's password checks, in one place (ADR 0011).
 * Everything is keyed by the account number as typed, known or not, and counted in the database, so several
 * server processes share the counts and no answer tells whether an account exists:
 * - per client address: at most `failuresPerClientDay` failed password checks a day, then 429;
 * - per account number and client address: a lock after `lockAfter` consecutive failures (1 min, doubling per
 *   further failure, at most `lockMaxSeconds`). It holds that address only, so failing on purpose from one
 *   address does not keep the owner out from another;
 * - per account number, from any address: a captcha after `captchaAfter` consecutive failures (when
 *   LOGIN_CAPTCHA=off; on, it is always needed), and at most `checksPerAccountHour` failed password checks an
 *   hour (successes are not guesses and do not count). Past that cap only addresses the account was signed in
 *   from in the last 30 days get through, so a botnet holding the cap does not keep the owner out either;
 * - unknown account and wrong password answer the same 400 after exactly one argon2id verification; a lock
 *   answers the same 429 for every account number, existing or not, without a check. Only a right password
 *   learns that the account is disabled (账号已禁用) or awaits approval: whoever knows it may be told.
 * Every attempt, admitted or refused, is written to the sign-in log.
 */

export interface SignInClient {
  ip: string;
  userAgent?: string;
}

type Guard = NonNullable<Awaited<ReturnType<SignInRepository['guardOf']>>>;
type PasswordMethod = Extract<SignInMethod, 'password' | 'password_check'>;
type SecondFactorMethod = Extract<SignInMethod, 'totp' | 'passkey' | 'recovery'>;
/** What a second factor is checked for: a sign-in's step (or a passkey sign-in), or a signed-in account's proof. */
export type SecondFactorPurpose = Extract<SignInKind, 'signin' | 'verification'>;

/** A password check's log kind: a sign-in's own, or a signed-in account's identity verification. */
const kindOfPassword = (method: PasswordMethod): SignInKind => (method === 'password' ? 'signin' : 'verification');

/** A right first factor's entry: a sign-in when it opened the session, the first of two steps when it asked for one. */
const kindOfAnswer = (answer: unknown): SignInKind => (typeof answer === 'string' ? 'signin' : 'first_factor');

/**
 * The `signin_guard` scope of second-factor failures: one streak per account from every address. A right password
 * ends the password streaks, never this one, so knowing the password buys no fresh guesses at the code; five
 * failures in a row lock the second step of the account (1 min, doubling, at most LOGIN_LOCK_MAX_SECONDS).
 */
const SECOND_FACTOR_SCOPE = '2fa';
const SECOND_FACTOR_LOCK_AFTER = 5;
/** A client's failed checks of a day, second factors included, for its daily cap at the second step. */
const SECOND_FACTOR_FAILURES: SignInReason[] = [...FAILED_CHECK_REASONS, 'code_invalid'];

interface CheckedAccount {
  id: number;
  password_hash: string;
  state: number;
  /** REGISTRATION=approval: a self-registered account not yet enabled by an administrator (1). */
  pending_approval?: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** A failure streak whose last failure is older than this starts again. */
const STREAK_MS = DAY_MS;
/** An address this account was signed in from within this time passes the account's hourly cap. */
const KNOWN_ADDRESS_MS = 30 * DAY_MS;

/**
 * Refusals answered without a password check. They are cheap, so a flood of them would keep the event loop busy
 * and slow every other route; each waits `refusalDelayMs` first (a tarpit), which leaves a flooding client's
 * connections idle. A wrong password needs no delay: the argon2 check and its bounded queue pace it.
 */
const UNCHECKED_REFUSALS: ReadonlySet<SignInReason> = new Set(['locked', 'rate_limited', 'captcha_required']);

/**
 * How the refusals a flood repeats (`REPEATED_REFUSALS`) are logged (M-5): within `REFUSAL_WINDOW_MS` a
 * client's first `REFUSAL_ROWS_PER_KEY` of one account number, method and reason are rows of their own, further ones
 * add to the newest of them (its `repeats`, shown ×N); past `REFUSAL_ROWS_PER_CLIENT` such rows of a client in the
 * window, refusals of further account numbers add to one summary row per method and reason with no account number.
 */
const REPEATED: ReadonlySet<SignInReason> = new Set(REPEATED_REFUSALS);
const REFUSAL_WINDOW_MS = 10 * 60_000;
const REFUSAL_ROWS_PER_KEY = 3;
const REFUSAL_ROWS_PER_CLIENT = 20;

/** The refusal of an account whose owner proved who they are (right password, SMS code) but may not sign in. */
export class AccountUnavailableError extends AppError {
  constructor(pendingApproval: boolean) {
    super(400, t(pendingApproval ? 'auth.pendingApproval' : 'auth.signInDisabled'));
  }
}

/** 账号已禁用, or 账号待审核 for a self-registered account an administrator has not enabled yet. */
export const unavailableAccount = (pendingApproval: boolean) => new AccountUnavailableError(pendingApproval);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const iso = (ms: number) => new Date(ms).toISOString();
const tooMany = (msg: string) => new AppError(429, msg);

/** The key an attempt is counted under: the typed account number, trimmed and bounded like the column. */
export const accountKey = (typed: string) => typed.trim().slice(0, 100);
/** The `signin_guard` scope of a client address (never '', the scope of the account number's own streak). */
const scopeOf = (ip: string) => ip.slice(0, 64) || '?';

/** Seconds an account stays locked after its `failures`-th consecutive failure (0: not locked). */
export function lockSeconds(failures: number, limits: SignInLimits): number {
  if (failures < limits.lockAfter) return 0;
  const doublings = Math.min(failures - limits.lockAfter, 30);
  return Math.min(limits.lockMaxSeconds, limits.lockBaseSeconds * 2 ** doublings);
}

/**
 * The locks a streak calls for from `now` on (the repository sets the one its new count reaches in the same
 * statement that counts it): one rung per lock length, from the `lockAfter`-th failure until the length stops
 * growing.
 */
export function lockLadder(lockAfter: number, limits: SignInLimits, now: number): LockLadder {
  const until: string[] = [];
  for (let failures = lockAfter; ; failures++) {
    const seconds = lockSeconds(failures, { ...limits, lockAfter });
    until.push(iso(now + seconds * 1000));
    if (seconds >= limits.lockMaxSeconds || failures - lockAfter >= 30) return { from: lockAfter, until };
  }
}

export function createSignInPolicy(deps: {
  repo: SignInRepository;
  limits: SignInLimits;
  /** LOGIN_CAPTCHA: every password sign-in needs a captcha. */
  loginCaptcha: boolean;
  /** Spends an image-captcha token; throws 400 when it is missing or invalid. */
  requireCaptcha: (token: string | null | undefined) => Promise<void>;
  findAccount: (accountNumber: string) => Promise<CheckedAccount | undefined>;
  findAccountById: (id: number) => Promise<(CheckedAccount & { account_number: string }) | undefined>;
}) {
  const { repo, limits } = deps;
  /**
   * Accounts with a password check of their own in flight in this process. Each may have one: the hashing queue
   * is shared by everybody, and one signed-in account flooding checks must be refused itself, not fill the queue
   * and leave other accounts' sign-ins 系统繁忙.
   */
  const checking = new Set<number>();

  async function log(
    entry: {
      account: string;
      accountId?: number | null;
      reason: SignInReason;
      method: SignInMethod;
      kind: SignInKind;
    },
    client: SignInClient,
  ): Promise<void> {
    const at = new Date();
    const row = {
      at: at.toISOString(),
      account: entry.account.slice(0, 100),
      account_id: entry.accountId ?? null,
      outcome: entry.reason === 'ok' ? ('success' as const) : ('failure' as const),
      reason: entry.reason,
      method: entry.method,
      kind: entry.kind,
      ip: client.ip.slice(0, 64),
      user_agent: client.userAgent?.slice(0, 512) ?? null,
    };
    if (REPEATED.has(entry.reason)) {
      await repo.recordRefusal(row, {
        since: iso(at.getTime() - REFUSAL_WINDOW_MS),
        perKey: REFUSAL_ROWS_PER_KEY,
        perClient: REFUSAL_ROWS_PER_CLIENT,
      });
      return;
    }
    await repo.insertLog(row);
  }

  /** Minutes left of a lock (`locked_until`) at `now`, at least 1; 0 when there is none. */
  const lockedMinutes = (lockedUntil: string | null | undefined, now: number) =>
    lockedUntil && lockedUntil > iso(now) ? Math.max(1, Math.ceil((Date.parse(lockedUntil) - now) / 60_000)) : 0;

  /** Minutes left of the lock of `account` in `scope` (at least 1: an attempt found it locked a moment ago). */
  const lockedMinutesOf = async (account: string, scope: string, now: number) =>
    Math.max(1, lockedMinutes((await repo.guardsOf(account, scope)).scoped?.locked_until, now));

  /** Whether the client's failed checks of the last day (with these reasons) reached its daily cap. */
  const clientCapReached = async (client: SignInClient, reasons: SignInReason[], now: number) =>
    (await repo.countByClient(client.ip.slice(0, 64), reasons, iso(now - DAY_MS), limits.failuresPerClientDay)) >=
    limits.failuresPerClientDay;

  /** Whether a failure streak (the account's `signin_guard` row) asks for a captcha at `now`. */
  const streakWantsCaptcha = (guard: Guard | undefined, now: number) =>
    !!guard && guard.last_failure_at > iso(now - STREAK_MS) && guard.failures >= limits.captchaAfter;

  /**
   * Runs what a right first factor leads to and logs it: a sign-in when it opened a session, the first of two
   * steps when it asked for the second; `no_access` when access control refused the account every screen (403).
   */
  async function completeLogged<T>(
    entry: { account: string; accountId: number | null; method: SignInMethod },
    client: SignInClient,
    complete: () => Promise<T>,
  ): Promise<T> {
    let answer: T;
    try {
      answer = await complete();
    } catch (error) {
      if (error instanceof AppError && error.status === 403) {
        await log({ ...entry, reason: 'no_access', kind: 'signin' }, client);
      }
      throw error;
    }
    await log({ ...entry, reason: 'ok', kind: kindOfAnswer(answer) }, client);
    return answer;
  }

  /**
   * One password check under every limit: lock of this address → per-client daily cap → per-account hourly cap
   * (addresses the account was signed in from pass it) → captcha (sign-ins only) → one argon2id verification.
   * Answers the account's id or throws (and logs) the refusal.
   */
  async function checkUnderLimits(check: {
    account: string;
    password: string;
    method: PasswordMethod;
    client: SignInClient;
    /** The captcha token of a sign-in; undefined when the check asks for none (a signed-in account's own). */
    captcha: string | null | undefined;
    find: (account: string) => Promise<CheckedAccount | undefined>;
    /** The account, when the caller already knows it (logged with refusals that looked no account up). */
    accountId: number | null;
    wrong: () => AppError;
    /** The refusal of a right password for an account that may not sign in; `wrong` when not given. */
    unavailable?: (account: CheckedAccount) => AppError;
  }): Promise<number> {
    const { account, method, client } = check;
    const scope = scopeOf(client.ip);
    const now = Date.now();
    let looked: { found: CheckedAccount | undefined } | undefined;
    const find = async () => {
      looked ??= { found: await check.find(account) };
      return looked.found;
    };
    const refuse = async (reason: SignInReason, error: AppError, accountId = check.accountId) => {
      await log({ account, accountId, reason, method, kind: kindOfPassword(method) }, client);
      if (UNCHECKED_REFUSALS.has(reason) && limits.refusalDelayMs > 0) await sleep(limits.refusalDelayMs);
      return error;
    };

    // The lock first: it is one read by primary key, and a flood at one account number from one address is
    // refused by it alone.
    const guards = await repo.guardsOf(account, scope);
    const minutes = lockedMinutes(guards.scoped?.locked_until, now);
    if (minutes > 0) throw await refuse('locked', tooMany(t('signin.locked', { minutes })));
    if (await clientCapReached(client, FAILED_CHECK_REASONS, now)) {
      throw await refuse('rate_limited', tooMany(t('signin.clientDaily')));
    }
    if (
      (await repo.countByAccount(account, FAILED_CHECK_REASONS, iso(now - HOUR_MS), limits.checksPerAccountHour)) >=
      limits.checksPerAccountHour
    ) {
      // Guessing from addresses the account never used is capped; its owner, at an address it signed in from
      // lately, is not kept out by the cap somebody else filled (docs/sign-in-defences.md); unknown numbers have none.
      const found = await find();
      const known = found && (await repo.signedInFrom(found.id, client.ip.slice(0, 64), iso(now - KNOWN_ADDRESS_MS)));
      if (!known) throw await refuse('rate_limited', tooMany(t('signin.accountHourly')));
    }
    // The captcha is spent before the password is looked at: guessing costs one solved captcha per try. The
    // streak is the row read with the lock.
    if (check.captcha !== undefined && (deps.loginCaptcha || streakWantsCaptcha(guards.account, now))) {
      if (!check.captcha) {
        throw await refuse(
          'captcha_required',
          badRequest(t(deps.loginCaptcha ? 'verify.captchaRequired' : 'signin.captchaRequired')),
        );
      }
      try {
        await deps.requireCaptcha(check.captcha);
      } catch (error) {
        if (error instanceof AppError) throw await refuse('captcha_wrong', error);
        throw error;
      }
    }

    const found = await find();
    // Counted as a failure, with the lock its count calls for, before the check and in one statement: of a burst
    // that all read "not locked" above, the attempts after the locking one are refused here, unchecked.
    const taken = await repo.takeAttempt(
      account,
      scope,
      iso(now),
      iso(now - STREAK_MS),
      lockLadder(limits.lockAfter, limits, now),
    );
    if (!taken) {
      const minutes = await lockedMinutesOf(account, scope, now);
      throw await refuse('locked', tooMany(t('signin.locked', { minutes })));
    }
    let passwordOk: boolean;
    try {
      // Unknown accounts cost one argon2 verification too, so the answer time does not tell which exist.
      passwordOk = await verifyPassword(found?.password_hash ?? (await decoyPasswordHash()), check.password);
    } catch (error) {
      // Not checked (the hashing queue was full): not a failure either.
      await repo.giveBackAttempt(account, scope, taken.lockedUntil);
      if (error instanceof AppError) throw await refuse('busy', error, found?.id ?? null);
      throw error;
    }
    if (found && passwordOk && found.state === 1) {
      // A success ends this address's streak (the attempt's own count included) and the account number's (a failure
      // another attempt records meanwhile is kept, as it would be had it landed just after this success).
      await repo.clearGuards(account, scope);
      // A sign-in's success is logged once its answer is known (`authenticate`): a session, or a second step.
      if (method === 'password_check') {
        await log({ account, accountId: found.id, reason: 'ok', method, kind: 'verification' }, client);
      }
      return found.id;
    }

    const reason: SignInReason = !found ? 'unknown_account' : !passwordOk ? 'bad_credentials' : 'disabled';
    // The address's streak counted this failure already; the account number's own (the captcha's) counts it now.
    await repo.addAccountFailure(account, iso(now), iso(now - STREAK_MS));
    // No account-state oracle: only the right password is told why it does not sign in.
    const refusal = found && passwordOk && check.unavailable ? check.unavailable(found) : check.wrong();
    throw await refuse(reason, refusal, found?.id ?? null);
  }

  return {
    /** Whether a sign-in of `typed` needs a captcha now (always with LOGIN_CAPTCHA=on). */
    captchaRequired: async (typed: string) =>
      deps.loginCaptcha || streakWantsCaptcha(await repo.guardOf(accountKey(typed)), Date.now()),

    /**
     * Checks a password sign-in under every limit, then `complete`s it with the account's id (a session token, or the
     * second step it still needs): that answer, or an AppError (400 generic, 400 captcha, 429 limit or lock, 429
     * busy, 403 from `complete` when access control gives the account no screen). The attempt is logged either
     * way, a right password by what it led to (`kindOfAnswer`; a 403 as `no_access`).
     */
    async authenticate<T>(
      input: { account: string; password: string; captcha?: string | null },
      client: SignInClient,
      complete: (accountId: number) => Promise<T>,
    ): Promise<T> {
      const account = accountKey(input.account);
      const accountId = await checkUnderLimits({
        account,
        password: input.password,
        method: 'password',
        client,
        captcha: input.captcha ?? null,
        find: (typed) => (typed ? deps.findAccount(typed) : Promise.resolve(undefined)),
        accountId: null,
        wrong: () => badRequest(t('auth.badCredentials')),
        unavailable: (found) => unavailableAccount(found.pending_approval === 1),
      });
      return completeLogged({ account, accountId, method: 'password' }, client, () => complete(accountId));
    },

    /**
     * Checks the signed-in account's own password (POST /auth/password/validate) under the sign-in limits: its
     * failures count toward the account number's captcha, lock and hourly cap and are logged as
     * `password_check`. No captcha is asked here (the caller holds a session); a check while another of the
     * same account is still running is refused 429 busy at once. Throws 400 `verify.passwordWrong` when wrong.
     */
    async checkPassword(accountId: number, password: string, client: SignInClient): Promise<void> {
      // Looked at and taken before anything is awaited: while one check of the account runs, the others of a
      // burst are refused, not queued.
      if (checking.has(accountId)) {
        const found = await deps.findAccountById(accountId);
        await log(
          {
            account: accountKey(found?.account_number ?? ''),
            accountId,
            reason: 'busy',
            method: 'password_check',
            kind: 'verification',
          },
          client,
        );
        if (limits.refusalDelayMs > 0) await sleep(limits.refusalDelayMs);
        throw tooMany(t('signin.busy'));
      }
      checking.add(accountId);
      try {
        const found = await deps.findAccountById(accountId);
        if (!found) throw badRequest(t('verify.passwordWrong'));
        await checkUnderLimits({
          account: accountKey(found.account_number),
          password,
          method: 'password_check',
          client,
          captcha: undefined,
          find: async () => found,
          accountId,
          wrong: () => badRequest(t('verify.passwordWrong')),
        });
      } finally {
        checking.delete(accountId);
      }
    },

    /**
     * One check of a second factor (a sign-in's second step, a passkey sign-in, an identity verification with the
     * authenticator app or a passkey) under its own lock: `attempt` answers whether the factor was right. A wrong
     * one counts toward the account's second-factor streak and the client's daily cap, and is logged with its
     * method; a lock answers 429 without a check. Throws `wrong()` when the factor was wrong. A right one goes on
     * to `then` (the session of a sign-in, the proof of a verification), whose answer this is. The log says what the
     * check was for (`purpose`): a sign-in, or a signed-in account's identity verification.
     */
    async checkSecondFactor<T>(
      account: { id: number; accountNumber: string },
      method: SecondFactorMethod,
      purpose: SecondFactorPurpose,
      client: SignInClient,
      attempt: () => Promise<boolean>,
      wrong: () => AppError,
      then: () => Promise<T>,
    ): Promise<T> {
      const key = accountKey(account.accountNumber);
      const now = Date.now();
      const entry = { account: key, accountId: account.id, method, kind: purpose };
      const refuse = async (reason: SignInReason, error: AppError) => {
        await log({ ...entry, reason }, client);
        if (UNCHECKED_REFUSALS.has(reason) && limits.refusalDelayMs > 0) await sleep(limits.refusalDelayMs);
        return error;
      };
      const { scoped } = await repo.guardsOf(key, SECOND_FACTOR_SCOPE);
      const minutes = lockedMinutes(scoped?.locked_until, now);
      if (minutes > 0) throw await refuse('locked', tooMany(t('signin.secondFactorLocked', { minutes })));
      if (await clientCapReached(client, SECOND_FACTOR_FAILURES, now)) {
        throw await refuse('rate_limited', tooMany(t('signin.clientDaily')));
      }
      // Counted and locked before the check, in one statement (as the password's): of 200 wrong codes sent at once,
      // at most the lock's five are checked.
      const ladder = lockLadder(Math.min(limits.lockAfter, SECOND_FACTOR_LOCK_AFTER), limits, now);
      const taken = await repo.takeAttempt(key, SECOND_FACTOR_SCOPE, iso(now), iso(now - STREAK_MS), ladder);
      if (!taken) {
        const minutes = await lockedMinutesOf(key, SECOND_FACTOR_SCOPE, now);
        throw await refuse('locked', tooMany(t('signin.secondFactorLocked', { minutes })));
      }
      let right: boolean;
      try {
        right = await attempt();
      } catch (error) {
        await repo.giveBackAttempt(key, SECOND_FACTOR_SCOPE, taken.lockedUntil);
        throw error;
      }
      if (!right) throw await refuse('code_invalid', wrong());
      await repo.clearGuards(key, SECOND_FACTOR_SCOPE);
      if (purpose === 'signin') return completeLogged(entry, client, then);
      await log({ ...entry, reason: 'ok' }, client);
      return then();
    },

    /** Logs an SMS sign-in (POST /login/sms): `attempt` answers the session token or throws. */
    async smsSignIn<T>(
      mobile: string | null,
      accountId: number | null,
      client: SignInClient,
      attempt: () => Promise<T>,
    ): Promise<T> {
      const account = mobile ?? '';
      try {
        const answer = await attempt();
        await log({ account, accountId, reason: 'ok', method: 'sms', kind: kindOfAnswer(answer) }, client);
        return answer;
      } catch (error) {
        if (error instanceof AppError) {
          const reason =
            error instanceof AccountUnavailableError ? 'disabled' : error.status === 403 ? 'no_access' : 'code_invalid';
          await log({ account, accountId, reason, method: 'sms', kind: 'signin' }, client);
        }
        throw error;
      }
    },
  };
}

export type SignInPolicy = ReturnType<typeof createSignInPolicy>;
