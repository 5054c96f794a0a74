import { normaliseMobile, type SecondFactorMethod } from '@gatehouse/contract';
import type { VerificationTokenRow } from '../../platform/db/schema.js';
import { badRequest, forbidden } from '../../platform/errors.js';
import type { Principal } from '../../platform/http.js';
import { t } from '../../platform/i18n.js';
import type { AccountsService } from '../accounts/index.js';
import type { AccountsWithin } from '../authz/index.js';
import { unavailableAccount } from '../signin/index.js';
import type { VerificationService } from './verification.service.js';

export interface RegistrationSettings {
  enabled: boolean;
  /** REGISTRATION=approval: new accounts wait, disabled, for an administrator. */
  approval?: boolean;
  orgId: number | undefined;
  roleId: number | undefined;
}

/** Which verified tokens may change whose password: never a captcha or a registration code. */
function passwordChangeTarget(row: VerificationTokenRow, principal: Principal | undefined): number {
  const bound = row.account_id;
  if (bound === null) throw badRequest(t('verify.tokenWrongUse'));
  switch (row.purpose) {
    // Proofs made inside a session (current password, the account's own mobile or e-mail) serve that session.
    case 'password':
    case 'common':
    case 'verify':
      if (!principal || principal.accountId !== bound) throw badRequest(t('verify.tokenOtherAccount'));
      return bound;
    case 'reset':
      if (principal && principal.accountId !== bound) throw badRequest(t('verify.tokenOtherAccount'));
      return bound;
    default:
      throw badRequest(t('verify.tokenWrongUse'));
  }
}

/**
 * What a verification token pays for: a password check's token, a new password, a registration, an SMS sign-in, the
 * recovery page's account lookup. The tokens are judged here; the accounts are reached only through AccountsService,
 * whose rules (password rules, uniqueness, ending sessions) hold for these paths as for the administrator's.
 */
export function createCredentialsService(deps: {
  verification: VerificationService;
  accounts: Pick<AccountsService, 'standing' | 'setPassword' | 'register' | 'holdersOf'>;
  registration: RegistrationSettings;
  /**
   * Finishes a sign-in proven by an SMS code as a password sign-in finishes: the session token, or the second step
   * an account with a second factor still owes (AuthService.completeSignIn).
   */
  openSession: (
    accountId: number,
    client: { ip: string; userAgent?: string },
  ) => Promise<string | { secondFactor: SecondFactorMethod[]; ticket: string }>;
  /**
   * Checks the account's own password under the sign-in limits (SignInPolicy.checkPassword): throws 400 when it
   * is wrong, 429 when locked, capped or busy.
   */
  checkPassword: (accountId: number, password: string, client: { ip: string; userAgent?: string }) => Promise<void>;
  /** Sudo mode: the session's owner just proved who they are. */
  identityVerified?: (principal: Principal) => Promise<void>;
  /** REGISTRATION=approval: whether a disabled account still awaits an administrator's approval. */
  pendingApproval?: (accountId: number) => Promise<boolean>;
  /** The accounts an administrator's data scope reaches (modules/authz), for its lookups. */
  accountsWithin: (principal: Principal) => Promise<AccountsWithin>;
}) {
  const { verification, accounts } = deps;

  return {
    async validatePassword(
      principal: Principal,
      password: string,
      client: { ip: string; userAgent?: string },
    ): Promise<string> {
      await deps.checkPassword(principal.accountId, password, client);
      await deps.identityVerified?.(principal);
      return verification.passwordToken(principal.accountId);
    },

    /**
     * New password with a verification token. The token is checked here; AccountsService.setPassword judges the
     * password, then in one transaction spends the token, replaces the hash and ends the account's other sessions —
     * a refused password keeps the token, a failure half-way changes nothing.
     */
    async changePassword(principal: Principal | undefined, input: { newPassword: string; token: string }) {
      // A change ends the account's other sessions: someone acting as the account (identity switch) may not.
      if (principal?.origin) throw forbidden(t('account.switchedCannotEnd'));
      const row = await verification.peekToken(input.token);
      const accountId = passwordChangeTarget(row, principal);
      const account = await accounts.standing(accountId);
      if (!account?.enabled) throw badRequest(t('verify.accountUnavailable'));
      // A recovery code proves the mobile / e-mail; it must still be this account's.
      if (
        row.purpose === 'reset' &&
        row.kind === 'sms' &&
        normaliseMobile(account.provenMobile ?? '') !== row.recipient
      ) {
        throw badRequest(t('verify.tokenInvalid'));
      }
      if (
        row.purpose === 'reset' &&
        row.kind === 'email' &&
        account.provenEmail?.trim().toLowerCase() !== row.recipient
      ) {
        throw badRequest(t('verify.tokenInvalid'));
      }
      await accounts.setPassword(accountId, input.newPassword, {
        proof: row,
        // The session that made the change stays; every other one of the account ends.
        keepSessionId: principal?.accountId === accountId ? principal.sessionId : undefined,
      });
      return accountId;
    },

    /** Self-registration with a registration code's token for the same mobile number (AccountsService.register). */
    async register(input: { mobile: string; token: string; name: string; company: string; password: string }) {
      const settings = deps.registration;
      if (!settings.enabled) throw badRequest(t('verify.registrationClosed'));
      const mobile = normaliseMobile(input.mobile);
      const row = await verification.peekToken(input.token);
      if (row.kind !== 'sms' || row.purpose !== 'register') throw badRequest(t('verify.tokenWrongUse'));
      if (row.recipient !== mobile) throw badRequest(t('verify.tokenOtherMobile'));
      return accounts.register(
        {
          mobile,
          name: input.name,
          company: input.company,
          password: input.password,
          orgId: settings.orgId,
          roleId: settings.roleId,
          approval: settings.approval,
        },
        row,
      );
    },

    async smsLogin(token: string, client: { ip: string; userAgent?: string }) {
      const row = await verification.spendToken(token, (r) => {
        if (r.kind !== 'sms' || r.purpose !== 'login') throw badRequest(t('verify.tokenWrongUse'));
      });
      const account = row.account_id === null ? undefined : await accounts.standing(row.account_id);
      if (!account) throw badRequest(t('verify.accountUnavailable'));
      // The code proved the number, as a right password would: its owner is told why it does not sign in.
      if (!account.enabled) throw unavailableAccount((await deps.pendingApproval?.(account.id)) ?? false);
      return deps.openSession(account.id, client);
    },

    /**
     * An administrator's lookup: the first account holding the mobile number or the e-mail, among the accounts its
     * data scope reaches (one outside it is not there for this caller).
     */
    async findByField(query: { mobile?: string; email?: string }, principal: Principal) {
      if ((query.mobile === undefined) === (query.email === undefined)) throw badRequest(t('verify.fieldOne'));
      const [first] = await accounts.holdersOf(
        query.mobile !== undefined ? { mobile: query.mobile } : { email: query.email! },
        await deps.accountsWithin(principal),
      );
      return first ? { id: first.id, accountNumber: first.accountNumber } : null;
    },
  };
}

export type CredentialsService = ReturnType<typeof createCredentialsService>;
