import { type Static, Type } from 'typebox';
import { Id, NullableTimestamp, Timestamp } from './common.js';
import { defineRoute } from './define.js';

/**
 * A second factor: a TOTP authenticator app (RFC 6238: 30 s, 6 digits, SHA-1), passkeys (WebAuthn
 * discoverable credentials) and ten single-use recovery codes. An account holding one signs in in two steps.
 */

/** The methods the second step of a sign-in accepts, in the order the web offers them. */
export const SECOND_FACTOR_METHODS = ['totp', 'passkey', 'recovery'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** A passkey's name: at most this many characters. */
export const PASSKEY_NAME_MAX = 50;
/** Passkeys one account may hold. */
export const PASSKEYS_MAX = 20;

/**
 * What POST /login (and POST /login/sms) answer instead of the token for an account with a second factor: the
 * methods it may use and a short-lived, single-use ticket bound to the account for POST /login/second-factor.
 */
/** 验证方式 of a second step. */
const MethodSchema = Type.Unsafe<SecondFactorMethod>({
  type: 'string',
  enum: [...SECOND_FACTOR_METHODS],
  maxLength: 8,
  title: '验证方式',
});

export const SecondFactorChallenge = Type.Object({
  secondFactor: Type.Array(MethodSchema),
  ticket: Type.String(),
});

/** A sign-in's answer: the session token, or the second step it still needs. */
export const SignInResult = Type.Union([Type.String(), SecondFactorChallenge]);

/** Whether a sign-in answer asks for a second step. */
export function needsSecondFactor(
  result: string | { secondFactor: SecondFactorMethod[]; ticket: string },
): result is { secondFactor: SecondFactorMethod[]; ticket: string } {
  return typeof result === 'object' && result !== null && 'ticket' in result;
}

const TicketString = Type.String({ minLength: 1, maxLength: 200, title: '登录凭据' });
const ChallengeId = Type.String({ minLength: 1, maxLength: 200, title: '挑战 ID' });
const TotpCode = Type.String({ minLength: 1, maxLength: 20, title: '动态验证码' });
const B64URL = '^[A-Za-z0-9_-]*$';
const b64url = (title: string, maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: B64URL, title });
/**
 * A WebAuthn answer as @simplewebauthn/browser's startRegistration / startAuthentication give it
 * (RegistrationResponseJSON / AuthenticationResponseJSON), its fields bounded; `credentialForServer` keeps exactly
 * these fields of what the browser answered (an extension result nobody asked for is dropped, not refused).
 * The server's library checks what they say.
 */
const WebAuthnResponse = Type.Object(
  {
    id: b64url('凭据 ID', 1024),
    rawId: b64url('凭据 ID', 1024),
    type: Type.Unsafe<'public-key'>({ type: 'string', enum: ['public-key'], maxLength: 10, title: '凭据类型' }),
    response: Type.Object(
      {
        clientDataJSON: b64url('客户端数据', 4096),
        attestationObject: Type.Optional(b64url('证明对象', 65536)),
        authenticatorData: Type.Optional(b64url('认证器数据', 8192)),
        signature: Type.Optional(b64url('签名', 2048)),
        userHandle: Type.Optional(Type.String({ maxLength: 512, pattern: B64URL, title: '用户句柄' })),
        transports: Type.Optional(
          Type.Array(Type.String({ maxLength: 20, pattern: '^[a-z-]+$', title: '传输方式' }), {
            maxItems: 10,
            title: '传输方式',
          }),
        ),
        publicKeyAlgorithm: Type.Optional(Type.Integer({ title: '公钥算法' })),
        publicKey: Type.Optional(b64url('公钥', 4096)),
      },
      { additionalProperties: false, title: '认证器应答' },
    ),
    authenticatorAttachment: Type.Optional(
      Type.Unsafe<'platform' | 'cross-platform'>({
        type: 'string',
        enum: ['platform', 'cross-platform'],
        maxLength: 14,
        title: '认证器类型',
      }),
    ),
    clientExtensionResults: Type.Object(
      {
        credProps: Type.Optional(
          Type.Object(
            { rk: Type.Optional(Type.Boolean({ title: '可发现凭据' })) },
            { additionalProperties: false, title: '凭据属性' },
          ),
        ),
      },
      { additionalProperties: false, title: '扩展结果' },
    ),
  },
  { additionalProperties: false, title: '通行密钥' },
);

