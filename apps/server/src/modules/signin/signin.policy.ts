import type { SignInLimits } from '../../config.js';
import type { SignInMethod, SignInReason } from '../../platform/db/schema.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { t } from '../../platform/i18n.js';
import { decoyPasswordHash, verifyPassword } from '../../platform/passwords.js';
import { FAILED_CHECK_REASONS, type SignInRepository } from './signin.repository.js';

/**
 * Brute-force defences of sign-in, in one place (ADR 0011). Everything is keyed by the account number as
 * typed, known or not, and counted in the database, so several server processes share the counts and no answer
 * tells whether an account exists:
 * - per client address: at most `failuresPerClientDay` failed password checks a day, then 429;
 * - per account number: a captcha after `captchaAfter` consecutive failures (when LOGIN_CAPTCHA=off; on, it is
 *   always needed), a lock after `lockAfter` (1 min, doubling per further failure, at most `lockMaxSeconds`),
 *   at most `checksPerAccountHour` failed password checks an hour from whatever address (successes are not
 *   guesses and do not count, so busy legitimate use is never refused);
 * - unknown account, wrong password and disabled account answer the same 400 after exactly one argon2id
 *   verification; a lock answers the same 429 for every account number, existing or not, without a check.
 * Every attempt, admitted or refused, is written to the sign-in log.
 */

export interface SignInClient {
  ip: string;
  userAgent?: string;
}

type Guard = NonNullable<Awaited<ReturnType<SignInRepository['guardOf']>>>;

