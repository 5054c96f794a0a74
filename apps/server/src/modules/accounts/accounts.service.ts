import {
  ACCOUNT_POSTS_MAX,
  accountEntity,
  type BodyOf,
  type FieldSpec,
  normaliseMobile,
  type PasswordPolicy,
  type QueryOf,
  type Routes,
  routes,
} from '@gatehouse/contract';
import type { Kysely } from 'kysely';
import { uniqueViolationOf } from '../../platform/db/db-errors.js';
import type { DB, VerificationTokenRow } from '../../platform/db/schema.js';
import { type BatchOutcome, badRequest, fieldError, forbidden, partition } from '../../platform/errors.js';
import type { Principal } from '../../platform/http.js';
import { t } from '../../platform/i18n.js';
import { assertAcceptablePassword, generatePassword, hashPassword } from '../../platform/passwords.js';
import { requiredText } from '../../platform/validation.js';
import type { AccountsWithin, Authz } from '../authz/index.js';
import { accountNameOf, storedNameOf } from '../setup/seeded-names.js';
import { accountFilterOf } from './accounts.filter.js';
import {
  fieldWrites,
  GENERIC_UNIQUE,
  type GrantsOf,
  postsByAccount,
  type RegionNamer,
  rolesOf,
  takenError,
  toAccount,
  violatedField,
} from './accounts.mapper.js';
import { accountsHoldingPosts } from './accounts.reads.js';
import { type AccountsRepository, createAccountsRepository } from './accounts.repository.js';

type CreateInput = BodyOf<Routes['createAccount']>;
type UpdateInput = BodyOf<Routes['updateAccount']>;

/**
 * Ends an account's sessions inside the caller's transaction, but `exceptSessionId` when given (provided by the auth
 * module).
 */
/** Ends the live sessions of the accounts (all but `exceptSessionId`) in the caller's transaction. */
export type EndSessions = (trx: Kysely<DB>, accountIds: readonly number[], exceptSessionId?: string) => Promise<void>;

/** Self-registration's input: the mobile number proven by a registration code names the account. */
export interface RegistrationInput {
  mobile: string;
  name: string;
  company: string;
  password: string;
  /** REGISTRATION_ORG_ID: absent, the first root organisation. */
  orgId?: number;
  /** REGISTRATION_ROLE_ID: absent, no role. */
  roleId?: number;
  /** REGISTRATION=approval: the account is created disabled, waiting for an administrator to enable it. */
  approval?: boolean;
}

/** What other modules' rules need to know of an account (sign-in by code, recovery, sends, identity switch). */
export interface AccountStanding {
  id: number;
  accountNumber: string;
  enabled: boolean;
  roleId: number | null;
  /** Its role is the built-in super-admin role. */
  superAdmin: boolean;
  /**
   * The mobile number and e-mail its owner proved with a code (null when unset or unproven): the only contacts that
   * prove identity (recovery, SMS sign-in, identity verification).
   */
  provenMobile: string | null;
  provenEmail: string | null;
}

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE = /^\+?[\d\- ]{5,30}$/;

