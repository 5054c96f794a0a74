import { normaliseMobile } from '@gatehouse/contract';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../platform/db/db-errors.js';
import type { DB, VerificationTokenRow } from '../../platform/db/schema.js';
import { badRequest, forbidden } from '../../platform/errors.js';
import type { Principal } from '../../platform/http.js';
import { t } from '../../platform/i18n.js';
import { assertAcceptablePassword, hashPassword } from '../../platform/passwords.js';
import { createVerificationRepository } from './verification.repository.js';
import type { VerificationService } from './verification.service.js';

export interface RegistrationSettings {
  enabled: boolean;
  orgId: number | undefined;
  roleId: number | undefined;
}

/** Which verified tokens may change whose password (issue 4 §4): never a captcha or a registration code. */
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

export function createCredentialsService(deps: {
  db: Kysely<DB>;
  verification: VerificationService;
  registration: RegistrationSettings;
  /** Opens a session for an account proven by an SMS code (the same session as a password sign-in). */
  openSession: (accountId: number, client: { ip: string; userAgent?: string }) => Promise<string>;
  /**
   * Checks the account's own password under the sign-in limits (SignInPolicy.checkPassword): throws 400 when it
   * is wrong, 429 when locked, capped or busy.
   */
  checkPassword: (accountId: number, password: string, client: { ip: string; userAgent?: string }) => Promise<void>;
  /** Sudo mode: the session's owner just proved who they are. */
  identityVerified?: (principal: Principal) => Promise<void>;
}) {
  const { db, verification } = deps;

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
     * New password with a verification token. The token is checked, the password judged, then in one
     * transaction the token is spent, the hash replaced and the account's other sessions ended — a refused
     * password keeps the token, a failure half-way changes nothing.
     */
    async changePassword(principal: Principal | undefined, input: { newPassword: string; token: string }) {
      // A change ends the account's other sessions: someone acting as the account (identity switch) may not.
      if (principal?.origin) throw forbidden(t('account.switchedCannotEnd'));
      const row = await verification.peekToken(input.token);
      const accountId = passwordChangeTarget(row, principal);
      const account = await db
        .selectFrom('account')
        .select(['id', 'account_number', 'state', 'contact_number', 'email'])
        .where('id', '=', accountId)
        .executeTakeFirst();
      if (!account || account.state !== 1) throw badRequest(t('verify.accountUnavailable'));
      // A recovery code proves the mobile / e-mail; it must still be this account's.
      if (
        row.purpose === 'reset' &&
        row.kind === 'sms' &&
        normaliseMobile(account.contact_number ?? '') !== row.recipient
      ) {
        throw badRequest(t('verify.tokenInvalid'));
      }
      if (row.purpose === 'reset' && row.kind === 'email' && account.email?.trim().toLowerCase() !== row.recipient) {
        throw badRequest(t('verify.tokenInvalid'));
      }
      assertAcceptablePassword(input.newPassword, account.account_number);
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
        if (!(await createVerificationRepository(trx).useToken(row.token_hash, now))) {
          throw badRequest(t('verify.tokenInvalid'));
        }
        await trx
          .updateTable('account')
          .set({ password_hash: passwordHash, must_change_password: 0, update_time: now })
          .where('id', '=', accountId)
          .execute();
        let others = trx
          .updateTable('session')
          .set({ ended_at: now })
          .where('account_id', '=', accountId)
          .where('ended_at', 'is', null);
        if (principal && principal.accountId === accountId) others = others.where('id', '<>', principal.sessionId);
        await others.execute();
      });
      return accountId;
    },

    async register(input: { mobile: string; token: string; name: string; company: string; password: string }) {
      const settings = deps.registration;
      if (!settings.enabled) throw badRequest(t('verify.registrationClosed'));
      const mobile = normaliseMobile(input.mobile);
      const name = input.name.trim();
      const company = input.company.trim();
      if (!name) throw badRequest(t('validation.blank', { field: '姓名' }));
      if (!company) throw badRequest(t('validation.blank', { field: '工作单位' }));
      const row = await verification.peekToken(input.token);
      if (row.kind !== 'sms' || row.purpose !== 'register') throw badRequest(t('verify.tokenWrongUse'));
      if (row.recipient !== mobile) throw badRequest(t('verify.tokenOtherMobile'));
      assertAcceptablePassword(input.password, mobile);
      const passwordHash = await hashPassword(input.password);

      try {
        return await db.transaction().execute(async (trx) => {
          const now = new Date().toISOString();
          const org = settings.orgId
            ? await trx.selectFrom('org').select('id').where('id', '=', settings.orgId).executeTakeFirst()
            : await trx.selectFrom('org').select('id').where('pid', 'is', null).orderBy('id').executeTakeFirst();
          if (!org) throw badRequest(t('verify.registrationOrg'));
          if (settings.roleId) {
            const role = await trx
              .selectFrom('role')
              .select(['id', 'builtin'])
              .where('id', '=', settings.roleId)
              .executeTakeFirst();
            if (!role || role.builtin === 1) throw badRequest(t('verify.registrationRole'));
          }
          const repo = createVerificationRepository(trx);
          if (await repo.mobileInUse(mobile)) throw badRequest(t('verify.mobileTaken'));
          if (!(await repo.useToken(row.token_hash, now))) throw badRequest(t('verify.tokenInvalid'));
          const { id } = await trx
            .insertInto('account')
            .values({
              account_number: mobile,
              account_name: name,
              password_hash: passwordHash,
              avatar: null,
              contact_number: mobile,
              email: null,
              state: 1,
              org_id: org.id,
              role_id: settings.roleId ?? null,
              builtin: 0,
              create_time: now,
              update_time: now,
              address: null,
              introduction: null,
              company,
              // The number was just proven by the registration code.
              contact_verified: 1,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          return { id, accountNumber: mobile };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw badRequest(t('verify.mobileTaken'));
        throw error;
      }
    },

    async smsLogin(token: string, client: { ip: string; userAgent?: string }): Promise<string> {
      const row = await verification.spendToken(token, (r) => {
        if (r.kind !== 'sms' || r.purpose !== 'login') throw badRequest(t('verify.tokenWrongUse'));
      });
      const account =
        row.account_id === null
          ? undefined
          : await db.selectFrom('account').select(['id', 'state']).where('id', '=', row.account_id).executeTakeFirst();
      if (!account || account.state !== 1) throw badRequest(t('verify.accountUnavailable'));
      return deps.openSession(account.id, client);
    },

    async findByField(query: { mobile?: string; email?: string }) {
      if ((query.mobile === undefined) === (query.email === undefined)) throw badRequest(t('verify.fieldOne'));
      let q = db.selectFrom('account').select(['id', 'account_number']).orderBy('id').limit(1);
      if (query.mobile !== undefined) {
        const mobile = normaliseMobile(query.mobile);
        q = q.where('contact_number', 'in', [mobile, `+86${mobile}`, `0086${mobile}`]);
      } else {
        q = q.where((eb) => eb(eb.fn('lower', ['email']), '=', query.email!.trim().toLowerCase()));
      }
      const row = await q.executeTakeFirst();
      return row ? { id: row.id, accountNumber: row.account_number } : null;
    },
  };
}

export type CredentialsService = ReturnType<typeof createCredentialsService>;