interface CheckedAccount {
  id: number;
  password_hash: string;
  state: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** A failure streak whose last failure is older than this starts again. */
const STREAK_MS = DAY_MS;

/**
 * Refusals answered without a password check. They are cheap, so a flood of them would keep the event loop busy
 * and slow every other route; each waits `refusalDelayMs` first (a tarpit), which leaves a flooding client's
 * connections idle. A wrong password needs no delay: the argon2 check and its bounded queue pace it.
 */
const UNCHECKED_REFUSALS: ReadonlySet<SignInReason> = new Set(['locked', 'rate_limited', 'captcha_required']);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const iso = (ms: number) => new Date(ms).toISOString();
const tooMany = (msg: string) => new AppError(429, msg);

/** The key an attempt is counted under: the typed account number, trimmed and bounded like the column. */
export const accountKey = (typed: string) => typed.trim().slice(0, 100);

/** Seconds an account stays locked after its `failures`-th consecutive failure (0: not locked). */
export function lockSeconds(failures: number, limits: SignInLimits): number {
  if (failures < limits.lockAfter) return 0;
  const doublings = Math.min(failures - limits.lockAfter, 30);
  return Math.min(limits.lockMaxSeconds, limits.lockBaseSeconds * 2 ** doublings);
}

export function createSignInPolicy(deps: {
  repo: SignInRepository;
  limits: SignInLimits;
  /** LOGIN_CAPTCHA: every password sign-in needs a captcha. */
  loginCaptcha: boolean;
  /** Spends an image-captcha token; throws 400 when it is missing or invalid. */
  requireCaptcha: (token: string | null | undefined) => Promise<void>;
  findAccount: (accountNumber: string) => Promise<CheckedAccount | undefined>;
}) {
  const { repo, limits } = deps;

  async function log(
    entry: { account: string; accountId?: number | null; reason: SignInReason; method: SignInMethod },
    client: SignInClient,
  ): Promise<void> {
    await repo.insertLog({
      at: new Date().toISOString(),
      account: entry.account.slice(0, 100),
      account_id: entry.accountId ?? null,
      outcome: entry.reason === 'ok' ? 'success' : 'failure',
      reason: entry.reason,
      method: entry.method,
      ip: client.ip.slice(0, 64),
      user_agent: client.userAgent?.slice(0, 512) ?? null,
    });
  }

  /** Whether a failure streak (the account's `signin_guard` row) asks for a captcha at `now`. */
  const streakWantsCaptcha = (guard: Guard | undefined, now: number) =>
    !!guard && guard.last_failure_at > iso(now - STREAK_MS) && guard.failures >= limits.captchaAfter;

  return {
    /** Whether a sign-in of `typed` needs a captcha now (always with LOGIN_CAPTCHA=on). */
    captchaRequired: async (typed: string) =>
      deps.loginCaptcha || streakWantsCaptcha(await repo.guardOf(accountKey(typed)), Date.now()),

    /**
     * Checks a password sign-in under every limit: the account's id, or an AppError (400 generic, 400 captcha,
     * 429 limit or lock, 429 busy). The attempt is logged either way.
     */
    async authenticate(
      input: { account: string; password: string; captcha?: string | null },
      client: SignInClient,
    ): Promise<number> {
      const account = accountKey(input.account);
      const now = Date.now();
      const refuse = async (reason: SignInReason, error: AppError, accountId: number | null = null) => {
        await log({ account, accountId, reason, method: 'password' }, client);
        if (UNCHECKED_REFUSALS.has(reason) && limits.refusalDelayMs > 0) await sleep(limits.refusalDelayMs);
        return error;
      };

      // The lock first: it is one primary-key read, and a flood at one account number is refused by it alone.
      const guard = await repo.guardOf(account);
      if (guard?.locked_until && guard.locked_until > iso(now)) {
        const minutes = Math.max(1, Math.ceil((Date.parse(guard.locked_until) - now) / 60_000));
        throw await refuse('locked', tooMany(t('signin.locked', { minutes })));
      }
      if (
        (await repo.countByClient(
          client.ip.slice(0, 64),
          FAILED_CHECK_REASONS,
          iso(now - DAY_MS),
          limits.failuresPerClientDay,
        )) >= limits.failuresPerClientDay
      ) {
        throw await refuse('rate_limited', tooMany(t('signin.clientDaily')));
      }
      if (
        (await repo.countByAccount(account, FAILED_CHECK_REASONS, iso(now - HOUR_MS), limits.checksPerAccountHour)) >=
        limits.checksPerAccountHour
      ) {
        throw await refuse('rate_limited', tooMany(t('signin.accountHourly')));
      }
      // The captcha is spent before the password is looked at: guessing costs one solved captcha per try. The
      // streak is the row the lock was checked on.
      if (deps.loginCaptcha || streakWantsCaptcha(guard, now)) {
        if (!input.captcha) {
          throw await refuse(
            'captcha_required',
            badRequest(t(deps.loginCaptcha ? 'verify.captchaRequired' : 'signin.captchaRequired')),
          );
        }
        try {
          await deps.requireCaptcha(input.captcha);
        } catch (error) {
          if (error instanceof AppError) throw await refuse('captcha_wrong', error);
          throw error;
        }
      }

      const found = account ? await deps.findAccount(account) : undefined;
      let passwordOk: boolean;
      try {
        // Unknown accounts cost one argon2 verification too, so the answer time does not tell which exist.
        passwordOk = await verifyPassword(found?.password_hash ?? (await decoyPasswordHash()), input.password);
      } catch (error) {
        if (error instanceof AppError) throw await refuse('busy', error, found?.id ?? null);
        throw error;
      }
      if (found && passwordOk && found.state === 1) {
        // A success ends the streak read above; with none there is nothing to delete (a failure another attempt
        // records meanwhile is kept, as it would be had it landed just after this success).
        if (guard) await repo.clearGuard(account);
        await log({ account, accountId: found.id, reason: 'ok', method: 'password' }, client);
        return found.id;
      }

      const reason: SignInReason = !found ? 'unknown_account' : !passwordOk ? 'bad_credentials' : 'disabled';
      const failures = await repo.addFailure(account, iso(now), iso(now - STREAK_MS));
      const lock = lockSeconds(failures, limits);
      if (lock > 0) await repo.lock(account, iso(now + lock * 1000));
      throw await refuse(reason, badRequest(t('auth.badCredentials')), found?.id ?? null);
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
        const session = await attempt();
        await log({ account, accountId, reason: 'ok', method: 'sms' }, client);
        return session;
      } catch (error) {
        if (error instanceof AppError) await log({ account, accountId, reason: 'code_invalid', method: 'sms' }, client);
        throw error;
      }
    },
  };
}

export type SignInPolicy = ReturnType<typeof createSignInPolicy>;