function optional(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** The forms a mobile number and an e-mail are compared in (a number typed with +86 is the same number). */
export const sameMobile = (a: string | null, b: string | null) =>
  (a ? normaliseMobile(a) : null) === (b ? normaliseMobile(b) : null);
const sameEmail = (a: string | null, b: string | null) => (a?.toLowerCase() ?? null) === (b?.toLowerCase() ?? null);

/** A sort's order when the query names none: a time newest first, anything else ascending. */
const defaultOrder = (sort: string): 'asc' | 'desc' =>
  (accountEntity.fields as Readonly<Record<string, FieldSpec>>)[sort]?.codec === 'time' ? 'desc' : 'asc';

/** Why `account` may not be deleted by `principal` (the built-in admin, oneself), for DELETE and the bulk delete. */
function deleteRefusal(account: { id: number; builtin: number }, principal: Principal) {
  if (account.builtin === 1) return badRequest(t('account.builtinDelete'));
  if (account.id === principal.accountId) return badRequest(t('account.deleteSelf'));
  return undefined;
}

/** Why `account` may not be disabled by `principal` (the built-in admin, oneself), for PUT and the bulk state. */
function disableRefusal(account: { id: number; builtin: number }, principal: Principal) {
  if (account.builtin === 1) return badRequest(t('account.builtinDisable'));
  if (account.id === principal.accountId) return badRequest(t('account.disableSelf'));
  return undefined;
}

/** The verification tokens the personal page pays with (modules/verification), spent inside the account's write. */
export interface ProofTokens {
  peekToken(token: string): Promise<VerificationTokenRow>;
  spendIn(trx: Kysely<DB>, row: VerificationTokenRow): Promise<void>;
}

/** A number or address another account proved with a code is that account's alone. */
async function assertContactsFree(
  repo: AccountsRepository,
  contacts: { contactNumber: string | null; email: string | null },
  exceptId: number | null,
  verifiedOnly: boolean,
) {
  if (contacts.contactNumber && PHONE.test(contacts.contactNumber)) {
    const mobile = normaliseMobile(contacts.contactNumber);
    if (await repo.contactHolder('mobile', mobile, exceptId, verifiedOnly))
      throw fieldError('contactNumber', t('account.mobileTaken'));
  }
  if (contacts.email && (await repo.contactHolder('email', contacts.email.toLowerCase(), exceptId, verifiedOnly))) {
    throw fieldError('email', t('account.emailTaken'));
  }
}

/**
 * Refuses a value of a unique field without a hook (`GENERIC_UNIQUE`) that another account than `exceptId` holds,
 * naming the field in the request's language as the generic engine does; null is never a duplicate.
 */
async function assertValuesFree(
  repo: AccountsRepository,
  row: Readonly<Record<string, unknown>>,
  exceptId?: number,
): Promise<void> {
  for (const field of GENERIC_UNIQUE) {
    const value = row[field[1].column];
    if (await repo.valueTaken(field[1].column, value, exceptId)) throw takenError(field, value);
  }
}

/**
 * The posts (岗位) an account is to hold: distinct, each existing, and enabled unless the account holds it already
 * (`held`: an edit keeps a post disabled since). Refused naming the field, as the dialog marks it.
 */
async function checkedPosts(
  repo: AccountsRepository,
  postIds: readonly number[],
  held: readonly number[] = [],
): Promise<number[]> {
  const ids = [...new Set(postIds)];
  if (ids.length > ACCOUNT_POSTS_MAX) {
    throw fieldError('postIds', t('validation.maxItems', { field: '岗位', limit: ACCOUNT_POSTS_MAX }));
  }
  const found = new Map((await repo.postStanding(ids)).map((post) => [post.id, post]));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw fieldError('postIds', t('account.postNotFound', { ids: missing.join(', ') }));
  const kept = new Set(held);
  const disabled = ids.flatMap((id) => {
    const post = found.get(id);
    return post && !post.enabled && !kept.has(id) ? [post] : [];
  })[0];
  if (disabled) throw fieldError('postIds', t('account.postDisabled', { name: disabled.name }));
  return ids;
}

/**
 * The generic engine's delete check for posts (modules/crud `InUseCheck`, wired in services.ts): a post some account
 * holds is not deleted, refused naming it and how many hold it.
 */
export async function postsInUse(
  executor: Kysely<DB>,
  rows: ReadonlyArray<{ id: number; label: string }>,
): Promise<ReadonlyMap<number, string>> {
  const counts = await accountsHoldingPosts(
    executor,
    rows.map((row) => row.id),
  );
  return new Map(
    rows.flatMap((row) => {
      const count = counts.get(row.id);
      return count ? [[row.id, t('account.postInUse', { name: row.label, count })] as const] : [];
    }),
  );
}

/**
 * Normalises and checks the fields create and edit share; answers the row values. `currentOrgId`: the edited
 * account's organisation, which it may stay in when that is disabled (禁用); a new account or a move needs an
 * enabled one.
 */
async function checkedFields(
  repo: AccountsRepository,
  input: CreateInput | UpdateInput,
  principal: Principal,
  currentOrgId?: number,
) {
  const email = optional(input.email);
  if (email && !EMAIL.test(email)) throw badRequest(t('account.email'));
  const contactNumber = optional(input.contactNumber);
  if (contactNumber && !PHONE.test(contactNumber)) throw badRequest(t('account.contactNumber'));
  await assertContactsFree(repo, { contactNumber, email }, 'id' in input ? input.id : null, true);
  const org = await repo.orgStanding(input.orgId);
  if (!org) throw fieldError('orgId', t('account.orgNotFound'));
  if (org.state !== 1 && input.orgId !== currentOrgId) {
    throw fieldError('orgId', t('account.orgDisabled', { name: org.name }));
  }
  const roleId = input.roleId ?? null;
  if (roleId !== null) {
    const role = await repo.findRole(roleId);
    if (!role) throw fieldError('roleId', t('account.roleNotFound'));
    // Handing out the super-admin role would grant more than the caller holds.
    if (role.builtin === 1 && !principal.superAdmin) throw forbidden(t('auth.forbidden', { title: '超级管理员角色' }));
  }
  return {
    account_number: requiredText(input.accountNumber, 'accountNumber', '账号'),
    account_name: requiredText(input.accountName, 'accountName', '用户名'),
    contact_number: contactNumber,
    email,
    state: Number(input.state) === 1 ? 1 : 0,
    org_id: input.orgId,
    role_id: roleId,
  };
}

export function createAccountsService(
  db: Kysely<DB>,
  endSessions: EndSessions,
  regionName: RegionNamer,
  authz: Authz,
  proofs: ProofTokens,
  /** The roles' resources an account answers (modules/resources, cached per permission version). */
  grantsOf: GrantsOf,
  /** The password policy in force (系统参数, read when a password is set). */
  passwordPolicy: () => PasswordPolicy,
) {
  const repo = createAccountsRepository(db);

  /** An account as answered; read after any transaction (the grants come from the permission cache). */
  async function view(id: number) {
    const row = await repo.findView(id);
    if (!row) throw badRequest(t('account.notFound'));
    const [roles, posts] = await Promise.all([rolesOf(grantsOf, [row]), repo.postsOf([id])]);
    return toAccount(row, regionName, roles, posts);
  }

  /**
   * A unique-index race (two writes at once) becomes the same 400 as the pre-check: the field the index names (a
   * generic unique field, as `assertValuesFree` words it), else the account number. `row`: the values written.
   */
  async function uniqueValues<T>(
    row: { account_number: string } & Readonly<Record<string, unknown>>,
    work: () => Promise<T>,
  ): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const violation = uniqueViolationOf(error);
      if (violation === undefined) throw error;
      const field = violatedField(violation);
      if (field) throw takenError(field, row[field[1].column]);
      throw fieldError('accountNumber', t('account.numberTaken', { accountNumber: row.account_number }));
    }
  }

  /**
   * Replaces the password hash in one transaction with the proof that pays for it (spent there) and the end of the
   * account's sessions (all but `keepSessionId`): a failure half-way changes nothing.
   */
  async function replacePassword(
    id: number,
    passwordHash: string,
    options: { mustChange: boolean; proof?: VerificationTokenRow; keepSessionId?: string },
  ): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const r = createAccountsRepository(trx);
      if (!(await r.findById(id))) throw badRequest(t('account.notFound'));
      if (options.proof) await proofs.spendIn(trx, options.proof);
      await r.update(id, {
        password_hash: passwordHash,
        must_change_password: options.mustChange ? 1 : 0,
        update_time: new Date().toISOString(),
      });
      await endSessions(trx, [id], options.keepSessionId);
    });
  }

  /** A token proving the signed-in account received a code at `recipient` (the new number or address). */
  async function proof(
    token: string | undefined,
    kind: 'sms' | 'email',
    recipient: string,
    principal: Principal,
    field: 'mobile' | 'email',
  ): Promise<VerificationTokenRow> {
    if (!token) throw badRequest(t(field === 'mobile' ? 'account.mobileProofRequired' : 'account.emailProofRequired'));
    const row = await proofs.peekToken(token);
    if (row.kind !== kind || row.purpose !== 'bind' || row.account_id !== principal.accountId) {
      throw badRequest(t('verify.tokenWrongUse'));
    }
    if (row.recipient !== recipient) {
      throw badRequest(t(field === 'mobile' ? 'account.mobileProofOther' : 'account.emailProofOther'));
    }
    return row;
  }

  /**
   * The one rule for an account's own contacts, on every route that writes them (the personal page, PUT /account,
   * the import): changing or removing one's own mobile or e-mail, or proving the stored one, needs a recent identity
   * verification (sudo mode) and, for a number or address kept, the token of a code sent to it; a switched session
   * (identity switch) changes no contact of the account it acts as. Answers the tokens to spend with the write and
   * the proof marks to store. Another account's contacts are not judged here: an administrator may set them, and
   * they stay unproven (未验证) until their owner proves them.
   */
  async function ownContactChange(
    current: { contact_number: string | null; email: string | null; contact_verified: number; email_verified: number },
    next: { contactNumber: string | null; email: string | null },
    tokens: { mobileToken?: string; emailToken?: string },
    principal: Principal,
  ): Promise<{ spent: VerificationTokenRow[]; marks: { contact_verified?: number; email_verified?: number } }> {
    const { contactNumber, email } = next;
    const mobileChanged = !sameMobile(current.contact_number, contactNumber);
    const emailChanged = !sameEmail(current.email, email);
    // The stored, unproven number or address, with the token of a code sent to it: its owner proves it.
    const provingMobile = !mobileChanged && !!contactNumber && current.contact_verified !== 1 && !!tokens.mobileToken;
    const provingEmail = !emailChanged && !!email && current.email_verified !== 1 && !!tokens.emailToken;
    const spent: VerificationTokenRow[] = [];
    const marks: { contact_verified?: number; email_verified?: number } = {};
    if (!mobileChanged && !emailChanged && !provingMobile && !provingEmail) return { spent, marks };
    if (principal.origin) throw forbidden(t('account.switchedContact'));
    authz.requireRecentVerification(principal);
    if ((mobileChanged || provingMobile) && contactNumber) {
      spent.push(await proof(tokens.mobileToken, 'sms', normaliseMobile(contactNumber), principal, 'mobile'));
    }
    if ((emailChanged || provingEmail) && email) {
      spent.push(await proof(tokens.emailToken, 'email', email.toLowerCase(), principal, 'email'));
    }
    // Proven numbers belong to one account: none other may hold them, verified or not.
    await assertContactsFree(
      repo,
      {
        contactNumber: mobileChanged || provingMobile ? contactNumber : null,
        email: emailChanged || provingEmail ? email : null,
      },
      principal.accountId,
      false,
    );
    if (mobileChanged || provingMobile) marks.contact_verified = contactNumber ? 1 : 0;
    if (emailChanged || provingEmail) marks.email_verified = email ? 1 : 0;
    return { spent, marks };
  }

  return {
    get: (id: number) => view(id),

    /** The signed-in account, naming the original account while an identity switch is in force. */
    async info(principal: Principal) {
      // One read (the account with its role's 需要双因素认证 beside it), plus the original account when switched.
      const row = await repo.findView(principal.accountId);
      if (!row) throw badRequest(t('account.notFound'));
      const [roles, posts] = await Promise.all([rolesOf(grantsOf, [row]), repo.postsOf([row.id])]);
      const account = toAccount(row, regionName, roles, posts);
      const original = principal.origin ? await repo.findById(principal.origin.accountId) : undefined;
      return {
        ...account,
        originalAccount: original
          ? {
              id: original.id,
              accountNumber: original.account_number,
              accountName: accountNameOf(original.account_name, original.builtin),
            }
          : null,
        mustChangePassword: principal.mustChangePassword === true,
        // A switched identity is the original account's session acting as another: it enrols nothing for it.
        mustEnrolSecondFactor: row.role_require_second_factor === 1 && row.second_factor === 0 && !principal.origin,
      };
    },

    /**
     * Self-service: only name, avatar and contact details; role, state, organisation and number are not reachable.
     * A new mobile number or e-mail must be proven by a code sent to it, and changing or removing either needs a
     * recent identity verification (sudo mode, `VerificationRequired`): a stolen token alone cannot redirect the
     * account's recovery.
     */
    async updateProfile(input: BodyOf<Routes['updateProfile']>, principal: Principal) {
      if (input.regionId != null && regionName(input.regionId) === null) throw badRequest(t('region.notFound'));
      const email = optional(input.email);
      if (email && !EMAIL.test(email)) throw badRequest(t('account.email'));
      const contactNumber = optional(input.contactNumber);
      if (contactNumber && !PHONE.test(contactNumber)) throw badRequest(t('account.contactNumber'));
      const current = await repo.findById(principal.accountId);
      if (!current) throw badRequest(t('account.notFound'));
      const own = await ownContactChange(current, { contactNumber, email }, input, principal);
      await db.transaction().execute(async (trx) => {
        for (const row of own.spent) await proofs.spendIn(trx, row);
        await createAccountsRepository(trx).update(principal.accountId, {
          account_name: storedNameOf(
            'adminName',
            requiredText(input.accountName, 'accountName', '用户名'),
            current.account_name,
            current.builtin === 1,
          ),
          // The profile form sends no avatar (the avatar is saved on its own): absent keeps the current one.
          ...(input.avatar === undefined ? {} : { avatar: optional(input.avatar) }),
          contact_number: contactNumber,
          email,
          ...own.marks,
          // Absent keeps the stored region; null clears it.
          ...(input.regionId === undefined ? {} : { region_id: input.regionId }),
          address: optional(input.address),
          introduction: optional(input.introduction),
          update_time: new Date().toISOString(),
        });
      });
      return this.info(principal);
    },

    /** `alsoWithin`: a second scope the rows must lie in (权限预览 keeps the previewed list inside the caller's). */
    async list(query: QueryOf<Routes['listAccounts']>, principal: Principal, alsoWithin?: AccountsWithin) {
      const filter = { ...accountFilterOf(query), within: await authz.accountsWithin(principal), alsoWithin };
      const [{ rows, total, capped }, manageable] = await Promise.all([
        query.sort
          ? repo.sortedPage(
              filter,
              { field: query.sort, order: query.order ?? defaultOrder(query.sort) },
              (query.p - 1) * query.pageSize,
              query.pageSize,
            )
          : repo.page(filter, (query.p - 1) * query.pageSize, query.pageSize),
        authz.rowTest(principal),
      ]);
      // The page's posts in one statement over its ids (none for an empty page).
      const [roles, posts] = await Promise.all([rolesOf(grantsOf, rows), repo.postsOf(rows.map((row) => row.id))]);
      const held = postsByAccount(posts);
      return {
        list: rows.map((row) => ({
          ...toAccount(row, regionName, roles, held.get(row.id)),
          manageable: manageable(row),
        })),
        totalCount: total,
        totalPage: Math.ceil(total / query.pageSize),
        ...(capped ? { totalCapped: true } : {}),
      };
    },

    async create(input: CreateInput, principal: Principal) {
      const fields = await checkedFields(repo, input, principal);
      // The descriptor's other writable fields: as given, the defaults of those left out.
      const written = { ...fieldWrites(input, true), account_number: fields.account_number };
      assertAcceptablePassword(input.password, passwordPolicy(), fields.account_number);
      if (await repo.numberTaken(fields.account_number)) {
        throw fieldError('accountNumber', t('account.numberTaken', { accountNumber: fields.account_number }));
      }
      await assertValuesFree(repo, written);
      const postIds = input.postIds === undefined ? [] : await checkedPosts(repo, input.postIds);
      const now = new Date().toISOString();
      const passwordHash = await hashPassword(input.password);
      const id = await uniqueValues(written, () =>
        db.transaction().execute(async (trx) => {
          const r = createAccountsRepository(trx);
          const id = await r.insert({
            ...written,
            ...fields,
            password_hash: passwordHash,
            builtin: 0,
            create_time: now,
            update_time: now,
            // 首次登录须修改密码: the administrator typed this password, so by the dialog's default its owner replaces it.
            must_change_password: input.mustChangePassword ? 1 : 0,
          });
          // Checked again in the write's transaction: a post disabled or deleted meanwhile is not given.
          if (postIds.length) await r.setPosts(id, await checkedPosts(r, postIds));
          return id;
        }),
      );
      return view(id);
    },

    async update(input: UpdateInput, principal: Principal) {
      const self = input.id === principal.accountId;
      // One's own contacts cost here what they cost on the personal page (judged before the write's transaction:
      // sudo mode and the proofs read through the shared connection).
      const before = self ? await repo.findById(input.id) : undefined;
      const own =
        before &&
        (await ownContactChange(
          before,
          { contactNumber: optional(input.contactNumber), email: optional(input.email) },
          input,
          principal,
        ));
      const id = await db.transaction().execute(async (trx) => {
        const r = createAccountsRepository(trx);
        const current = await r.findById(input.id);
        if (!current) throw badRequest(t('account.notFound'));
        const fields = await checkedFields(r, input, principal, current.org_id);
        const disabling = fields.state !== 1 ? disableRefusal(current, principal) : undefined;
        if (disabling) throw disabling;
        if (current.builtin === 1) {
          const role = fields.role_id === null ? undefined : await r.findRole(fields.role_id);
          if (role?.builtin !== 1) throw badRequest(t('account.builtinRole'));
        }
        if (await r.numberTaken(fields.account_number, current.id)) {
          throw fieldError('accountNumber', t('account.numberTaken', { accountNumber: fields.account_number }));
        }
        // The descriptor's other writable fields the body gives (one left out keeps its value); the account itself
        // holds its own values.
        const written = { ...fieldWrites(input, false), account_number: fields.account_number };
        await assertValuesFree(r, written, current.id);
        // Absent keeps the posts it holds; a post it holds stays given even when disabled since.
        const postIds =
          input.postIds === undefined ? undefined : await checkedPosts(r, input.postIds, await r.postIdsOf(current.id));
        for (const row of own?.spent ?? []) await proofs.spendIn(trx, row);
        if (postIds) await r.setPosts(current.id, postIds);
        await uniqueValues(written, () =>
          r.update(current.id, {
            ...written,
            ...fields,
            account_name: storedNameOf('adminName', fields.account_name, current.account_name, current.builtin === 1),
            // A number or address set by an administrator is no longer the one its owner proved.
            ...(sameMobile(current.contact_number, fields.contact_number) ? {} : { contact_verified: 0 }),
            ...(sameEmail(current.email, fields.email) ? {} : { email_verified: 0 }),
            ...own?.marks,
            // Enabling a self-registered account is its approval.
            ...(fields.state === 1 ? { pending_approval: 0 } : {}),
            update_time: new Date().toISOString(),
          }),
        );
        // A disabled account loses its sessions at once; re-enabling it does not bring them back.
        if (fields.state !== 1 && current.state === 1) await endSessions(trx, [current.id]);
        return current.id;
      });
      return view(id);
    },

    async remove(id: number, principal: Principal): Promise<void> {
      const current = await repo.findById(id);
      if (!current) throw badRequest(t('account.notFound'));
      const refusal = deleteRefusal(current, principal);
      if (refusal) throw refusal;
      await repo.delete(id);
    },

    /**
     * Bulk delete: each account under the rules of `remove` and of DELETE /account's dominance check, in the order
     * the single action applies them (missing, dominance, built-in admin, oneself); the accepted ones are deleted in
     * one transaction (their sessions and preferences go with them, as for one).
     */
    async removeMany(ids: readonly number[], principal: Principal): Promise<BatchOutcome<number>> {
      // The dominance rule reads outside the write transaction, as the route binding does before a handler.
      const dominance = await authz.accountRefusals(principal, ids, routes.deleteAccount.title);
      return db.transaction().execute(async (trx) => {
        const r = createAccountsRepository(trx);
        const rows = new Map((await r.findMany(ids)).map((row) => [row.id, row]));
        const outcome = partition(ids, (id) => {
          const row = rows.get(id);
          if (!row) return badRequest(t('account.notFound'));
          return dominance.get(id) ?? deleteRefusal(row, principal);
        });
        await r.deleteMany(outcome.done);
        return outcome;
      });
    },

    /**
     * Bulk enable / disable: each account under the rules PUT /account applies to its state (missing, dominance,
     * the built-in admin and oneself cannot be disabled); the accepted ones change in one transaction, and those
     * disabled lose their sessions in it, as one disabled account does.
     */
    async setStateMany(ids: readonly number[], enabled: boolean, principal: Principal): Promise<BatchOutcome<number>> {
      const dominance = await authz.accountRefusals(principal, ids, routes.updateAccount.title);
      return db.transaction().execute(async (trx) => {
        const r = createAccountsRepository(trx);
        const rows = new Map((await r.findMany(ids)).map((row) => [row.id, row]));
        const outcome = partition(ids, (id) => {
          const row = rows.get(id);
          if (!row) return badRequest(t('account.notFound'));
          return dominance.get(id) ?? (enabled ? undefined : disableRefusal(row, principal));
        });
        await r.setState(outcome.done, enabled ? 1 : 0, new Date().toISOString());
        if (!enabled) {
          await endSessions(
            trx,
            outcome.done.filter((id) => rows.get(id)?.state === 1),
          );
        }
        return outcome;
      });
    },

    async resetPassword(id: number): Promise<{ password: string }> {
      const password = generatePassword();
      // The administrator has seen this password: the owner must replace it at the next sign-in.
      await replacePassword(id, await hashPassword(password), { mustChange: true });
      return { password };
    },

    /**
     * The owner's new password (a password change, or a recovery by SMS or e-mail): the password rules as for a new
     * account, then in one transaction the proof spent, the hash replaced and the account's sessions ended, all but
     * `keepSessionId` (the session that made the change). A refused password keeps the proof.
     */
    async setPassword(
      id: number,
      password: string,
      options: { proof?: VerificationTokenRow; keepSessionId?: string } = {},
    ): Promise<void> {
      const current = await repo.findById(id);
      if (!current) throw badRequest(t('account.notFound'));
      assertAcceptablePassword(password, passwordPolicy(), current.account_number);
      await replacePassword(id, await hashPassword(password), { ...options, mustChange: false });
    },

    /**
     * Self-registration: an account named by its proven mobile number (enabled, or with REGISTRATION=approval disabled
     * and pending until an administrator enables it), in the configured organisation with
     * the configured role. The rules of `create` hold (required fields, password rules, a number no other account
     * holds, no two accounts with one account number, the same messages); the mobile was proven by `proof` (a
     * registration code the caller checked), so it is marked verified and may be nobody else's, proven or not, as on
     * the personal page. The proof is spent with the insert: a refusal keeps it.
     */
    async register(
      input: RegistrationInput,
      proof: VerificationTokenRow,
    ): Promise<{ id: number; accountNumber: string; pendingApproval: boolean }> {
      const mobile = normaliseMobile(input.mobile);
      const name = requiredText(input.name, 'name', '姓名');
      const company = requiredText(input.company, 'company', '工作单位');
      assertAcceptablePassword(input.password, passwordPolicy(), mobile);
      const passwordHash = await hashPassword(input.password);
      // The checks run in the write's transaction: two registrations of one number cannot both pass them.
      const id = await uniqueValues({ account_number: mobile }, () =>
        db.transaction().execute(async (trx) => {
          const r = createAccountsRepository(trx);
          const orgId = input.orgId ?? (await r.firstRootOrgId());
          // A disabled (禁用) organisation takes no new accounts, self-registered ones neither.
          const org = orgId === undefined ? undefined : await r.orgStanding(orgId);
          if (orgId === undefined || !org || org.state !== 1) throw badRequest(t('verify.registrationOrg'));
          if (input.roleId !== undefined) {
            const role = await r.findRole(input.roleId);
            // Nobody may hand out the super-admin role, registration least of all.
            if (!role || role.builtin === 1) throw badRequest(t('verify.registrationRole'));
          }
          await assertContactsFree(r, { contactNumber: mobile, email: null }, null, false);
          if (await r.numberTaken(mobile)) throw badRequest(t('account.numberTaken', { accountNumber: mobile }));
          await proofs.spendIn(trx, proof);
          const now = new Date().toISOString();
          return r.insert({
            // The descriptor's writable fields a registration does not give: their defaults, as a create's.
            ...fieldWrites({}, true),
            account_number: mobile,
            account_name: name,
            password_hash: passwordHash,
            avatar: null,
            contact_number: mobile,
            email: null,
            // REGISTRATION=approval: disabled until an administrator enables it (which clears the mark).
            state: input.approval ? 0 : 1,
            pending_approval: input.approval ? 1 : 0,
            org_id: orgId,
            role_id: input.roleId ?? null,
            builtin: 0,
            create_time: now,
            update_time: now,
            address: null,
            introduction: null,
            company,
            // The number was just proven by the registration code.
            contact_verified: 1,
          });
        }),
      );
      return { id, accountNumber: mobile, pendingApproval: input.approval === true };
    },

    /** An account's standing, or undefined when there is no such account. */
    async standing(id: number): Promise<AccountStanding | undefined> {
      const row = await repo.findStanding(id);
      return (
        row && {
          id: row.id,
          accountNumber: row.account_number,
          enabled: row.state === 1,
          roleId: row.role_id,
          superAdmin: row.role_builtin === 1,
          provenMobile: row.contact_verified === 1 ? row.contact_number : null,
          provenEmail: row.email_verified === 1 ? row.email : null,
        }
      );
    },

    /**
     * The accounts holding a mobile number (normalised, any stored spelling) or an e-mail (any case), first by id;
     * at most two: the callers only ask whether exactly one does. `within`: 'proven' for the holders that proved it
     * (recovery and sign-in codes go to those only), or a data scope (an administrator's lookup sees only its own).
     */
    async holdersOf(contact: { mobile: string } | { email: string }, within: AccountsWithin | 'proven') {
      const rows =
        'mobile' in contact
          ? await repo.holdersOfMobile(normaliseMobile(contact.mobile), within)
          : await repo.holdersOfEmail(contact.email.trim().toLowerCase(), within);
      return rows.map((row) => ({ id: row.id, accountNumber: row.account_number, enabled: row.state === 1 }));
    },

    /** Whether self-registration with this mobile would collide: an account is named by it or holds it. */
    mobileRegistered: (mobile: string) => repo.mobileInUse(normaliseMobile(mobile)),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
