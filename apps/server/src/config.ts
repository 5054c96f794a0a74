import { BlockList, isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import type { PasswordPolicy } from '@gatehouse/contract';
import type { SystemParamKey } from '@gatehouse/contract/system-params';
import { ENV_VARS, type EnvName, type EnvValues, type EnvVar, readEnvironment } from './config.schema.js';

/**
 * Runtime configuration, parsed once at start (DESIGN.md §3) from the variables declared in config.schema.ts. Nothing
 * else reads process.env.
 */
export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** Unset: SQLite at `$DATA_DIR/gatehouse.db`; `postgres://…`: PostgreSQL. */
  readonly databaseUrl: string | undefined;
  readonly adminPassword: string | undefined;
  readonly jwtSecret: string | undefined;
  readonly nodeEnv: string;
  /** Idle time after which a session token stops being renewed (sliding window). */
  readonly tokenTtlSeconds: number;
  /** Absolute lifetime of a session, however active. */
  readonly sessionMaxAgeSeconds: number;
  /** Live sessions one account may hold (SESSION_MAX_PER_ACCOUNT, 0 = unlimited); a sign-in beyond ends the oldest. */
  readonly sessionMaxPerAccount: number;
  /**
   * The environment's text of each 系统参数 it sets (contract SYSTEM_PARAMS), for the 系统参数 screen's "from the
   * environment" (the database's URL is not kept here: the screen shows it without its password).
   */
  readonly paramEnv: Readonly<Partial<Record<SystemParamKey, string>>>;
  /** Where the built web app lives; served at `/` when present. */
  readonly webDist: string;
  readonly logLevel: string;
  /** LOG_FILE: write the log to this file (appended) instead of stdout; tests collect theirs this way. */
  readonly logFile: string | undefined;
  /**
   * LOG_FORMAT: `pretty` (human-readable lines) or `json` (one JSON object per line). Unset: pretty when stdout is a
   * terminal and LOG_FILE is unset, JSON otherwise.
   */
  readonly logFormat: 'pretty' | 'json' | undefined;
  /**
   * TRUST_PROXY: which peers may say who the client is through X-Forwarded-For. `false` (the default): nobody, the
   * client is the connecting address; a number: that many proxies in front of the server; a list: the addresses
   * and CIDR ranges of the proxies. Every per-client limit, log line and recorded address uses the result.
   */
  readonly trustProxy: TrustProxy;
  /** Sign-in needs an image-captcha token (LOGIN_CAPTCHA, on unless 'off'/'0'/'false'). */
  readonly loginCaptcha: boolean;
  /** Also write every image-captcha answer to the outbox (CAPTCHA_TEST_MODE=1; refused in production). */
  readonly captchaTestMode: boolean;
  /** `smtp://…` / `smtps://…`: e-mail goes through nodemailer; unset: the outbox. */
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  /**
   * Self-registration by mobile number (REGISTRATION: on unless 'off'; 'approval' keeps new accounts disabled and
   * pending until an administrator enables them).
   */
  readonly registration: {
    readonly enabled: boolean;
    /** REGISTRATION=approval. */
    readonly approval: boolean;
    /** Organisation of new accounts; unset: the root organisation. */
    readonly orgId: number | undefined;
    /** Role of new accounts; unset: no role (home and personal page only). */
    readonly roleId: number | undefined;
  };
  readonly verification: VerificationLimits;
  /** Growth bounds of the operation and sign-in logs (AUDIT_* variables; see README). */
  readonly audit: AuditLimits;
  /** Web app modes the server announces through GET /api/auth/options (all off by default, specification §9). */
  readonly accessControl: boolean;
  readonly permissionInterceptor: boolean;
  /** Accept request envelopes at POST /api/sapi/… (REQUEST_ENCRYPTION). */
  readonly requestEncryption: boolean;
  /** Serve the OpenAPI document and its UI at /api/docs (API_DOCS; on unless NODE_ENV=production). */
  readonly apiDocs: boolean;
  readonly signIn: SignInLimits;
  /** Per-account bounds of uploads (UPLOAD_QUOTA_MB, UPLOAD_PER_ACCOUNT_HOUR; see README). */
  readonly uploads: UploadLimits;
  /** Where uploaded files' bytes live (FILE_STORAGE and S3_* variables; see README, ADR 0025). */
  readonly fileStorage: FileStorageConfig;
  /**
   * Sudo mode (SUDO_SECONDS): how long an identity verification — or the sign-in itself — keeps sensitive changes
   * open (own e-mail / mobile, resets of others, deletes of roles and organisations, identity switch, log exports).
   */
  /** The password policy (PASSWORD_MIN_LENGTH, PASSWORD_CLASSES; 系统参数). */
  readonly passwordPolicy: PasswordPolicy;
  readonly sudoSeconds: number;
  /** How long after the proof itself sudo mode may last, however often sensitive actions renew it (ADR 0035). */
  readonly sudoMaxSeconds: number;
  /** Passkeys' site (WEBAUTHN_RP_ID, WEBAUTHN_ORIGINS, WEBAUTHN_RP_NAME); no origins: each request's own. */
  readonly webauthn: { readonly rpId?: string; readonly origins: readonly string[]; readonly rpName: string };
}

