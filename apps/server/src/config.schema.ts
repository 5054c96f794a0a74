import { isIP } from 'node:net';
import type { SystemParamKind } from '@gatehouse/contract';
import { paramDef, parseParam, type SYSTEM_PARAMS, type SystemParamKey } from '@gatehouse/contract/system-params';
import { type Static, type TSchema, Type } from 'typebox';
import { Value } from 'typebox/value';

/**
 * Every environment variable the server reads, declared once: its name, the TypeBox type (kind and limits) of its
 * value, its default, whether it is a secret, and its line in the README's configuration table (`npm run
 * docs:config` writes the table; config.docs.test.ts fails when the README disagrees). The 系统参数 among them take
 * their name, kind, limits and default from the contract's SYSTEM_PARAMS. config.ts builds `Config` from the values
 * read here and adds the rules between variables.
 */
export interface EnvVar<T = unknown> {
  readonly name: string;
  /** The TypeBox type of the value read from the text: its kind and limits. */
  readonly type: TSchema;
  /** The text in effect when the variable is unset or blank; undefined: the value is undefined. */
  readonly default: string | undefined;
  /** Text to value, before the check against `type`; a text it cannot read is returned as is, and fails the check. */
  readonly decode: (text: string) => unknown;
  /** The error's line when the check fails, after the variable's name ("must be …"); given the text as written. */
  readonly rule: (raw: string) => string;
  /** The README's "Accepts" cell. */
  readonly accepts: string;
  /** The README's "Default" cell, when the default is worked out rather than a fixed text. */
  readonly defaultNote: string | undefined;
  /** The README's "Meaning" cell. */
  readonly description: string;
  /** Taken as written (not trimmed), and never repeated in an error. */
  readonly secret: boolean;
  /** The 系统参数 it sets (contract SYSTEM_PARAMS), if any. */
  readonly param: SystemParamKey | undefined;
  /** Read only when another variable has this value (the S3 settings with FILE_STORAGE=s3); otherwise undefined. */
  readonly when: { readonly name: string; readonly value: string } | undefined;
  /** The value's type, for the compiler only. */
  readonly valueType?: () => T;
}

interface Options {
  readonly description: string;
  readonly default?: string;
  readonly defaultNote?: string;
  readonly secret?: boolean;
  readonly when?: { readonly name: string; readonly value: string };
}

/** A declaration's value: undefined when it has no default, or is read only with another variable's value. */
type ValueOf<T, O> = O extends { default: string } ? (O extends { when: object } ? T | undefined : T) : T | undefined;

type Declared<N extends string, T> = EnvVar<T> & { readonly name: N };

type KindValue<K> = K extends { type: 'int' }
  ? number
  : K extends { type: 'flag' }
    ? boolean
    : K extends { type: 'enum'; values: readonly (infer V)[] }
      ? V
      : K extends { type: 'id' }
        ? number | null
        : string;

type ParamOf<K extends SystemParamKey> = Extract<(typeof SYSTEM_PARAMS)[number], { key: K }>;

/** "a, b or c". */
const alternatives = (values: readonly string[]) =>
  values.length === 1 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;

/** The type, reader, rule and README cell of a kind of the contract's vocabulary (SystemParamKind). */
function byKind(kind: SystemParamKind) {
  const decode = (text: string) => {
    const read = parseParam({ kind }, text);
    return read.ok ? read.value : text;
  };
  switch (kind.type) {
    case 'int':
      return {
        type: Type.Integer({ minimum: kind.min, maximum: kind.max }),
        decode,
        rule: `must be an integer between ${kind.min} and ${kind.max}`,
        accepts: `integer ${kind.min}–${kind.max}`,
      };
    case 'flag':
      return { type: Type.Boolean(), decode, rule: 'must be on or off', accepts: 'on or off' };
    case 'enum':
      return {
        type: Type.Union(kind.values.map((value) => Type.Literal(value))),
        decode,
        rule: `must be ${alternatives(kind.values)}`,
        accepts: alternatives(kind.values.map((value) => `\`${value}\``)),
      };
    case 'id':
      return {
        type: Type.Union([Type.Null(), Type.Integer({ minimum: 1, maximum: 2_147_483_647 })]),
        decode,
        rule: 'must be a positive id',
        accepts: 'an id',
      };
    case 'text':
      return { type: Type.String(), decode, rule: 'must be text', accepts: 'text' };
  }
}