/** The fields of a browser's WebAuthn answer the contract carries (see WebAuthnResponse), and nothing else. */
export function credentialForServer(answer: {
  id: string;
  rawId: string;
  type: string;
  response: object;
  authenticatorAttachment?: string | null;
  clientExtensionResults?: { credProps?: { rk?: boolean } };
}): Static<typeof WebAuthnResponse> {
  const response = answer.response as Record<string, unknown>;
  const pick = <K extends string>(keys: readonly K[]) =>
    Object.fromEntries(
      keys.filter((k) => response[k] !== undefined && response[k] !== null).map((k) => [k, response[k]]),
    );
  const rk = answer.clientExtensionResults?.credProps?.rk;
  return {
    id: answer.id,
    rawId: answer.rawId,
    type: 'public-key',
    response: pick([
      'clientDataJSON',
      'attestationObject',
      'authenticatorData',
      'signature',
      'userHandle',
      'transports',
      'publicKeyAlgorithm',
      'publicKey',
    ] as const) as Static<typeof WebAuthnResponse>['response'],
    ...(answer.authenticatorAttachment === 'platform' || answer.authenticatorAttachment === 'cross-platform'
      ? { authenticatorAttachment: answer.authenticatorAttachment }
      : {}),
    clientExtensionResults: rk === undefined ? {} : { credProps: { rk } },
  };
}
/** WebAuthn options for navigator.credentials (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON). */
const WebAuthnOptions = Type.Object({}, { additionalProperties: true });
const ChallengeAndOptions = Type.Object({ challengeId: Type.String(), options: WebAuthnOptions });
const RecoveryCodes = Type.Object({ recoveryCodes: Type.Array(Type.String()) });

export const Passkey = Type.Object({
  id: Type.String(),
  name: Type.String(),
  createTime: Timestamp,
  lastUsedTime: NullableTimestamp,
});

export const SecondFactorStatus = Type.Object({
  totp: Type.Boolean(),
  passkeys: Type.Array(Passkey),
  /** Recovery codes not yet used. */
  recoveryCodesLeft: Type.Integer(),
  /** The account's role requires a second factor (需要双因素认证). */
  required: Type.Boolean(),
});

const PasskeyName = Type.String({ minLength: 1, maxLength: PASSKEY_NAME_MAX, title: '名称' });