/** Brute-force defences of password sign-in (LOGIN_* and PASSWORD_HASH_* variables; see README, ADR 0011). */
export interface SignInLimits {
  /** With LOGIN_CAPTCHA=off: consecutive failures of one account after which its sign-in needs a captcha. */
  readonly captchaAfter: number;
  /** Consecutive failures of one account that lock it; every further failure locks it again, twice as long. */
  readonly lockAfter: number;
  /** The first lock's length; doubled per further failure up to lockMaxSeconds. */
  readonly lockBaseSeconds: number;
  readonly lockMaxSeconds: number;
  /** Failed password checks of one account per hour, whatever the client address. */
  readonly checksPerAccountHour: number;
  /** Failed sign-ins from one client address per day. */
  readonly failuresPerClientDay: number;
  /** argon2 computations running at once, and how many more may wait before new ones are refused. */
  readonly hashConcurrency: number;
  readonly hashQueue: number;
  /**
   * How long a refusal that needed no password check (lock, rate limit, missing captcha) waits before it is
   * answered: a flood's connections then idle instead of spinning the event loop, and those refusals take about
   * as long as a real check.
   */
  readonly refusalDelayMs: number;
}

/** What one account may store: the sum of its files' sizes, and how many uploads it may start per hour. */
export interface UploadLimits {
  readonly quotaBytes: number;
  /** Upload attempts (stored or refused after the stream began) in the last hour, counted in the database. */
  readonly perAccountHour: number;
}

/**
 * The file-storage driver: the data directory's `files/` folder (disk, the default), or a bucket of an
 * S3-compatible object store (s3) that several server processes can share.
 */
export type FileStorageConfig =
  | { readonly driver: 'disk' }
  | {
      readonly driver: 's3';
      readonly bucket: string;
      /** An S3-compatible service's URL; undefined: AWS itself (the region's endpoint). */
      readonly endpoint?: string;
      readonly region: string;
      /** A static key pair; undefined: the AWS SDK's default credential chain (environment, profile, role). */
      readonly credentials?: { readonly accessKeyId: string; readonly secretAccessKey: string };
      /** `endpoint/bucket/key` rather than `bucket.endpoint/key` (MinIO and most self-hosted stores need it). */
      readonly forcePathStyle: boolean;
      /** Put before every key (e.g. `gatehouse/`), so the bucket can hold other things beside. */
      readonly prefix: string;
    };

/** How long the logs keep rows, and how many anonymous refusals one client may add to the operation log. */
export interface AuditLimits {
  /** Rows of the operation and sign-in logs older than this many days are deleted daily (0: kept forever). */
  readonly retentionDays: number;
  /** Refused anonymous writes recorded per client address per minute (per server process); the rest are not. */
  readonly anonymousRefusalsPerMinute: number;
}

/** Lifetimes, attempts and send caps of captchas and codes (VERIFY_* variables; see README). */
export interface VerificationLimits {
  readonly captchaTtlSeconds: number;
  readonly codeTtlSeconds: number;
  readonly tokenTtlSeconds: number;
  readonly codeAttempts: number;
  /** Minimum seconds between two codes to the same recipient (specification §9: 30 s); the web counts down the same. */
  readonly resendSeconds: number;
  readonly perRecipientHour: number;
  readonly perRecipientDay: number;
  readonly perClientHour: number;
  readonly perClientDay: number;
  /** Image captchas one client address may request per minute. */
  readonly captchasPerClientMinute: number;
}

/**
 * The environment could not be read: one line per bad variable (its name and the rule it breaks), every one found,
 * not only the first.
 */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