/** "must be …, got "x"": the text is repeated unless the variable is a secret. */
const echoing =
  (rule: string, secret: boolean | undefined) =>
  (raw: string): string =>
    secret ? rule : `${rule}, got "${raw}"`;

function declare<T>(name: string, kind: SystemParamKind, options: Options, param?: SystemParamKey): EnvVar<T> {
  const { rule, ...read } = byKind(kind);
  return {
    name,
    ...read,
    rule: echoing(rule, options.secret),
    default: options.default,
    defaultNote: options.defaultNote,
    description: options.description,
    secret: options.secret ?? false,
    param,
    when: options.when,
  };
}

const int = <const N extends string, const O extends Options>(name: N, min: number, max: number, options: O) =>
  declare(name, { type: 'int', min, max }, options) as Declared<N, ValueOf<number, O>>;

const flag = <const N extends string, const O extends Options>(name: N, options: O) =>
  declare(name, { type: 'flag' }, options) as Declared<N, ValueOf<boolean, O>>;

const text = <const N extends string, const O extends Options>(name: N, options: O) =>
  declare(name, { type: 'text' }, options) as Declared<N, ValueOf<string, O>>;

const oneOf = <const N extends string, const V extends string, const O extends Options>(
  name: N,
  values: readonly V[],
  options: O,
) => declare(name, { type: 'enum', values }, options) as Declared<N, ValueOf<V, O>>;

/**
 * A 系统参数's variable: name, kind, limits and default are the contract's; the description here is the README's
 * (the contract's help is the screen's one-line hint). `decode` may read more words before the contract's parser.
 */
function fromParam<const K extends SystemParamKey>(
  key: K,
  options: Omit<Options, 'default'> & { readonly decode?: (text: string) => string },
) {
  const def = paramDef(key);
  if (!def) throw new Error(`unknown system parameter ${key}`);
  const declared = declare(def.env, def.kind, { ...options, default: def.defaultValue }, key);
  const before = options.decode;
  return (before ? { ...declared, decode: (t: string) => declared.decode(before(t)) } : declared) as Declared<
    ParamOf<K>['env'],
    KindValue<ParamOf<K>['kind']>
  >;
}

/** A variable whose type the contract's kinds do not cover: a pattern, a refinement, a list. */
function custom<const N extends string, const S extends TSchema, const O extends Options>(
  name: N,
  type: S,
  spec: O & {
    /** Default: the text itself. */
    readonly decode?: (text: string) => unknown;
    /** A text: "must …", the value repeated unless secret; a function: the whole line after the name. */
    readonly rule: string | ((raw: string) => string);
    readonly accepts: string;
    readonly param?: SystemParamKey;
  },
): Declared<N, ValueOf<Static<S>, O>> {
  return {
    name,
    type,
    decode: spec.decode ?? ((t) => t),
    rule: typeof spec.rule === 'string' ? echoing(spec.rule, spec.secret) : spec.rule,
    accepts: spec.accepts,
    default: spec.default,
    defaultNote: spec.defaultNote,
    description: spec.description,
    secret: spec.secret ?? false,
    param: spec.param,
    when: spec.when,
  };
}

const WITH_S3 = { name: 'FILE_STORAGE', value: 's3' } as const;

/** Words that switch TRUST_PROXY off, and those refused because they would trust any client. */
const OFF_WORDS = ['0', 'off', 'false', 'no'];
const TRUST_ALL_WORDS = ['on', 'true', 'yes', 'all', '*'];
/** Names proxy-addr (Fastify's trustProxy) accepts for whole ranges. */
const TRUST_PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One TRUST_PROXY entry: an IPv4 or IPv6 address, a CIDR range, or a range name proxy-addr knows. */
function isProxyEntry(entry: string): boolean {
  if (TRUST_PROXY_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  const prefixOk =
    prefix === undefined ||
    (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32) && rest.length === 0);
  return family !== 0 && prefixOk;
}

