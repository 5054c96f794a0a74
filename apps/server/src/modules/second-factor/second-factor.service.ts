import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  randomUUID,
} from 'node:crypto';
import {
  PASSKEYS_MAX,
  RECOVERY_CODE_COUNT,
  type SecondFactorMethod,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
} from '@gatehouse/contract';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { generateSecret, generateURI, verify as verifyTotpCode } from 'otplib';
import type { AccountPasskeyTable, WebAuthnPurpose } from '../../platform/db/schema.js';
import { AppError, badRequest, forbidden } from '../../platform/errors.js';
import type { Principal } from '../../platform/http.js';
import { t } from '../../platform/i18n.js';
import { epochMs, epochMsOrNull } from '../../platform/time.js';
import type { SecondFactorRepository } from './second-factor.repository.js';

/** The site passkeys are bound to: its RP ID (a domain) and the origins its pages are served from. */
export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

export interface Client {
  ip: string;
  userAgent?: string;
}

/** What the second step needs of the sign-in policy (modules/signin): the check under its own lock. */
export interface SecondFactorPolicy {
  checkSecondFactor<T>(
    account: { id: number; accountNumber: string },
    method: SecondFactorMethod,
    purpose: 'signin' | 'verification',
    client: Client,
    attempt: () => Promise<boolean>,
    wrong: () => AppError,
    then: () => Promise<T>,
  ): Promise<T>;
}

export interface SecondFactorDeps {
  repo: SecondFactorRepository;
  /** Seals authenticator secrets at rest (AES-256-GCM; platform/keys.ts 'totp-secret'). */
  totpKey: Buffer;
  /** Keys the HMAC of recovery codes, so a database leak does not reveal them. */
  codeKey: Buffer;
  /** The issuer the authenticator app shows beside the account. */
  issuer: string;
  policy: SecondFactorPolicy;
  /** Sudo mode: the session's owner just proved who they are. */
  identityVerified: (principal: Principal) => Promise<void>;
  /** A single-use token proving the owner just used this factor (as POST /auth/password/validate answers). */
  verificationToken: (accountId: number, kind: 'totp' | 'passkey') => Promise<string>;
  /** Opens the session of a sign-in whose every step passed (AuthService.signInAs: access control, the cap). */
  openSession: (accountId: number, client: Client) => Promise<string>;
  /** 账号已停用 / 账号待审核 for an account that proved who it is but may not sign in. */
  unavailable: (pendingApproval: boolean) => AppError;
  /** The clock (tests move it). */
  now?: () => number;
}

const TICKET_TTL_MS = 5 * 60_000;
const TICKET_ATTEMPTS = 5;
const CHALLENGE_TTL_MS = 5 * 60_000;
/** WebAuthn challenges one client address may ask for a minute (passwordless sign-in asks without a session). */
const CHALLENGES_PER_CLIENT_MINUTE = 30;
/** Codes one step either side of now are accepted (clock drift of a phone), each step once. */
const TOTP_TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;
/** Recovery codes: 10 characters of an alphabet without look-alikes (about 50 bits), shown as xxxxx-xxxxx. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A ticket past its life, used or out of attempts: 410, so the web goes back to the password step. */
const ticketGone = () => new AppError(410, t('secondFactor.ticketInvalid'));
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const iso = (ms: number) => new Date(ms).toISOString();

