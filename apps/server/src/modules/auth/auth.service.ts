import { randomUUID } from 'node:crypto';
import { type RouteDef, routes, type SecondFactorMethod, type SessionEndReason } from '@gatehouse/contract';
import { AppError, badRequest, forbidden, unauthorized } from '../../platform/errors.js';
import type { Principal } from '../../platform/http.js';
import { type MessageKey, t } from '../../platform/i18n.js';
import type { AccountsService } from '../accounts/index.js';
import type { Authz } from '../authz/index.js';
import type { ResourcesService } from '../resources/resources.service.js';
import type { SessionsRepository } from './sessions.repository.js';
import type { TokenIssuer } from './tokens.js';

export interface AuthOptions {
  tokenTtlSeconds: number;
  sessionMaxAgeSeconds: number;
  /**
   * ACCESS_CONTROL mode: an account whose role permits no screen gets no session, and its open sessions end on
   * their next request (specification §4 says the same in the browser; the server makes it hold for the API).
   */
  accessControl?: boolean;
  /** Live sessions one account may hold; a sign-in beyond ends the oldest. 0 or absent: unlimited. */
  maxSessionsPerAccount?: number;
  /**
   * Checks a password sign-in under the brute-force defences (modules/signin), then completes it with the account's
   * id (`complete`: the session, or the second step), or throws. Captcha, limits, locks and the sign-in log live
   * there.
   */
  authenticate: <T>(
    input: { account: string; password: string; captcha?: string | null },
    client: { ip: string; userAgent?: string },
    complete: (accountId: number) => Promise<T>,
  ) => Promise<T>;
  /**
   * After the first factor: the ticket of the second step an account with a second factor owes
   * (modules/second-factor), or null to open the session now.
   */
  secondStep?: (accountId: number) => Promise<{ secondFactor: SecondFactorMethod[]; ticket: string } | null>;
}

/** What a 401 says for each reason a session ended (the web words the reason itself on the sign-in page). */
const END_MESSAGES: Record<SessionEndReason, MessageKey> = {
  forced: 'auth.forcedOut',
  disabled: 'auth.accountDisabled',
  elsewhere: 'auth.endedElsewhere',
  expired: 'auth.sessionExpired',
  password: 'auth.passwordChanged',
  replaced: 'auth.sessionReplaced',
  restricted: 'auth.accessRestricted',
  revoked: 'account.switchRevoked',
  ended: 'auth.sessionEnded',
};

/** The 401 of a request whose session ended, with why: the guard answers it in SESSION_END_HEADER. */
export class SessionEndedError extends AppError {
  constructor(readonly reason: SessionEndReason) {
    super(401, t(END_MESSAGES[reason]));
  }
}

/** How often last_seen_at is written: often enough for an online list, rarely enough to stay off the hot path. */
const TOUCH_INTERVAL_MS = 60_000;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Routes a session whose password must change (a generated one) may still call: what the change itself
 * needs (reading the account, checking the current password, setting the new one), leaving, and going back
 * from an identity switch. Everything else answers 403 until the password is changed.
 */
const DURING_PASSWORD_CHANGE = new Set([
  'getAccountInfo',
  'getPermissions',
  'logout',
  'validatePassword',
  'changePassword',
  'restoreIdentity',
  // With REQUEST_ENCRYPTION the calls above travel inside an envelope; the call it wraps is run through the
  // guard again, so this list still decides what the envelope may carry.
  'envelope',
]);

/**
 * Routes a session whose role requires a second factor it does not hold yet may call: the above, and what adding
 * an authenticator app or a passkey needs. A password change due comes first (its own list is checked first).
 */
const DURING_ENROLMENT = new Set([
  ...DURING_PASSWORD_CHANGE,
  'secondFactorStatus',
  'totpSetup',
  'totpEnable',
  'passkeyRegisterOptions',
  'registerPasskey',
]);

/** A session a token stands for, as the guard (guard.ts) answers it. */
export interface ResolvedSession {
  principal: Principal;
  /** A fresh token when the one presented is past half its life (the client swaps it in). */
  renewedToken?: string;
  /** Changes when the account's role or that role's resources change: the client then reloads permissions. */
  permissionStamp: string;
}