const TRUST_PROXY_USAGE =
  'must be the number of reverse proxies in front of the server (1–10) or a comma-separated list of their ' +
  'addresses or CIDR ranges (e.g. 10.0.0.0/8,127.0.0.1)';

/** A web origin as the browser sends it: http(s), host, optional port, nothing after (one trailing slash allowed). */
function isOrigin(origin: string): boolean {
  const parsed = URL.parse(origin);
  return !!parsed && /^https?:$/.test(parsed.protocol) && parsed.origin === origin.replace(/\/$/, '');
}

const listOf = (text: string) =>
  text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/** An S3-compatible endpoint: an http(s) URL without credentials or query. */
function isEndpoint(url: string): boolean {
  const parsed = URL.parse(url);
  return !!parsed && /^https?:$/.test(parsed.protocol) && !parsed.username && !parsed.password && !parsed.search;
}

/** Log levels pino knows, and `silent`. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Every variable, in the README's order. */
export const ENV_VARS = [
  fromParam('port', { description: 'the port the UI and the API listen on (one port for both)' }),
  fromParam('host', { description: 'the address they listen on (`0.0.0.0`: every interface)' }),
  text('DATA_DIR', {
    default: './data',
    description:
      'the SQLite file, uploads, the outbox and generated secrets; a relative path is taken from the directory the command ran in',
  }),
  custom('DATABASE_URL', Type.String({ pattern: '^postgres(ql)?://' }), {
    param: 'database',
    rule: 'must start with postgres:// (leave it unset for SQLite)',
    accepts: '`postgres://…` URL',
    secret: true,
    description: 'unset: SQLite at `$DATA_DIR/gatehouse.db`; `postgres://…`: PostgreSQL',
  }),
  text('NODE_ENV', {
    default: 'development',
    description: '`production` turns `API_DOCS` off unless it is set, and refuses `CAPTCHA_TEST_MODE`',
  }),
  text('WEB_DIST', {
    defaultNote: '`apps/web/dist`',
    description: 'the built web app, served at `/` when the folder exists',
  }),
  text('ADMIN_PASSWORD', {
    secret: true,
    description:
      'password of `admin` when the database is first created (and for `npm run reset-admin-password`); unset: generated and printed once. It must pass the password rules (length and character classes of `PASSWORD_MIN_LENGTH` and `PASSWORD_CLASSES`, not a common password)',
  }),
  custom(
    'JWT_SECRET',
    Type.Refine(Type.String({ minLength: 32 }), (secret) => new Set(secret).size >= 8),
    {
      rule: 'must be at least 32 characters with some variety (or unset: one is generated)',
      accepts: 'at least 32 characters, 8 of them different',
      secret: true,
      description:
        'the one server secret; unset: generated once and stored in the database, so restarts and other processes agree. Session tokens (HS256) and code / captcha HMACs each use their own key derived from it (HKDF-SHA-256, distinct labels)',
    },
  ),
  fromParam('tokenTtlSeconds', {
    description: 'idle lifetime of a token; active sessions are renewed through the `jwt-update-token` header',
  }),
  fromParam('sessionMaxAgeSeconds', { description: 'absolute lifetime of a session, however active' }),
  fromParam('sessionMaxPerAccount', {
    description:
      'live sessions one account may hold (`0` = unlimited). A sign-in beyond the cap ends the account’s **oldest** live session (as most products do; refusing the new sign-in would lock the owner out behind devices they no longer have). Identity-switch sessions do not count',
  }),
  oneOf('LOG_LEVEL', LOG_LEVELS, { default: 'info', description: 'pino level (`silent` to mute)' }),
  text('LOG_FILE', {
    description:
      'write the log to this file (appended; JSON lines unless `LOG_FORMAT=pretty`) instead of stdout; tests use it',
  }),
  oneOf('LOG_FORMAT', ['pretty', 'json'], {
    defaultNote: 'auto',
    description:
      '`pretty`: readable lines (pino-pretty); `json`: one JSON object per line. Unset: pretty when stdout is a terminal and `LOG_FILE` is unset, JSON otherwise. Either way one line per request at `info` once it is answered (method, url with query values redacted, status, response time, client address); errors on lines of their own at `error`; at `debug` also a line when a request arrives',
  }),
  custom(
    'TRUST_PROXY',
    Type.Union([
      Type.Literal(false),
      Type.Integer({ minimum: 1, maximum: 10 }),
      Type.Array(Type.Refine(Type.String(), isProxyEntry), { minItems: 1 }),
    ]),
    {
      param: 'trustProxy',
      default: '',
      defaultNote: 'off',
      decode: (t): false | number | string[] | string => {
        const lower = t.toLowerCase();
        if (t === '' || OFF_WORDS.includes(lower)) return false;
        if (TRUST_ALL_WORDS.includes(lower)) return t;
        if (/^\d+$/.test(t)) return Number(t);
        return t.split(',').map((entry) => entry.trim());
      },
      rule: (raw) => {
        const t = raw.trim();
        // Trusting every hop lets any client pick its address with a header of its own, and with it its rate limits.
        if (TRUST_ALL_WORDS.includes(t.toLowerCase())) {
          return `${TRUST_PROXY_USAGE}; "${raw}" would trust any client's X-Forwarded-For`;
        }
        if (/^\d+$/.test(t)) return `${TRUST_PROXY_USAGE}, got "${raw}"`;
        const bad = t.split(',').find((entry) => !isProxyEntry(entry.trim()));
        return `${TRUST_PROXY_USAGE}; "${bad?.trim()}" is neither`;
      },
      accepts: 'off, `1`–`10`, or a list of addresses and CIDR ranges',
      description:
        'who may name the client through `X-Forwarded-For`: off, the connecting address is the client; a number: that many reverse proxies in front of the server; a comma-separated list of the proxies’ own addresses (`10.0.3.10,127.0.0.1`; CIDR ranges and `loopback` also accepted, but a range that holds clients lets them choose their address: the server warns at start when a trusted range contains one of the machine’s own network addresses). `true` is refused (any client could choose its own address). See [Running behind a reverse proxy](#running-behind-a-reverse-proxy)',
    },
  ),
  fromParam('loginCaptcha', {
    description:
      'sign-in needs an image-captcha token; off drops the captcha field until an account number has `LOGIN_CAPTCHA_AFTER` consecutive failures',
  }),
  fromParam('loginCaptchaAfter', {
    description:
      'with `LOGIN_CAPTCHA` off: consecutive failed sign-ins of one account number after which it needs the captcha',
  }),
  fromParam('loginLockAfter', {
    description:
      'consecutive failures that lock an account number (known or not; 429 with the minutes left); each further failure locks it again, twice as long',
  }),
  fromParam('loginLockBaseSeconds', { description: 'the first lock’s length' }),
  fromParam('loginLockMaxSeconds', { description: 'the longest lock, however many failures' }),
  int('LOGIN_CHECKS_PER_ACCOUNT_HOUR', 1, 100_000, {
    default: '100',
    description: 'failed password checks of one account number per hour, from any address (then 429)',
  }),
  int('LOGIN_FAILURES_PER_CLIENT_DAY', 1, 1_000_000, {
    default: '200',
    description: 'failed password checks from one client address per 24 hours, any account (then 429)',
  }),
  int('LOGIN_REFUSAL_DELAY_MS', 0, 10_000, {
    default: '1000',
    description:
      'a sign-in refused without a password check (locked, rate-limited, captcha missing) is answered after this delay, so a flood’s connections idle instead of crowding out other routes',
  }),
  int('PASSWORD_HASH_CONCURRENCY', 1, 64, {
    default: '2',
    description: 'argon2 computations at once; past them and `PASSWORD_HASH_QUEUE`, 429 (ADR 0011)',
  }),
  int('PASSWORD_HASH_QUEUE', 0, 10_000, {
    default: '32',
    description: 'argon2 computations waiting for one of `PASSWORD_HASH_CONCURRENCY`; past that, 429 (ADR 0011)',
  }),
  fromParam('passwordMinLength', {
    description: 'the fewest characters a new password has; existing passwords at their next change',
  }),
  fromParam('passwordClasses', {
    description: 'how many of letters, digits and other characters a new password mixes',
  }),
  flag('CAPTCHA_TEST_MODE', {
    default: 'off',
    description:
      'on: every image-captcha answer is also written to the outbox (`channel:"captcha"`, `to` = captcha id), for tests and local development; refused when `NODE_ENV=production`',
  }),
  custom('SMTP_URL', Type.String({ pattern: '^smtps?://' }), {
    rule: 'must start with smtp:// or smtps://',
    accepts: '`smtp://…` or `smtps://…` URL',
    secret: true,
    description:
      '`smtp://user:pass@host:587` or `smtps://…`: e-mail codes go through nodemailer; unset: the outbox. Either way codes are queued in the database and delivered by a background sender (retried up to 6 times), so a send answers without waiting for the mail server',
  }),
  text('MAIL_FROM', { default: 'Gatehouse <no-reply@gatehouse.local>', description: 'sender of those e-mails' }),
  fromParam('registration', {
    // Flags still read as before: true/1/yes open it, false/0/no close it.
    decode: (t) => {
      const lower = t.toLowerCase();
      return ['true', '1', 'yes'].includes(lower) ? 'on' : ['false', '0', 'no'].includes(lower) ? 'off' : t;
    },
    description:
      'self-registration by mobile number (`/register`): `approval` (the default) creates each new account disabled and waiting for review until an administrator enables it on the accounts screen; `on` opens it (new accounts may sign in at once); `off` closes it (the sign-in page then offers no registration)',
  }),
  fromParam('registrationOrgId', { description: 'organisation of self-registered accounts (unset: the root)' }),
  fromParam('registrationRoleId', { description: 'role of self-registered accounts (unset: none)' }),
  int('VERIFY_CODE_TTL_SECONDS', 10, 3600, { default: '600', description: 'lifetime of an SMS / e-mail code' }),
  int('VERIFY_CAPTCHA_TTL_SECONDS', 10, 3600, {
    default: '300',
    description: 'lifetime of an image captcha (and of its token)',
  }),
  int('VERIFY_TOKEN_TTL_SECONDS', 10, 3600, { default: '600', description: 'lifetime of a verification token' }),
  int('VERIFY_CODE_ATTEMPTS', 1, 20, { default: '5', description: 'checks allowed per SMS / e-mail code' }),
  int('VERIFY_RESEND_SECONDS', 0, 3600, {
    default: '30',
    description: 'wait between two codes to one number or address (the web’s countdown follows it)',
  }),
  int('VERIFY_PER_RECIPIENT_HOUR', 1, 1000, { default: '5', description: 'codes per number or address per hour' }),
  int('VERIFY_PER_RECIPIENT_DAY', 1, 10_000, { default: '10', description: 'codes per number or address per day' }),
  int('VERIFY_PER_CLIENT_HOUR', 1, 10_000, {
    default: '20',
    description: 'codes requested from one client address per hour',
  }),
  int('VERIFY_PER_CLIENT_DAY', 1, 100_000, {
    default: '50',
    description: 'codes requested from one client address per day',
  }),
  int('VERIFY_CAPTCHAS_PER_CLIENT_MINUTE', 1, 10_000, {
    default: '30',
    description: 'image captchas per client address per minute',
  }),
  fromParam('sudoSeconds', {
    description:
      'sudo mode: how long, after an identity verification or the last sensitive action it allowed (whichever is later; ADR 0035), an identity verification (a password check, a code to one’s own mobile or e-mail, the authenticator app’s code or a passkey; a sign-in counts) keeps sensitive changes open — every route that creates or changes a credential (creating an account or importing accounts, resetting a password, adding or removing a second factor) or ends other sessions (forced sign-out, signing out other devices), handing out a role at or above one’s own, deleting a role or an organisation, identity switch, log exports, changing one’s own mobile or e-mail (docs/security.md, "Security classes"). Past it they answer 400 with `x-verification-required: identity` and the web asks for the verification',
  }),
  fromParam('sudoMaxSeconds', {
    description:
      'sudo mode’s longest: how long after the verification itself sensitive actions may renew the window before the identity is asked again, however busy the session; never shorter than `SUDO_SECONDS`',
  }),
  custom('WEBAUTHN_ORIGINS', Type.Array(Type.Refine(Type.String(), isOrigin)), {
    default: '',
    defaultNote: 'unset',
    decode: listOf,
    rule: (raw) =>
      `must list origins such as https://admin.example.com, got "${listOf(raw).find((origin) => !isOrigin(origin))}"`,
    accepts: 'comma-separated origins',
    description:
      'passkeys: the origins the web app is served from (`https://admin.example.com`); a passkey answer from any other origin is refused. Unset, each request’s own `Origin` is used when it names the host the request was sent to (`Host`, or `X-Forwarded-Host` under `TRUST_PROXY`), which suits one site on any address; set it when the site has a fixed name. Passkeys need a domain name (`localhost` counts), not an IP address',
  }),
  text('WEBAUTHN_RP_ID', {
    defaultNote: 'host of the first origin',
    description:
      'the domain passkeys are bound to; a parent domain (`example.com`) lets passkeys work on its sub-domains. Changing it later orphans every passkey registered under the old one',
  }),
  text('WEBAUTHN_RP_NAME', {
    default: 'Gatehouse',
    description: 'the name the browser’s passkey prompt and the authenticator app show',
  }),
  flag('ACCESS_CONTROL', {
    default: 'off',
    description:
      'access-control mode: each role sees exactly the menus it is granted (home and the personal page included), other routes end on /404; the server gives an account whose role permits no screen no session and ends its open sessions',
  }),
  flag('PERMISSION_INTERCEPTOR', {
    default: 'off',
    description: 'the browser refuses a call the account holds no resource for (403) before sending it',
  }),
  flag('REQUEST_ENCRYPTION', {
    default: 'off',
    description:
      'signed-in calls travel as `POST /api/sapi/<digest>` envelopes (AES-CBC, key from the token’s third segment). **Obfuscation, not security**: the key travels with the token in the same request; it only keeps paths and parameters out of casual proxy logs. Use TLS. Each envelope carries a random nonce and runs once (a replay answers 409)',
  }),
  flag('API_DOCS', {
    defaultNote: 'on, off when `NODE_ENV=production`',
    description: 'serve the OpenAPI document and its UI at `/api/docs` (to anybody: it maps every route); off: 404',
  }),
  fromParam('auditRetentionDays', {
    description:
      'rows of the operation log and the sign-in log older than this many days are deleted at start and daily, in batches (`0` keeps everything)',
  }),
  int('AUDIT_ANONYMOUS_REFUSALS_PER_MINUTE', 0, 100_000, {
    default: '30',
    description:
      'refused anonymous writes recorded per client address per minute and server process (without their input); past that they are not recorded',
  }),
  fromParam('uploadQuotaMb', {
    description:
      'megabytes one account may keep in uploaded files (the sum of its files); an upload past it is refused with 413 and nothing kept. Deleting one’s files (`DELETE /api/file?id=`) frees it',
  }),
  fromParam('uploadPerAccountHour', {
    description:
      'uploads one account may start per hour (stored or refused after the stream began; deletes give none back), counted in the database so every server process agrees (then 429)',
  }),
  fromParam('fileStorage', {
    description:
      'where uploaded files’ bytes live: `disk` (under `$DATA_DIR/files`) or `s3` (a bucket of AWS S3 or any S3-compatible store, e.g. MinIO, Ceph RGW: several server processes can then share the files without a shared volume). Same limits, quota and checks either way; a failed upload leaves no object behind (ADR 0025)',
  }),
  custom('S3_BUCKET', Type.String({ pattern: '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$' }), {
    when: WITH_S3,
    rule: 'must be a bucket name (3-63 lowercase letters, digits, dots and hyphens)',
    accepts: 'a bucket name',
    description: 'the bucket, required (it must exist; the server does not create it)',
  }),
  custom('S3_ENDPOINT', Type.Refine(Type.String(), isEndpoint), {
    when: WITH_S3,
    // The value is not repeated: it could hold credentials (user:password@), which belong in S3_ACCESS_KEY_ID.
    rule: () =>
      'must be an http:// or https:// URL without credentials or query, such as https://s3.example.com:9000 (or unset for AWS)',
    accepts: '`http(s)://` URL',
    description: 'URL of an S3-compatible service, e.g. `https://minio.example.com:9000`; unset: AWS S3 itself',
  }),
  custom('S3_REGION', Type.String({ pattern: '^[a-z0-9-]{1,64}$' }), {
    when: WITH_S3,
    default: 'us-east-1',
    rule: 'must be a region name such as us-east-1',
    accepts: 'a region name',
    description: 'the bucket’s region (for signing; most S3-compatible stores accept the default)',
  }),
  text('S3_ACCESS_KEY_ID', {
    when: WITH_S3,
    description:
      'a static key pair with `S3_SECRET_ACCESS_KEY`, both or neither; unset: the AWS SDK’s default credentials (`AWS_*` variables, profile, instance or task role). Needs `s3:PutObject`, `s3:GetObject`, `s3:DeleteObject` and `s3:AbortMultipartUpload` on the bucket’s objects',
  }),
  text('S3_SECRET_ACCESS_KEY', {
    when: WITH_S3,
    secret: true,
    description: 'the secret of `S3_ACCESS_KEY_ID`',
  }),
  flag('S3_FORCE_PATH_STYLE', {
    when: WITH_S3,
    default: 'off',
    description:
      'address `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted stores need it)',
  }),
  custom('S3_PREFIX', Type.String({ pattern: '^(?!/)(?!.*(^|/)\\.\\.(/|$))[\\x21-\\x5b\\x5d-\\x7e]{0,200}$' }), {
    when: WITH_S3,
    default: '',
    // Printable ASCII without a backslash, at most 200 characters; no leading slash or `..` segment.
    rule: 'must be at most 200 printable ASCII characters without spaces or backslashes, not starting with / nor holding a .. segment',
    accepts: 'a key prefix',
    description:
      'put before every object key, e.g. `gatehouse/`, so the bucket can hold other things. A lifecycle rule that aborts incomplete multipart uploads after a day is advised as a backstop (an upload aborted while the store itself is down cannot be cleaned up at once)',
  }),
] as const;