export function createSecondFactorService(deps: SecondFactorDeps) {
  const { repo, policy } = deps;
  const now = deps.now ?? Date.now;

  function seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', deps.totpKey, iv);
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  function unseal(sealed: string): string {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', deps.totpKey, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }

  const codeHash = (code: string) =>
    createHmac('sha256', deps.codeKey)
      .update(code.toLowerCase().replace(/[^a-z0-9]/g, ''))
      .digest('hex');

  function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
      const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
      return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
    });
    return { codes, hashes: codes.map(codeHash) };
  }

  /** The time step a code is right for (one step either side of now, each step after `after` only), or null. */
  async function totpStep(sealed: string, code: string, after?: number): Promise<number | null> {
    const token = code.replace(/\s/g, '');
    if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(token)) return null;
    const result = await verifyTotpCode({
      secret: unseal(sealed),
      token,
      epoch: Math.floor(now() / 1000),
      epochTolerance: TOTP_TOLERANCE_SECONDS,
      ...(after !== undefined && after > 0 ? { afterTimeStep: after } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  async function accountOf(accountId: number) {
    const account = await repo.account(accountId);
    if (!account) throw badRequest(t('account.notFound'));
    return account;
  }

  /** Changing or using one's own factors is the owner's: an administrator acting as the account may not. */
  function ownerOnly(principal: Principal): void {
    if (principal.origin) throw forbidden(t('secondFactor.switched'));
  }

  /** The methods an account's second step accepts. */
  async function methodsOf(accountId: number): Promise<SecondFactorMethod[]> {
    const [totp, passkeys, codes] = await Promise.all([
      repo.totp(accountId),
      repo.passkeys(accountId),
      repo.recoveryCodesLeft(accountId),
    ]);
    const methods: SecondFactorMethod[] = [];
    if (totp?.enabled_at) methods.push('totp');
    if (passkeys.length > 0) methods.push('passkey');
    if (codes > 0) methods.push('recovery');
    return methods;
  }

  /** Refuses a client that asked for too many WebAuthn challenges in the last minute (each is a stored row). */
  async function challengeAllowed(client: Client): Promise<void> {
    const since = iso(now() - 60_000);
    if (
      (await repo.challengesBy(client.ip.slice(0, 64), since, CHALLENGES_PER_CLIENT_MINUTE)) >=
      CHALLENGES_PER_CLIENT_MINUTE
    ) {
      throw new AppError(429, t('secondFactor.challengeLimit'));
    }
  }

  async function challenge(
    purpose: WebAuthnPurpose,
    accountId: number | null,
    value: string,
    client: Client,
  ): Promise<string> {
    const id = randomUUID();
    const at = now();
    await repo.insertChallenge({
      id,
      purpose,
      account_id: accountId,
      challenge: value,
      client_ip: client.ip.slice(0, 64),
      created_at: iso(at),
      expires_at: iso(at + CHALLENGE_TTL_MS),
      used_at: null,
    });
    return id;
  }

  const descriptors = (passkeys: Array<{ id: string; transports: string | null }>) =>
    passkeys.map((p) => ({ id: p.id, transports: p.transports ? p.transports.split(',') : undefined }));

  /**
   * Checks a passkey's answer against its challenge and moves its counter forward; false when anything is off
   * (a wrong signature, another site, a replayed or cloned answer).
   */
  async function assertionHolds(
    passkey: { id: string; public_key: string; counter: string | number; transports: string | null },
    credential: AuthenticationResponseJSON,
    expectedChallenge: string,
    rp: RelyingParty,
    requireUserVerification: boolean,
  ): Promise<boolean> {
    const previous = Number(passkey.counter);
    let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verified = await verifyAuthenticationResponse({
        response: credential,
        expectedChallenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        requireUserVerification,
        credential: {
          id: passkey.id,
          publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
          counter: previous,
          transports: passkey.transports?.split(',') as never,
        },
      });
    } catch {
      return false;
    }
    if (!verified.verified) return false;
    return repo.usePasskey(passkey.id, verified.authenticationInfo.newCounter, previous, iso(now()));
  }

  const toPasskey = (row: Pick<AccountPasskeyTable, 'id' | 'name' | 'create_time' | 'last_used_time'>) => ({
    id: row.id,
    name: row.name,
    createTime: epochMs(row.create_time),
    lastUsedTime: epochMsOrNull(row.last_used_time),
  });

  /** Opens the session of an account that proved who it is, unless it may not sign in. */
  async function finish(accountId: number, client: Client): Promise<string> {
    const account = await accountOf(accountId);
    if (account.state !== 1) throw deps.unavailable(account.pending_approval === 1);
    return deps.openSession(accountId, client);
  }

  async function liveTicket(ticket: string) {
    const hash = sha256(ticket);
    const row = await repo.ticket(hash);
    if (!row || row.used_at !== null || row.expires_at <= iso(now())) throw ticketGone();
    return { hash, row };
  }

  return {
    methodsOf,

    /**
     * After a right password (or SMS code): the second step an account with a second factor still owes, as a
     * ticket, or null for an account without one.
     */
    async beginSecondStep(accountId: number): Promise<{ secondFactor: SecondFactorMethod[]; ticket: string } | null> {
      // One read by primary key for the many accounts without a second factor.
      if ((await repo.account(accountId))?.second_factor !== 1) return null;
      const methods = await methodsOf(accountId);
      if (!methods.some((m) => m !== 'recovery')) return null;
      const ticket = randomBytes(32).toString('base64url');
      const at = now();
      await repo.insertTicket({
        ticket_hash: sha256(ticket),
        account_id: accountId,
        challenge: null,
        attempts_left: TICKET_ATTEMPTS,
        created_at: iso(at),
        expires_at: iso(at + TICKET_TTL_MS),
        used_at: null,
      });
      return { secondFactor: methods, ticket };
    },

    /** WebAuthn request options for a ticket's passkey step, limited to the ticket's account's passkeys. */
    async ticketPasskeyOptions(ticket: string, rp: RelyingParty) {
      const { hash, row } = await liveTicket(ticket);
      const passkeys = await repo.passkeys(row.account_id);
      if (passkeys.length === 0) throw badRequest(t('secondFactor.methodUnavailable'));
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        allowCredentials: descriptors(passkeys),
        userVerification: 'preferred',
      });
      await repo.setTicketChallenge(hash, options.challenge);
      return { options };
    },

    /** The second step: one attempt of the ticket at a method; the session token when it holds. */
    async completeSecondStep(
      input: { ticket: string; method: SecondFactorMethod; code?: string; credential?: unknown },
      rp: RelyingParty,
      client: Client,
    ): Promise<string> {
      const { hash, row } = await liveTicket(input.ticket);
      const account = await accountOf(row.account_id);
      if (input.method !== 'passkey' && !input.code) throw badRequest(t('secondFactor.codeRequired'));
      if (input.method === 'passkey' && !input.credential) throw badRequest(t('secondFactor.passkeyRequired'));
      if (!(await repo.takeTicketAttempt(hash, iso(now())))) throw ticketGone();
      const code = input.code ?? '';
      const attempts = {
        totp: async () => {
          const totp = await repo.totp(account.id);
          if (!totp?.enabled_at) return false;
          const step = await totpStep(totp.secret, code, Number(totp.last_step));
          return step !== null && repo.useTotpStep(account.id, step);
        },
        recovery: () => repo.useRecoveryCode(account.id, codeHash(code), iso(now())),
        passkey: async () => {
          const credential = input.credential as AuthenticationResponseJSON;
          const passkey = await repo.passkey(credential.id);
          if (!passkey || passkey.account_id !== account.id || !row.challenge) return false;
          return assertionHolds(passkey, credential, row.challenge, rp, false);
        },
      } satisfies Record<SecondFactorMethod, () => Promise<boolean>>;
      const wrong = {
        totp: () => badRequest(t('secondFactor.codeWrong')),
        recovery: () => badRequest(t('secondFactor.recoveryWrong')),
        passkey: () => badRequest(t('secondFactor.passkeyInvalid')),
      } satisfies Record<SecondFactorMethod, () => AppError>;
      return policy.checkSecondFactor(
        { id: account.id, accountNumber: account.account_number },
        input.method,
        'signin',
        client,
        attempts[input.method],
        wrong[input.method],
        async () => {
          if (!(await repo.useTicket(hash, iso(now())))) throw ticketGone();
          return finish(account.id, client);
        },
      );
    },

    /** WebAuthn request options for a passwordless sign-in (a discoverable credential; no account named). */
    async passkeyLoginOptions(rp: RelyingParty, client: Client) {
      await challengeAllowed(client);
      const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' });
      return { challengeId: await challenge('login', null, options.challenge, client), options };
    },

    /**
     * A sign-in with a passkey alone: the passkey proves possession and its user verification (PIN, fingerprint)
     * the person, so it is two factors in one; the answer is the session token.
     */
    async passkeyLogin(input: { challengeId: string; credential: unknown }, rp: RelyingParty, client: Client) {
      const row = await repo.takeChallenge(input.challengeId, 'login', iso(now()));
      if (!row) throw badRequest(t('secondFactor.challengeInvalid'));
      const credential = input.credential as AuthenticationResponseJSON;
      const passkey = await repo.passkey(credential.id);
      if (!passkey) throw badRequest(t('secondFactor.passkeyUnknown'));
      const account = await accountOf(passkey.account_id);
      return policy.checkSecondFactor(
        { id: account.id, accountNumber: account.account_number },
        'passkey',
        'signin',
        client,
        () => assertionHolds(passkey, credential, row.challenge, rp, true),
        () => badRequest(t('secondFactor.passkeyInvalid')),
        () => finish(account.id, client),
      );
    },

    async status(principal: Principal) {
      const [account, totp, passkeys, left] = await Promise.all([
        accountOf(principal.accountId),
        repo.totp(principal.accountId),
        repo.passkeys(principal.accountId),
        repo.recoveryCodesLeft(principal.accountId),
      ]);
      return {
        totp: !!totp?.enabled_at,
        passkeys: passkeys.map(toPasskey),
        recoveryCodesLeft: left,
        required: account.require_second_factor === 1,
      };
    },

    async totpSetup(principal: Principal) {
      ownerOnly(principal);
      const account = await accountOf(principal.accountId);
      const secret = generateSecret();
      if (!(await repo.stageTotp(account.id, seal(secret), iso(now())))) throw badRequest(t('secondFactor.totpOn'));
      return {
        secret,
        otpauthUrl: generateURI({
          issuer: deps.issuer,
          label: account.account_number,
          secret,
          digits: TOTP_DIGITS,
          period: TOTP_PERIOD_SECONDS,
        }),
      };
    },

    async totpEnable(principal: Principal, code: string) {
      ownerOnly(principal);
      const totp = await repo.totp(principal.accountId);
      if (!totp) throw badRequest(t('secondFactor.totpNotStaged'));
      if (totp.enabled_at) throw badRequest(t('secondFactor.totpOn'));
      const step = await totpStep(totp.secret, code);
      if (step === null) throw badRequest(t('secondFactor.codeWrong'));
      const { codes, hashes } = newRecoveryCodes();
      if (!(await repo.enableTotp(principal.accountId, totp.secret, step, iso(now()), hashes))) {
        throw badRequest(t('secondFactor.totpNotStaged'));
      }
      return { recoveryCodes: codes };
    },

    async totpDisable(principal: Principal): Promise<void> {
      ownerOnly(principal);
      const totp = await repo.totp(principal.accountId);
      if (!totp?.enabled_at) throw badRequest(t('secondFactor.totpOff'));
      await repo.removeTotp(principal.accountId);
    },

    async regenerateRecoveryCodes(principal: Principal) {
      ownerOnly(principal);
      const account = await accountOf(principal.accountId);
      if (account.second_factor !== 1) throw badRequest(t('secondFactor.none'));
      const { codes, hashes } = newRecoveryCodes();
      await repo.replaceRecoveryCodes(account.id, hashes);
      return { recoveryCodes: codes };
    },

    async passkeyRegisterOptions(principal: Principal, rp: RelyingParty, client: Client) {
      ownerOnly(principal);
      await challengeAllowed(client);
      const account = await accountOf(principal.accountId);
      const passkeys = await repo.passkeys(account.id);
      if (passkeys.length >= PASSKEYS_MAX) throw badRequest(t('secondFactor.passkeyLimit', { max: PASSKEYS_MAX }));
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: account.account_number,
        userDisplayName: account.account_name,
        // Opaque and stable per account (WebAuthn asks for no personal data here).
        userID: new Uint8Array(
          createHmac('sha256', deps.codeKey).update(`user:${account.id}`).digest().subarray(0, 16),
        ),
        attestationType: 'none',
        excludeCredentials: descriptors(passkeys),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      return { challengeId: await challenge('register', account.id, options.challenge, client), options };
    },

    async registerPasskey(
      principal: Principal,
      input: { challengeId: string; name: string; credential: unknown },
      rp: RelyingParty,
    ) {
      ownerOnly(principal);
      const row = await repo.takeChallenge(input.challengeId, 'register', iso(now()));
      if (!row || row.account_id !== principal.accountId) throw badRequest(t('secondFactor.challengeInvalid'));
      let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>['registrationInfo'];
      try {
        const verified = await verifyRegistrationResponse({
          response: input.credential as RegistrationResponseJSON,
          expectedChallenge: row.challenge,
          expectedOrigin: rp.origins,
          expectedRPID: rp.id,
          requireUserVerification: false,
        });
        info = verified.verified ? verified.registrationInfo : undefined;
      } catch {
        info = undefined;
      }
      if (!info) throw badRequest(t('secondFactor.passkeyInvalid'));
      const account = await accountOf(principal.accountId);
      // The account's first factor brings its recovery codes (a later one keeps those it has).
      const first = account.second_factor !== 1 && (await repo.recoveryCodesLeft(account.id)) === 0;
      const fresh = first ? newRecoveryCodes() : undefined;
      const at = iso(now());
      const passkey = {
        id: info.credential.id,
        account_id: account.id,
        name: input.name.trim() || info.credential.id.slice(0, 8),
        public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
        counter: info.credential.counter,
        transports: info.credential.transports?.join(',').slice(0, 200) ?? null,
        create_time: at,
        last_used_time: null,
      };
      if (!(await repo.addPasskey(passkey, fresh?.hashes))) throw badRequest(t('secondFactor.passkeyTaken'));
      return { passkey: toPasskey(passkey), ...(fresh ? { recoveryCodes: fresh.codes } : {}) };
    },

    async renamePasskey(principal: Principal, id: string, name: string) {
      ownerOnly(principal);
      if (!(await repo.renamePasskey(principal.accountId, id, name.trim()))) {
        throw badRequest(t('secondFactor.passkeyNotFound'));
      }
      const row = await repo.passkey(id);
      if (!row) throw badRequest(t('secondFactor.passkeyNotFound'));
      return toPasskey(row);
    },

    async deletePasskey(principal: Principal, id: string): Promise<void> {
      ownerOnly(principal);
      if (!(await repo.removePasskey(principal.accountId, id))) throw badRequest(t('secondFactor.passkeyNotFound'));
    },

    /** Identity verification with the authenticator app: sudo mode and a single-use token. */
    async validateTotp(principal: Principal, code: string, client: Client): Promise<string> {
      ownerOnly(principal);
      const totp = await repo.totp(principal.accountId);
      if (!totp?.enabled_at) throw badRequest(t('secondFactor.totpOff'));
      return policy.checkSecondFactor(
        { id: principal.accountId, accountNumber: principal.accountNumber },
        'totp',
        'verification',
        client,
        async () => {
          const step = await totpStep(totp.secret, code, Number(totp.last_step));
          return step !== null && repo.useTotpStep(principal.accountId, step);
        },
        () => badRequest(t('secondFactor.codeWrong')),
        async () => {
          await deps.identityVerified(principal);
          return deps.verificationToken(principal.accountId, 'totp');
        },
      );
    },

    async passkeyVerifyOptions(principal: Principal, rp: RelyingParty, client: Client) {
      ownerOnly(principal);
      await challengeAllowed(client);
      const passkeys = await repo.passkeys(principal.accountId);
      if (passkeys.length === 0) throw badRequest(t('secondFactor.noPasskey'));
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        allowCredentials: descriptors(passkeys),
        userVerification: 'preferred',
      });
      return { challengeId: await challenge('verify', principal.accountId, options.challenge, client), options };
    },

    /** Identity verification with a passkey: sudo mode and a single-use token. */
    async validatePasskey(
      principal: Principal,
      input: { challengeId: string; credential: unknown },
      rp: RelyingParty,
      client: Client,
    ): Promise<string> {
      ownerOnly(principal);
      const row = await repo.takeChallenge(input.challengeId, 'verify', iso(now()));
      if (!row || row.account_id !== principal.accountId) throw badRequest(t('secondFactor.challengeInvalid'));
      const credential = input.credential as AuthenticationResponseJSON;
      const passkey = await repo.passkey(credential.id);
      return policy.checkSecondFactor(
        { id: principal.accountId, accountNumber: principal.accountNumber },
        'passkey',
        'verification',
        client,
        async () =>
          !!passkey &&
          passkey.account_id === principal.accountId &&
          assertionHolds(passkey, credential, row.challenge, rp, false),
        () => badRequest(t('secondFactor.passkeyInvalid')),
        async () => {
          await deps.identityVerified(principal);
          return deps.verificationToken(principal.accountId, 'passkey');
        },
      );
    },

    /** An administrator's reset (the route's dominance check and sudo mode ran before). */
    async reset(accountId: number): Promise<void> {
      await accountOf(accountId);
      await repo.removeAll(accountId);
    },
  };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
