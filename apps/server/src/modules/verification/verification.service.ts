import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { CAPTCHA_SIZE, normaliseMobile } from '@gatehouse/contract';
import type { Kysely } from 'kysely';
import type { VerificationLimits } from '../../config.js';
import type { DB, VerificationKind, VerificationPurpose, VerificationTokenRow } from '../../platform/db/schema.js';
import { AppError, badRequest } from '../../platform/errors.js';
import type { Principal } from '../../platform/http.js';
import { t } from '../../platform/i18n.js';
import { CAPTCHA_MIME, captchaText, drawCaptcha } from './captcha-image.js';
import type { MessageQueue } from './message-queue.js';
import type { MessageSender } from './messaging.js';
import { createVerificationRepository, type VerificationRepository } from './verification.repository.js';

const CODE_DIGITS = 6;
const tooMany = (msg: string) => new AppError(429, msg);

export type SmsCommand = 'common' | 'register' | 'login' | 'reset';

export interface Client {
  ip: string;
}

/** What the sends need to know of accounts: the accounts module's service answers it (AccountsService). */
export interface AccountDirectory {
  /** An account's own proven mobile and e-mail (null when unset or not proven by its owner), and whether it is enabled. */
  standing(
    accountId: number,
  ): Promise<{ enabled: boolean; provenMobile: string | null; provenEmail: string | null } | undefined>;
  /** The accounts that proved a mobile number or an e-mail, first by id (at most two are asked for). */
  holdersOf(
    contact: { mobile: string } | { email: string },
    within: 'proven',
  ): Promise<Array<{ id: number; enabled: boolean }>>;
  /** Whether self-registration with this mobile would collide with an account. */
  mobileRegistered(mobile: string): Promise<boolean>;
}

export interface VerificationDeps {
  repo: VerificationRepository;
  /** Keys the HMAC of stored answers, so a database leak does not reveal live codes. */
  secret: string | Buffer;
  limits: VerificationLimits;
  /** SMS and e-mail leave through the outbound queue, delivered by its background sender. */
  queue: Pick<MessageQueue, 'row' | 'kick'>;
  /** Where captcha answers go in CAPTCHA_TEST_MODE; undefined otherwise. */
  captchaAnswers: MessageSender | undefined;
  registrationEnabled: () => boolean;
  /**
   * The accounts (identity verification sends only to the account's own mobile or e-mail; recovery and sign-in codes
   * only to a number or address one account holds). A function: AccountsService spends this service's tokens, so it
   * is made after this one and reached only when a send runs.
   */
  accounts: () => AccountDirectory;
  /** Sudo mode: the signed-in owner just proved who they are with a code sent to their own mobile or e-mail. */
  identityVerified?: (principal: Principal) => Promise<void>;
}