type Declaration = (typeof ENV_VARS)[number];

/** The value of each variable, as its declaration types it. */
export type EnvValues = {
  readonly [D in Declaration as D['name']]: D extends EnvVar<infer T> ? T : never;
};

export type EnvName = Declaration['name'];

export interface EnvProblem {
  readonly name: EnvName;
  /** The variable's name and its rule, on one line. */
  readonly message: string;
}

/**
 * Reads every declared variable and checks each against its type: the values (a bad variable's is undefined) and
 * one problem per bad variable, in the declarations' order.
 */
export function readEnvironment(env: Readonly<Record<string, string | undefined>>): {
  values: EnvValues;
  problems: EnvProblem[];
} {
  const values: Record<string, unknown> = {};
  const read = (v: EnvVar) => {
    const raw = env[v.name];
    const written = raw === undefined ? '' : v.secret ? raw : raw.trim();
    const effective = written === '' ? v.default : written;
    if (effective !== undefined) values[v.name] = v.decode(effective);
  };
  // Those read only with another variable's value come second, after the value they depend on.
  const declarations: readonly EnvVar[] = ENV_VARS;
  for (const v of declarations) if (!v.when) read(v);
  for (const v of declarations) if (v.when && values[v.when.name] === v.when.value) read(v);
  // Each variable against its own type: every bad one is found (a check of the whole object stops at a few errors).
  const problems: EnvProblem[] = [];
  for (const v of declarations) {
    if (!(v.name in values) || Value.Check(v.type, values[v.name])) continue;
    delete values[v.name];
    problems.push({ name: v.name as EnvName, message: `${v.name} ${v.rule(env[v.name] ?? v.default ?? '')}` });
  }
  return { values: values as EnvValues, problems };
}