export function createAuthService(deps: {
  accounts: Pick<AccountsService, 'standing'>;
  sessions: SessionsRepository;
  resources: ResourcesService;
  authz: Authz;
  tokens: TokenIssuer;
  options: AuthOptions;
}) {
  const { accounts, sessions, resources, authz, tokens, options } = deps;

  /** A session unused since then holds no valid token any more (a touch may lag a request by a minute). */
  const idleSince = (now: number) => new Date(now - options.tokenTtlSeconds * 1000 - TOUCH_INTERVAL_MS).toISOString();

  /** A session row and its first token (which never outlives the session). */
  async function openSession(
    accountId: number,
    expiresAt: string,
    client: { ip: string; userAgent?: string },
    originSessionId: string | null,
    verifiedAt: string | null,
  ): Promise<string> {
    const now = new Date().toISOString();
    const sessionId = randomUUID();
    await sessions.create({
      id: sessionId,
      account_id: accountId,
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
      ended_at: null,
      ip: client.ip.slice(0, 64),
      user_agent: client.userAgent?.slice(0, 512) ?? null,
      origin_session_id: originSessionId,
      // A sign-in proves who the owner is (sudo mode starts open); a switch carries the origin's proof.
      verified_at: originSessionId ? verifiedAt : now,
      // Renewed by the session's own sensitive actions only (a switch does not carry the origin's).
      sudo_used_at: null,
      end_reason: null,
    });
    const exp = Math.min(nowSeconds() + options.tokenTtlSeconds, Math.floor(Date.parse(expiresAt) / 1000));
    return tokens.sign(sessionId, accountId, exp);
  }

  /**
   * A fresh session for an account whose identity was proven (password, or an SMS sign-in code). Beyond the
   * per-account cap the oldest sessions end, as most products do: refusing the new sign-in instead would lock
   * the owner out behind sessions on devices they no longer have.
   */
  /** Access-control mode: whether a role grants at least one screen (a menu with a route). */
  async function permitsAnyScreen(roleId: number | null, superAdmin: boolean): Promise<boolean> {
    if (superAdmin || !options.accessControl) return true;
    return (await resources.permissionsOf(roleId, false)).some((r) => r.type === 0 && r.route !== null);
  }

  /**
   * The end of a first factor (password, SMS code): the session, or for an account with a second factor the ticket
   * of the step it still owes (POST /login/second-factor opens the session then).
   */
  async function completeSignIn(accountId: number, client: { ip: string; userAgent?: string }) {
    return (await options.secondStep?.(accountId)) ?? signInAs(accountId, client);
  }

  async function signInAs(accountId: number, client: { ip: string; userAgent?: string }): Promise<string> {
    if (options.accessControl) {
      const account = await accounts.standing(accountId);
      if (!(await permitsAnyScreen(account?.roleId ?? null, account?.superAdmin === true))) {
        throw forbidden(t('auth.accessRestricted'));
      }
    }
    const expiresAt = new Date(Date.now() + options.sessionMaxAgeSeconds * 1000).toISOString();
    const token = await openSession(accountId, expiresAt, client, null, null);
    const cap = options.maxSessionsPerAccount ?? 0;
    if (cap > 0) {
      const now = Date.now();
      await sessions.endBeyond(accountId, cap, new Date(now).toISOString(), idleSince(now));
    }
    return token;
  }

  /**
   * The session a token stands for, or 401: its signature, the session row (live, account enabled), an identity
   * switch still allowed, access control; renews a token past half its life and touches the session now and then.
   */
  async function resolveSession(token: string | undefined): Promise<ResolvedSession> {
    if (!token) throw unauthorized(t('auth.required'));
    const claims = await tokens.verify(token);
    // A token never valid says nothing more; one whose life is over says it expired.
    if (!claims) throw tokens.expired(token) ? new SessionEndedError('expired') : unauthorized(t('auth.sessionEnded'));
    const now = new Date();
    const live = await sessions.findLive(claims.sid, now.toISOString());
    if (!live) throw new SessionEndedError(await sessions.whyEnded(claims.sid, now.toISOString()));
    if (String(live.account_id) !== claims.sub) throw unauthorized(t('auth.sessionEnded'));
    if (live.state !== 1) throw new SessionEndedError('disabled');

    let renewedToken: string | undefined;
    const expiresAt = Math.floor(Date.parse(live.expires_at) / 1000);
    if (claims.exp - nowSeconds() < options.tokenTtlSeconds / 2) {
      const exp = Math.min(nowSeconds() + options.tokenTtlSeconds, expiresAt);
      if (exp > claims.exp) renewedToken = await tokens.sign(live.session_id, live.account_id, exp);
    }
    if (now.getTime() - Date.parse(live.last_seen_at) > TOUCH_INTERVAL_MS) {
      await sessions.touch(live.session_id, now.toISOString());
    }
    // A switched identity lasts only while the account really acting may still switch into this one.
    if (
      live.origin_session_id &&
      live.origin_account_id !== null &&
      !(await authz.switchStillAllowed(live.origin_account_id, live.account_id, routes.switchIdentity))
    ) {
      await sessions.end(live.session_id, now.toISOString(), 'revoked');
      throw new SessionEndedError('revoked');
    }
    const superAdmin = live.role_builtin === 1;
    if (!(await permitsAnyScreen(live.role_id, superAdmin))) {
      await sessions.end(live.session_id, now.toISOString(), 'restricted');
      throw new SessionEndedError('restricted');
    }
    return {
      principal: {
        accountId: live.account_id,
        sessionId: live.session_id,
        accountNumber: live.account_number,
        roleId: live.role_id,
        superAdmin,
        // Only the account's owner is held to it: an administrator acting as the account is not.
        mustChangePassword: live.must_change_password === 1 && !live.origin_session_id,
        mustEnrolSecondFactor: live.require_second_factor === 1 && live.second_factor !== 1 && !live.origin_session_id,
        verifiedAt: live.verified_at,
        sudoUsedAt: live.sudo_used_at,
        origin:
          live.origin_session_id && live.origin_account_id !== null
            ? { sessionId: live.origin_session_id, accountId: live.origin_account_id }
            : null,
      },
      renewedToken,
      permissionStamp: superAdmin ? 'all' : `${live.role_id ?? 'none'}@${live.role_update_time ?? ''}`,
    };
  }

  return {
    resolveSession,
    idleSince,

    /** Throws 403 when the session may not call this route at all yet (a password change is due). */
    admit(principal: Principal, routeName: string): void {
      if (principal.mustChangePassword && !DURING_PASSWORD_CHANGE.has(routeName)) {
        throw forbidden(t('session.mustChangePassword'));
      }
      if (principal.mustEnrolSecondFactor && !DURING_ENROLMENT.has(routeName)) {
        throw forbidden(t('secondFactor.enrolRequired'));
      }
    },

    /** Throws 403 unless the principal's role holds the route's API resource (the super-admin role holds all). */
    async authorize(principal: Principal, route: RouteDef): Promise<void> {
      if (principal.superAdmin) return;
      if (principal.roleId !== null && (await resources.roleHoldsApi(principal.roleId, route))) return;
      throw forbidden(t('auth.forbidden', { title: route.title }));
    },

    async login(
      input: { account: string; password: string; captcha?: string | null },
      client: { ip: string; userAgent?: string },
    ) {
      return options.authenticate(input, client, (accountId) => completeSignIn(accountId, client));
    },

    signInAs,
    completeSignIn,

    /**
     * Acting as another account: a new session for the target that remembers the caller's session. The route's
     * dominance check (modules/authz) has refused targets wider than the caller; it is repeated on every request
     * of the switched session (resolveSession).
     */
    async switchIdentity(principal: Principal, targetId: number, client: { ip: string; userAgent?: string }) {
      if (principal.origin) throw badRequest(t('account.switchNested'));
      if (targetId === principal.accountId) throw badRequest(t('account.switchSelf'));
      const target = await accounts.standing(targetId);
      if (!target) throw badRequest(t('account.notFound'));
      if (!target.enabled) throw badRequest(t('account.switchDisabled'));
      const origin = await sessions.findLive(principal.sessionId, new Date().toISOString());
      if (!origin) throw unauthorized(t('auth.sessionEnded'));
      return openSession(target.id, origin.expires_at, client, principal.sessionId, origin.verified_at);
    },

    /** Back to the original account: ends the switched session and answers a token of the original one. */
    async restoreIdentity(principal: Principal) {
      if (!principal.origin) throw badRequest(t('account.notSwitched'));
      const origin = await sessions.findLive(principal.origin.sessionId, new Date().toISOString());
      if (!origin) throw unauthorized(t('account.originEnded'));
      await sessions.end(principal.sessionId, new Date().toISOString(), 'ended');
      const exp = Math.min(nowSeconds() + options.tokenTtlSeconds, Math.floor(Date.parse(origin.expires_at) / 1000));
      return tokens.sign(origin.session_id, origin.account_id, exp);
    },

    async logout(principal: Principal): Promise<void> {
      await sessions.end(principal.sessionId, new Date().toISOString(), 'ended');
    },

    permissionsOf(principal: Principal) {
      return resources.permissionsOf(principal.roleId, principal.superAdmin);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