const iso = (ms: number) => new Date(ms).toISOString();
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createVerificationService(deps: VerificationDeps) {
  const { repo, limits } = deps;
  const answerHash = (id: string, answer: string) =>
    createHmac('sha256', deps.secret).update(`${id}:${answer}`).digest('hex');

  async function issueToken(
    fields: Pick<VerificationTokenRow, 'kind' | 'purpose' | 'recipient' | 'account_id'>,
    ttlSeconds: number,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    await repo.insertToken({
      token_hash: sha256(token),
      ...fields,
      created_at: iso(now),
      expires_at: iso(now + ttlSeconds * 1000),
      used_at: null,
    });
    return token;
  }

  /** Throws 429 when `recipient` or the client has had too many codes of this kind. */
  async function checkSendLimits(kind: VerificationKind, recipient: string, client: Client): Promise<void> {
    const now = Date.now();
    const hour = await repo.sentTo(kind, recipient, iso(now - 3600_000));
    if (hour.last && limits.resendSeconds > 0) {
      const wait = Math.ceil((Date.parse(hour.last) + limits.resendSeconds * 1000 - now) / 1000);
      if (wait > 0) throw tooMany(t('verify.resendWait', { seconds: wait }));
    }
    if (hour.count >= limits.perRecipientHour) throw tooMany(t('verify.recipientHourly'));
    if ((await repo.sentTo(kind, recipient, iso(now - 86_400_000))).count >= limits.perRecipientDay) {
      throw tooMany(t('verify.recipientDaily'));
    }
    const kinds: VerificationKind[] = ['sms', 'email'];
    if ((await repo.createdBy(client.ip, kinds, iso(now - 3600_000))) >= limits.perClientHour) {
      throw tooMany(t('verify.clientLimit'));
    }
    if ((await repo.createdBy(client.ip, kinds, iso(now - 86_400_000))) >= limits.perClientDay) {
      throw tooMany(t('verify.clientLimit'));
    }
  }

  /**
   * Spends a token after `accept` approved its row. Peek, approve, then an atomic "unused → used" update, so a
   * token presented twice at once still works only once.
   */
  async function spendToken(token: string, accept: (row: VerificationTokenRow) => void): Promise<VerificationTokenRow> {
    const row = await peekToken(token);
    accept(row);
    if (!(await repo.useToken(row.token_hash, new Date().toISOString()))) throw badRequest(t('verify.tokenInvalid'));
    return row;
  }

  async function peekToken(token: string): Promise<VerificationTokenRow> {
    const row = await repo.findToken(sha256(token));
    if (!row || row.used_at !== null || row.expires_at <= new Date().toISOString()) {
      throw badRequest(t('verify.tokenInvalid'));
    }
    return row;
  }

  /** Sends without a session must first prove a person is there: an unspent image-captcha token. */
  async function requireCaptcha(captcha: string | null | undefined): Promise<void> {
    if (!captcha) throw badRequest(t('verify.captchaRequired'));
    await spendToken(captcha, (row) => {
      if (row.kind !== 'captcha') throw badRequest(t('verify.tokenWrongUse'));
    });
  }

  interface CodeRequest {
    kind: 'sms' | 'email';
    purpose: VerificationPurpose;
    recipient: string;
    accountId: number | null;
    /** False for a recipient without an account (a recovery or sign-in flow): recorded and queued, never sent. */
    deliver: boolean;
    client: Client;
  }

  /** Checks the send limits, then records a code for `recipient` and queues its message. */
  async function sendCode(input: CodeRequest): Promise<{ id: string }> {
    await checkSendLimits(input.kind, input.recipient, input.client);
    return issueCode(input);
  }

  /**
   * The same statements and the same work whether or not the message will be delivered: the code row and a queue
   * row in one transaction (only the values differ); the background sender delivers or drops the message later,
   * outside the request. So neither the answer nor its timing tells which recipients have an account.
   */
  async function issueCode(input: CodeRequest): Promise<{ id: string }> {
    const id = randomUUID();
    const code = String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
    const hash = answerHash(id, code);
    const now = Date.now();
    const expiresAt = iso(now + limits.codeTtlSeconds * 1000);
    const minutes = Math.max(1, Math.round(limits.codeTtlSeconds / 60));
    const text = t(input.kind === 'sms' ? 'verify.smsText' : 'verify.emailText', { code, minutes });
    const message = deps.queue.row(
      { channel: input.kind, to: input.recipient, code, text, subject: t('verify.emailSubject') },
      input.deliver,
      expiresAt,
    );
    await repo.insertCode(codeRow(input, id, input.deliver ? hash : '', now, expiresAt), message);
    deps.queue.kick();
    return { id };
  }

  function codeRow(input: CodeRequest, id: string, codeHash: string, now: number, expiresAt: string) {
    return {
      id,
      kind: input.kind,
      purpose: input.purpose,
      recipient: input.recipient,
      account_id: input.accountId,
      code_hash: codeHash,
      // The same count for an undelivered code: a check of it then answers like a wrong guess.
      attempts_left: limits.codeAttempts,
      client_ip: input.client.ip.slice(0, 64),
      created_at: iso(now),
      expires_at: expiresAt,
      used_at: null,
    };
  }

  /** One attempt at a sent code; a match answers a single-use token carrying the code's purpose and binding. */
  async function checkCode(
    kind: 'sms' | 'email',
    id: string,
    userInput: string,
    principal?: Principal,
  ): Promise<string> {
    const now = new Date().toISOString();
    if (!(await repo.takeAttempt(id, kind, now))) throw badRequest(t('verify.codeExpired'));
    const row = await repo.findCode(id, kind);
    if (!row) throw badRequest(t('verify.codeExpired'));
    if (!row.code_hash || !sameSecret(row.code_hash, answerHash(id, userInput.trim()))) {
      throw badRequest(
        row.attempts_left > 0 ? t('verify.codeWrong', { left: row.attempts_left }) : t('verify.codeExhausted'),
      );
    }
    if (!(await repo.useCode(id, now))) throw badRequest(t('verify.codeExpired'));
    // A code to the signed-in account's own mobile or e-mail is an identity verification (sudo mode).
    if (principal && row.account_id === principal.accountId && (row.purpose === 'common' || row.purpose === 'verify')) {
      await deps.identityVerified?.(principal);
    }
    return issueToken(
      { kind, purpose: row.purpose, recipient: row.recipient, account_id: row.account_id },
      limits.tokenTtlSeconds,
    );
  }

  return {
    peekToken,
    spendToken,

    /**
     * Spends a token (already peeked and approved) inside the caller's transaction, so the token and the change it
     * pays for are written together or not at all.
     */
    async spendIn(trx: Kysely<DB>, row: VerificationTokenRow): Promise<void> {
      if (!(await createVerificationRepository(trx).useToken(row.token_hash, new Date().toISOString()))) {
        throw badRequest(t('verify.tokenInvalid'));
      }
    },
    requireCaptcha,

    async createCaptcha(size: { width?: number; height?: number }, client: Client) {
      const now = Date.now();
      if ((await repo.createdBy(client.ip, ['captcha'], iso(now - 60_000))) >= limits.captchasPerClientMinute) {
        throw tooMany(t('verify.captchaLimit'));
      }
      const text = captchaText();
      // Drawn before anything is stored, so a drawing failure leaves no captcha row behind.
      const image = await drawCaptcha(text, {
        width: size.width ?? CAPTCHA_SIZE.width,
        height: size.height ?? CAPTCHA_SIZE.height,
      });
      const id = randomUUID();
      await repo.insertCode({
        id,
        kind: 'captcha',
        purpose: 'captcha',
        recipient: null,
        account_id: null,
        code_hash: answerHash(id, text),
        attempts_left: 1,
        client_ip: client.ip.slice(0, 64),
        created_at: iso(now),
        expires_at: iso(now + limits.captchaTtlSeconds * 1000),
        used_at: null,
      });
      await deps.captchaAnswers?.send({ channel: 'captcha', to: id, code: text, text: t('verify.captchaTestText') });
      return {
        id,
        content: `data:${CAPTCHA_MIME};base64,${image.toString('base64')}`,
        expiresIn: limits.captchaTtlSeconds,
      };
    },

    /** One attempt per captcha, right or wrong; a right answer gives a short-lived single-use token. */
    async validateCaptcha(id: string, userInput: string): Promise<string> {
      const row = await repo.findCode(id, 'captcha');
      if (!row || !(await repo.useCode(id, new Date().toISOString()))) throw badRequest(t('verify.captchaExpired'));
      if (!sameSecret(row.code_hash, answerHash(id, userInput.trim().toLowerCase()))) {
        throw badRequest(t('verify.captchaWrong'));
      }
      return issueToken(
        { kind: 'captcha', purpose: 'captcha', recipient: null, account_id: null },
        limits.captchaTtlSeconds,
      );
    },

    async sendSms(
      command: SmsCommand,
      input: { mobile: string; captcha?: string | null },
      principal: Principal | undefined,
      client: Client,
    ) {
      const mobile = normaliseMobile(input.mobile);
      // Signed in, the generic flavour verifies the account's own number; signed out, it is a recovery.
      if (command === 'common' && principal) {
        const own = await deps.accounts().standing(principal.accountId);
        // Only a number its owner proved verifies who they are: one an administrator set is not (yet) theirs.
        if (!own?.provenMobile || normaliseMobile(own.provenMobile) !== mobile) {
          throw badRequest(t('verify.mobileNotOwn'));
        }
        return sendCode({
          kind: 'sms',
          purpose: 'common',
          recipient: mobile,
          accountId: principal.accountId,
          deliver: true,
          client,
        });
      }
      await requireCaptcha(input.captcha);
      if (command === 'register') {
        if (!deps.registrationEnabled()) throw badRequest(t('verify.registrationClosed'));
        const request: CodeRequest = {
          kind: 'sms',
          purpose: 'register',
          recipient: mobile,
          accountId: null,
          deliver: true,
          client,
        };
        // "Already registered" is an answer about the number, so it comes only within the send limits, and the
        // attempt counts against them (a row that no code matches): past them every number answers 429 alike.
        await checkSendLimits('sms', mobile, client);
        if (await deps.accounts().mobileRegistered(mobile)) {
          const now = Date.now();
          await repo.insertCode(codeRow(request, randomUUID(), '', now, iso(now)));
          throw badRequest(t('verify.mobileTaken'));
        }
        return issueCode(request);
      }
      // Sign-in and recovery codes go out only when the number names exactly one account; the answer is the
      // same either way, so the call does not tell which numbers are registered. A disabled account gets its
      // sign-in code too: whoever holds the phone is then told 账号已禁用 (or 账号待审核) by POST /login/sms.
      const owners = await deps.accounts().holdersOf({ mobile }, 'proven');
      const owner = owners.length === 1 ? owners[0] : undefined;
      const purpose: VerificationPurpose = command === 'login' ? 'login' : 'reset';
      return sendCode({
        kind: 'sms',
        purpose,
        recipient: mobile,
        accountId: owner?.id ?? null,
        deliver: !!owner,
        client,
      });
    },

    async sendEmail(
      input: { email: string; captcha?: string | null },
      principal: Principal | undefined,
      client: Client,
    ) {
      const email = input.email.trim().toLowerCase();
      if (principal) {
        const own = await deps.accounts().standing(principal.accountId);
        if (!own?.provenEmail || own.provenEmail.trim().toLowerCase() !== email) {
          throw badRequest(t('verify.emailNotOwn'));
        }
        return sendCode({
          kind: 'email',
          purpose: 'verify',
          recipient: email,
          accountId: principal.accountId,
          deliver: true,
          client,
        });
      }
      await requireCaptcha(input.captcha);
      const owners = await deps.accounts().holdersOf({ email }, 'proven');
      const owner = owners.length === 1 ? owners[0] : undefined;
      return sendCode({
        kind: 'email',
        purpose: 'reset',
        recipient: email,
        accountId: owner?.id ?? null,
        deliver: !!owner,
        client,
      });
    },

    validateSms: (id: string, userInput: string, principal?: Principal) => checkCode('sms', id, userInput, principal),
    validateEmail: (id: string, userInput: string, principal?: Principal) =>
      checkCode('email', id, userInput, principal),

    /**
     * A code to a mobile number or e-mail the signed-in account wants as its own (personal page). Whether another
     * account holds it is told only when the proven token is used, so this call is no directory of numbers.
     */
    async sendBindCode(kind: 'sms' | 'email', raw: string, principal: Principal, client: Client) {
      // A switched session proves no contact for the account it acts as (the write would be refused too).
      if (principal.origin) throw new AppError(403, t('account.switchedContact'));
      const recipient = kind === 'sms' ? normaliseMobile(raw) : raw.trim().toLowerCase();
      // Per account too, not only per recipient: one account cannot spray codes over many new numbers.
      if ((await repo.askedBy(principal.accountId, 'bind', iso(Date.now() - 86_400_000))) >= limits.perRecipientDay) {
        throw tooMany(t('verify.bindAccountDaily'));
      }
      return sendCode({ kind, purpose: 'bind', recipient, accountId: principal.accountId, deliver: true, client });
    },

    /** A token proving the signed-in account just used its authenticator app or a passkey (purpose 'verify'). */
    factorToken(accountId: number, kind: 'totp' | 'passkey'): Promise<string> {
      return issueToken({ kind, purpose: 'verify', recipient: null, account_id: accountId }, limits.tokenTtlSeconds);
    },

    /** A token proving the signed-in account just typed its password. */
    passwordToken(accountId: number): Promise<string> {
      return issueToken(
        { kind: 'password', purpose: 'password', recipient: null, account_id: accountId },
        limits.tokenTtlSeconds,
      );
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