export const secondFactorRoutes = {
  secondFactorStatus: defineRoute({
    method: 'GET',
    path: '/auth/second-factor',
    access: 'signed-in',
    title: '双因素认证状态',
    description: 'The signed-in account’s second factors: TOTP on or off, its passkeys, recovery codes left.',
    response: SecondFactorStatus,
  }),
  totpSetup: defineRoute({
    method: 'POST',
    path: '/auth/totp/setup',
    access: 'signed-in',
    security: ['credential'],
    sudo: true,
    title: '设置身份验证器',
    description:
      'Starts adding an authenticator app: a new secret (base32) and its otpauth:// URL (shown as a QR code). Nothing changes until POST /auth/totp/enable confirms a code; a second setup replaces an unconfirmed secret. Refused while TOTP is on.',
    response: Type.Object({ secret: Type.String(), otpauthUrl: Type.String() }),
  }),
  totpEnable: defineRoute({
    method: 'POST',
    path: '/auth/totp/enable',
    access: 'signed-in',
    security: ['credential'],
    title: '启用身份验证器',
    description:
      'Confirms the secret of POST /auth/totp/setup with a current code and turns TOTP on. Answers ten recovery codes, shown once (stored hashed, each usable once; they replace any earlier ones).',
    body: Type.Object({ code: TotpCode }, { additionalProperties: false }),
    response: RecoveryCodes,
  }),
  totpDisable: defineRoute({
    method: 'DELETE',
    path: '/auth/totp',
    access: 'signed-in',
    security: ['credential'],
    sudo: true,
    title: '停用身份验证器',
    description:
      'Turns TOTP off (needs an identity verification). With no passkey left, the recovery codes go too and sign-in is one step again.',
    response: Type.Null(),
  }),
  regenerateRecoveryCodes: defineRoute({
    method: 'POST',
    path: '/auth/recovery-codes',
    access: 'signed-in',
    security: ['credential'],
    sudo: true,
    title: '重新生成恢复码',
    description: 'Ten new recovery codes, shown once; the earlier ones stop working. Only with a second factor on.',
    response: RecoveryCodes,
  }),
  passkeyRegisterOptions: defineRoute({
    method: 'POST',
    path: '/auth/passkeys/options',
    access: 'signed-in',
    security: ['credential'],
    sudo: true,
    title: '添加通行密钥（选项）',
    description:
      'WebAuthn creation options for a new passkey (a discoverable credential, user verification preferred), excluding the account’s own; the challenge is single-use and short-lived.',
    response: ChallengeAndOptions,
  }),
  registerPasskey: defineRoute({
    method: 'POST',
    path: '/auth/passkeys',
    access: 'signed-in',
    security: ['credential'],
    sudo: true,
    title: '添加通行密钥',
    description:
      'Verifies the authenticator’s answer to POST /auth/passkeys/options and keeps the passkey under `name`. The first second factor of an account also answers its ten recovery codes.',
    body: Type.Object(
      { challengeId: ChallengeId, name: PasskeyName, credential: WebAuthnResponse },
      { additionalProperties: false },
    ),
    response: Type.Object({ passkey: Passkey, recoveryCodes: Type.Optional(Type.Array(Type.String())) }),
  }),
  renamePasskey: defineRoute({
    method: 'PUT',
    path: '/auth/passkeys/:id',
    access: 'signed-in',
    title: '重命名通行密钥',
    description: 'Renames one of the signed-in account’s passkeys.',
    params: Type.Object(
      { id: Type.String({ minLength: 1, maxLength: 1024, pattern: B64URL, title: '通行密钥 ID' }) },
      { additionalProperties: false },
    ),
    body: Type.Object({ name: PasskeyName }, { additionalProperties: false }),
    response: Passkey,
  }),
  deletePasskey: defineRoute({
    method: 'DELETE',
    path: '/auth/passkeys/:id',
    access: 'signed-in',
    security: ['credential'],
    sudo: true,
    title: '删除通行密钥',
    description:
      'Removes one of the signed-in account’s passkeys (needs an identity verification). With no second factor left, the recovery codes go too.',
    params: Type.Object(
      { id: Type.String({ minLength: 1, maxLength: 1024, pattern: B64URL, title: '通行密钥 ID' }) },
      { additionalProperties: false },
    ),
    response: Type.Null(),
  }),
  validateTotp: defineRoute({
    method: 'POST',
    path: '/auth/totp/validate',
    access: 'signed-in',
    title: '校验动态验证码',
    description:
      'Identity verification with the authenticator app: a right code (each used once) satisfies sudo mode and answers a single-use token like POST /auth/password/validate. Wrong codes count toward the sign-in limits.',
    body: Type.Object({ code: TotpCode }, { additionalProperties: false }),
    response: Type.String(),
  }),
  passkeyVerifyOptions: defineRoute({
    method: 'POST',
    path: '/auth/passkeys/verify/options',
    access: 'signed-in',
    title: '通行密钥验证（选项）',
    description: 'WebAuthn request options for an identity verification with one of the account’s passkeys.',
    response: ChallengeAndOptions,
  }),
  validatePasskey: defineRoute({
    method: 'POST',
    path: '/auth/passkeys/verify',
    access: 'signed-in',
    title: '通行密钥验证',
    description:
      'Identity verification with a passkey: satisfies sudo mode and answers a single-use token like POST /auth/password/validate.',
    body: Type.Object({ challengeId: ChallengeId, credential: WebAuthnResponse }, { additionalProperties: false }),
    response: Type.String(),
  }),
  passkeyLoginOptions: defineRoute({
    method: 'POST',
    path: '/login/passkey/options',
    access: 'open',
    title: '通行密钥登录（选项）',
    description:
      'WebAuthn request options for a passwordless sign-in with a discoverable credential (no account named); the challenge is single-use and lasts a few minutes.',
    response: ChallengeAndOptions,
  }),
  passkeyLogin: defineRoute({
    method: 'POST',
    path: '/login/passkey',
    access: 'open',
    title: '通行密钥登录',
    description:
      'Signs in with a passkey alone (it proves possession and, with user verification, the person): answers the session token. Logged in the sign-in log as method passkey; failures count toward the sign-in limits of the account it names.',
    body: Type.Object({ challengeId: ChallengeId, credential: WebAuthnResponse }, { additionalProperties: false }),
    response: Type.String(),
  }),
  secondFactorOptions: defineRoute({
    method: 'POST',
    path: '/login/second-factor/options',
    access: 'open',
    title: '双因素登录（通行密钥选项）',
    description:
      'WebAuthn request options for the second step of a sign-in with a passkey, limited to the ticket’s account.',
    body: Type.Object({ ticket: TicketString }, { additionalProperties: false }),
    response: Type.Object({ options: WebAuthnOptions }),
  }),
  loginSecondFactor: defineRoute({
    method: 'POST',
    path: '/login/second-factor',
    access: 'open',
    title: '双因素登录',
    description:
      'The second step of a sign-in: the ticket of POST /login with `method` totp (code: the app’s current code, each used once), recovery (code: an unused recovery code, used up) or passkey (credential: the answer to POST /login/second-factor/options). Answers the session token. The ticket lasts five minutes, works once and for five attempts (a ticket past any of these answers 410: start again at POST /login); wrong codes count toward the sign-in limits and are logged with their method.',
    body: Type.Object(
      {
        ticket: TicketString,
        method: MethodSchema,
        code: Type.Optional(Type.String({ minLength: 1, maxLength: 40, title: '验证码' })),
        credential: Type.Optional(WebAuthnResponse),
      },
      { additionalProperties: false },
    ),
    response: Type.String(),
  }),
  resetSecondFactor: defineRoute({
    method: 'DELETE',
    path: '/account/second-factor',
    access: 'permission',
    security: ['credential'],
    subjects: [{ kind: 'account', in: 'query', field: 'id' }],
    sudo: true,
    title: '重置双因素认证',
    menu: '/user/Account',
    description:
      'Removes an account’s authenticator app, passkeys and recovery codes (a lost phone): it signs in with its password alone again, and enrols anew at its next sign-in when its role requires a second factor.',
    query: Type.Object({ id: Id() }, { additionalProperties: false }),
    response: Type.Null(),
  }),
};