/** TRUST_PROXY parsed: nobody, a number of proxy hops, or the proxies' addresses and CIDR ranges. */
export type TrustProxy = false | number | readonly string[];

/**
 * The trusted ranges (wider than one address) that contain one of the machine's own addresses (the listening
 * address, or any interface's when it listens on all): clients on that network could choose their own address
 * through X-Forwarded-For. Loopback names and single addresses are a proxy's own and are not reported.
 */
export function trustedClientRanges(trust: TrustProxy, ownAddresses: readonly string[]): string[] {
  if (!Array.isArray(trust)) return [];
  const wide: string[] = [];
  for (const entry of trust as readonly string[]) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || prefix === undefined || Number(prefix) === (family === 6 ? 128 : 32)) continue;
    const list = new BlockList();
    list.addSubnet(address, Number(prefix), family === 6 ? 'ipv6' : 'ipv4');
    const holds = ownAddresses.some((own) => {
      const ownFamily = isIP(own);
      return ownFamily !== 0 && !isLoopback(own) && list.check(own, ownFamily === 6 ? 'ipv6' : 'ipv4');
    });
    if (holds) wide.push(entry);
  }
  return wide;
}

const isLoopback = (address: string) => address === '::1' || address.startsWith('127.');

/**
 * The rules between variables, each checked once the variables it reads are valid (a bad one is already reported,
 * and its value is undefined): each gives the line of the error, or nothing.
 */
const RULES_BETWEEN: ReadonlyArray<(v: EnvValues, isBad: (name: EnvName) => boolean) => string | undefined> = [
  (v) =>
    v.CAPTCHA_TEST_MODE && v.NODE_ENV === 'production'
      ? 'CAPTCHA_TEST_MODE writes captcha answers to the outbox and is refused when NODE_ENV=production'
      : undefined,
  (v, isBad) =>
    v.FILE_STORAGE === 's3' && v.S3_BUCKET === undefined && !isBad('S3_BUCKET')
      ? 'S3_BUCKET must name the bucket when FILE_STORAGE=s3'
      : undefined,
  (v) =>
    (v.S3_ACCESS_KEY_ID === undefined) !== (v.S3_SECRET_ACCESS_KEY === undefined)
      ? 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or both unset for the AWS default credentials)'
      : undefined,
];

/** The file-storage driver and its S3 settings (read only with FILE_STORAGE=s3). */
function fileStorage(v: EnvValues): FileStorageConfig {
  if (v.FILE_STORAGE !== 's3') return Object.freeze({ driver: 'disk' });
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = v;
  return Object.freeze({
    driver: 's3',
    bucket: v.S3_BUCKET ?? '',
    endpoint: v.S3_ENDPOINT,
    region: v.S3_REGION ?? 'us-east-1',
    credentials:
      accessKeyId !== undefined && secretAccessKey !== undefined
        ? Object.freeze({ accessKeyId, secretAccessKey })
        : undefined,
    forcePathStyle: v.S3_FORCE_PATH_STYLE ?? false,
    prefix: v.S3_PREFIX ?? '',
  });
}

/**
 * Reads every variable by its declaration (config.schema.ts) and then the rules between them; throws one
 * ConfigError naming every bad variable.
 */
// npm workspaces run scripts inside the package folder; INIT_CWD is where the user typed the command.
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = env.INIT_CWD || process.cwd()): Config {
  const { values: v, problems } = readEnvironment(env);
  const bad = new Set<string>(problems.map((p) => p.name));
  const lines = problems.map((p) => p.message);
  for (const rule of RULES_BETWEEN) {
    const line = rule(v, (name) => bad.has(name));
    if (line !== undefined) lines.push(line);
  }
  if (lines.length) throw new ConfigError(lines);
  const registration = v.REGISTRATION;
  return Object.freeze({
    port: v.PORT,
    host: v.HOST,
    dataDir: isAbsolute(v.DATA_DIR) ? v.DATA_DIR : resolve(cwd, v.DATA_DIR),
    databaseUrl: v.DATABASE_URL,
    adminPassword: v.ADMIN_PASSWORD,
    jwtSecret: v.JWT_SECRET,
    nodeEnv: v.NODE_ENV,
    tokenTtlSeconds: v.TOKEN_TTL_SECONDS,
    sessionMaxAgeSeconds: v.SESSION_MAX_AGE_SECONDS,
    sessionMaxPerAccount: v.SESSION_MAX_PER_ACCOUNT,
    // The 系统参数 screen's "from the environment"; a secret's text (the database's URL) is not kept.
    paramEnv: Object.freeze(
      Object.fromEntries(
        ENV_VARS.flatMap((d: EnvVar) =>
          d.param !== undefined && !d.secret && env[d.name] !== undefined ? [[d.param, env[d.name]]] : [],
        ),
      ),
    ),
    webDist: v.WEB_DIST ?? resolve(import.meta.dirname, '../../web/dist'),
    logLevel: v.LOG_LEVEL,
    logFile: v.LOG_FILE !== undefined ? resolve(cwd, v.LOG_FILE) : undefined,
    logFormat: v.LOG_FORMAT,
    trustProxy: Array.isArray(v.TRUST_PROXY) ? Object.freeze([...v.TRUST_PROXY]) : v.TRUST_PROXY,
    loginCaptcha: v.LOGIN_CAPTCHA,
    captchaTestMode: v.CAPTCHA_TEST_MODE,
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM,
    registration: Object.freeze({
      enabled: registration !== 'off',
      approval: registration === 'approval',
      orgId: v.REGISTRATION_ORG_ID ?? undefined,
      roleId: v.REGISTRATION_ROLE_ID ?? undefined,
    }),
    accessControl: v.ACCESS_CONTROL,
    permissionInterceptor: v.PERMISSION_INTERCEPTOR,
    requestEncryption: v.REQUEST_ENCRYPTION,
    // The API's map is for developers; a production server shows it to anonymous callers only when asked to.
    apiDocs: v.API_DOCS ?? v.NODE_ENV !== 'production',
    passwordPolicy: { minLength: v.PASSWORD_MIN_LENGTH, classes: v.PASSWORD_CLASSES },
    sudoSeconds: v.SUDO_SECONDS,
    sudoMaxSeconds: v.SUDO_MAX_SECONDS,
    // Passkeys: the site they are bound to. Unset, each request's own origin (checked against its host).
    webauthn: Object.freeze({
      rpId: v.WEBAUTHN_RP_ID,
      origins: Object.freeze(v.WEBAUTHN_ORIGINS.map((origin) => new URL(origin).origin)),
      rpName: v.WEBAUTHN_RP_NAME,
    }),
    uploads: Object.freeze({
      quotaBytes: v.UPLOAD_QUOTA_MB * 1_048_576,
      perAccountHour: v.UPLOAD_PER_ACCOUNT_HOUR,
    }),
    fileStorage: fileStorage(v),
    signIn: Object.freeze({
      captchaAfter: v.LOGIN_CAPTCHA_AFTER,
      lockAfter: v.LOGIN_LOCK_AFTER,
      lockBaseSeconds: v.LOGIN_LOCK_BASE_SECONDS,
      lockMaxSeconds: v.LOGIN_LOCK_MAX_SECONDS,
      checksPerAccountHour: v.LOGIN_CHECKS_PER_ACCOUNT_HOUR,
      failuresPerClientDay: v.LOGIN_FAILURES_PER_CLIENT_DAY,
      hashConcurrency: v.PASSWORD_HASH_CONCURRENCY,
      hashQueue: v.PASSWORD_HASH_QUEUE,
      refusalDelayMs: v.LOGIN_REFUSAL_DELAY_MS,
    }),
    audit: Object.freeze({
      retentionDays: v.AUDIT_RETENTION_DAYS,
      anonymousRefusalsPerMinute: v.AUDIT_ANONYMOUS_REFUSALS_PER_MINUTE,
    }),
    verification: Object.freeze({
      captchaTtlSeconds: v.VERIFY_CAPTCHA_TTL_SECONDS,
      codeTtlSeconds: v.VERIFY_CODE_TTL_SECONDS,
      tokenTtlSeconds: v.VERIFY_TOKEN_TTL_SECONDS,
      codeAttempts: v.VERIFY_CODE_ATTEMPTS,
      resendSeconds: v.VERIFY_RESEND_SECONDS,
      perRecipientHour: v.VERIFY_PER_RECIPIENT_HOUR,
      perRecipientDay: v.VERIFY_PER_RECIPIENT_DAY,
      perClientHour: v.VERIFY_PER_CLIENT_HOUR,
      perClientDay: v.VERIFY_PER_CLIENT_DAY,
      captchasPerClientMinute: v.VERIFY_CAPTCHAS_PER_CLIENT_MINUTE,
    }),
  });
}
