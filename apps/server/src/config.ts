import { BlockList, isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import type { PasswordPolicy } from '@gatehouse/contract';
import { paramDef, parseParam, SYSTEM_PARAMS, type SystemParamKey } from '@gatehouse/contract/system-params';

/** Runtime configuration, parsed once at start (DESIGN.md §3). Nothing else reads process.env. */
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

export class ConfigError extends Error {}

/** TRUST_PROXY parsed: nobody, a number of proxy hops, or the proxies' addresses and CIDR ranges. */
export type TrustProxy = false | number | readonly string[];

/** Names proxy-addr (Fastify's trustProxy) accepts for whole ranges. */
const TRUST_PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function trustProxy(env: NodeJS.ProcessEnv): TrustProxy {
  const raw = env.TRUST_PROXY?.trim();
  if (raw === undefined || raw === '' || ['0', 'off', 'false', 'no'].includes(raw.toLowerCase())) return false;
  const usage =
    'TRUST_PROXY must be the number of reverse proxies in front of the server (1–10) or a comma-separated list of ' +
    'their addresses or CIDR ranges (e.g. 10.0.0.0/8,127.0.0.1)';
  if (['on', 'true', 'yes', 'all', '*'].includes(raw.toLowerCase())) {
    // Trusting every hop lets any client pick its address with a header of its own, and with it its rate limits.
    throw new ConfigError(`${usage}; "${raw}" would trust any client's X-Forwarded-For`);
  }
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops < 1 || hops > 10) throw new ConfigError(`${usage}, got "${raw}"`);
    return hops;
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (TRUST_PROXY_RANGES.has(entry)) continue;
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const prefixOk =
      prefix === undefined ||
      (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32) && rest.length === 0);
    if (family === 0 || !prefixOk) throw new ConfigError(`${usage}; "${entry}" is neither`);
  }
  return Object.freeze(entries);
}

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

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'on', 'true', 'yes'].includes(raw)) return true;
  if (['0', 'off', 'false', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be on or off, got "${env[name]}"`);
}

/**
 * REGISTRATION: approval (default: an enterprise console does not let strangers in by themselves; each self-registered
 * account waits, disabled, for an administrator), on, or off.
 */
function registrationMode(env: NodeJS.ProcessEnv): 'on' | 'off' | 'approval' {
  // Flags still read as before: true/1/yes open it, false/0/no close it.
  const raw = env.REGISTRATION?.trim().toLowerCase() ?? '';
  if (['true', '1', 'yes'].includes(raw)) return 'on';
  if (['false', '0', 'no'].includes(raw)) return 'off';
  return param(env, 'registration') as 'on' | 'off' | 'approval';
}

/** A 系统参数 read from its environment variable by its declaration in the contract (limits, kind, default). */
function param(env: NodeJS.ProcessEnv, key: SystemParamKey): string | number | boolean | null {
  const def = paramDef(key);
  if (!def) throw new ConfigError(`unknown parameter ${key}`);
  const raw = env[def.env];
  const parsed = parseParam(def, raw === undefined || raw.trim() === '' ? def.defaultValue : raw);
  if (parsed.ok) return parsed.value;
  const kind = def.kind;
  const expected =
    kind.type === 'int'
      ? `an integer between ${kind.min} and ${kind.max}`
      : kind.type === 'flag'
        ? 'on or off'
        : kind.type === 'enum'
          ? `${kind.values.slice(0, -1).join(', ')} or ${kind.values.at(-1)}`
          : kind.type === 'id'
            ? 'a positive id'
            : 'text';
  throw new ConfigError(`${def.env} must be ${expected}, got "${raw}"`);
}

const paramInt = (env: NodeJS.ProcessEnv, key: SystemParamKey) => param(env, key) as number;

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

function logFormat(env: NodeJS.ProcessEnv): Config['logFormat'] {
  const raw = env.LOG_FORMAT?.trim().toLowerCase();
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'pretty' || raw === 'json') return raw;
  throw new ConfigError(`LOG_FORMAT must be pretty or json, got "${env.LOG_FORMAT}"`);
}

/** S3 bucket names (the rules for new buckets: 3-63 lowercase letters, digits, dots and hyphens). */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** Key prefixes: printable ASCII without a backslash, at most 200 characters; no leading slash or `..` segment. */
const KEY_PREFIX = /^(?!\/)(?!.*(^|\/)\.\.(\/|$))[\x21-\x5b\x5d-\x7e]{0,200}$/;

function fileStorage(env: NodeJS.ProcessEnv): FileStorageConfig {
  const driver = env.FILE_STORAGE?.trim().toLowerCase() || 'disk';
  if (driver === 'disk') return Object.freeze({ driver: 'disk' });
  if (driver !== 's3') throw new ConfigError(`FILE_STORAGE must be disk or s3, got "${env.FILE_STORAGE}"`);
  const bucket = env.S3_BUCKET?.trim() ?? '';
  if (!bucket) throw new ConfigError('S3_BUCKET must name the bucket when FILE_STORAGE=s3');
  if (!BUCKET_NAME.test(bucket)) {
    throw new ConfigError(
      `S3_BUCKET must be a bucket name (3-63 lowercase letters, digits, dots and hyphens), got "${env.S3_BUCKET}"`,
    );
  }
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint !== undefined) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(endpoint);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.username || parsed.password || parsed.search) {
      throw new ConfigError(
        // The value is not echoed: it could hold credentials (user:password@), which belong in S3_ACCESS_KEY_ID.
        'S3_ENDPOINT must be an http:// or https:// URL without credentials or query, such as https://s3.example.com:9000 (or unset for AWS)',
      );
    }
  }
  const region = env.S3_REGION?.trim() || 'us-east-1';
  if (!/^[a-z0-9-]{1,64}$/.test(region)) {
    throw new ConfigError(`S3_REGION must be a region name such as us-east-1, got "${env.S3_REGION}"`);
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new ConfigError(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or both unset for the AWS default credentials)',
    );
  }
  const prefix = env.S3_PREFIX?.trim() ?? '';
  if (!KEY_PREFIX.test(prefix)) {
    throw new ConfigError(
      `S3_PREFIX must be at most 200 printable ASCII characters without spaces or backslashes, not starting with / nor holding a .. segment, got "${env.S3_PREFIX}"`,
    );
  }
  return Object.freeze({
    driver: 's3',
    bucket,
    endpoint,
    region,
    credentials:
      accessKeyId !== undefined && secretAccessKey !== undefined
        ? Object.freeze({ accessKeyId, secretAccessKey })
        : undefined,
    forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE', false),
    prefix,
  });
}

// npm workspaces run scripts inside the package folder; INIT_CWD is where the user typed the command.
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = env.INIT_CWD || process.cwd()): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// (leave it unset for SQLite)');
  }
  const dataDir = env.DATA_DIR || './data';
  const webDist = env.WEB_DIST || resolve(import.meta.dirname, '../../web/dist');
  const nodeEnv = env.NODE_ENV || 'development';
  const jwtSecret = env.JWT_SECRET || undefined;
  // HS256 with a short secret can be brute-forced offline from any token: refuse to start.
  if (jwtSecret !== undefined && (jwtSecret.length < 32 || new Set(jwtSecret).size < 8)) {
    throw new ConfigError('JWT_SECRET must be at least 32 characters with some variety (or unset: one is generated)');
  }
  const captchaTestMode = flag(env, 'CAPTCHA_TEST_MODE', false);
  if (captchaTestMode && nodeEnv === 'production') {
    throw new ConfigError(
      'CAPTCHA_TEST_MODE writes captcha answers to the outbox and is refused when NODE_ENV=production',
    );
  }
  const webauthnOrigins = (env.WEBAUTHN_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of webauthnOrigins) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin.replace(/\/$/, '')) {
      throw new ConfigError(`WEBAUTHN_ORIGINS must list origins such as https://admin.example.com, got "${origin}"`);
    }
  }
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new ConfigError('SMTP_URL must start with smtp:// or smtps://');
  return Object.freeze({
    port: paramInt(env, 'port'),
    host: env.HOST || '127.0.0.1',
    dataDir: isAbsolute(dataDir) ? dataDir : resolve(cwd, dataDir),
    databaseUrl,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    jwtSecret,
    nodeEnv,
    tokenTtlSeconds: paramInt(env, 'tokenTtlSeconds'),
    sessionMaxAgeSeconds: paramInt(env, 'sessionMaxAgeSeconds'),
    sessionMaxPerAccount: paramInt(env, 'sessionMaxPerAccount'),
    paramEnv: Object.freeze(
      Object.fromEntries(
        SYSTEM_PARAMS.filter((p) => p.key !== 'database' && env[p.env] !== undefined).map((p) => [p.key, env[p.env]]),
      ),
    ),
    webDist,
    logLevel: env.LOG_LEVEL || 'info',
    logFile: env.LOG_FILE ? resolve(cwd, env.LOG_FILE) : undefined,
    logFormat: logFormat(env),
    trustProxy: trustProxy(env),
    loginCaptcha: param(env, 'loginCaptcha') as boolean,
    captchaTestMode,
    smtpUrl,
    mailFrom: env.MAIL_FROM || 'Gatehouse <no-reply@gatehouse.local>',
    registration: Object.freeze({
      enabled: registrationMode(env) !== 'off',
      approval: registrationMode(env) === 'approval',
      orgId: (param(env, 'registrationOrgId') as number | null) ?? undefined,
      roleId: (param(env, 'registrationRoleId') as number | null) ?? undefined,
    }),
    accessControl: flag(env, 'ACCESS_CONTROL', false),
    permissionInterceptor: flag(env, 'PERMISSION_INTERCEPTOR', false),
    requestEncryption: flag(env, 'REQUEST_ENCRYPTION', false),
    // The API's map is for developers; a production server shows it to anonymous callers only when asked to.
    apiDocs: flag(env, 'API_DOCS', nodeEnv !== 'production'),
    passwordPolicy: {
      minLength: paramInt(env, 'passwordMinLength'),
      classes: paramInt(env, 'passwordClasses'),
    },
    sudoSeconds: paramInt(env, 'sudoSeconds'),
    sudoMaxSeconds: paramInt(env, 'sudoMaxSeconds'),
    // Passkeys: the site they are bound to. Unset, each request's own origin (checked against its host).
    webauthn: Object.freeze({
      rpId: env.WEBAUTHN_RP_ID?.trim() || undefined,
      origins: Object.freeze(webauthnOrigins.map((origin) => new URL(origin).origin)),
      rpName: env.WEBAUTHN_RP_NAME?.trim() || 'Gatehouse',
    }),
    uploads: Object.freeze({
      quotaBytes: paramInt(env, 'uploadQuotaMb') * 1_048_576,
      perAccountHour: paramInt(env, 'uploadPerAccountHour'),
    }),
    fileStorage: fileStorage(env),
    signIn: Object.freeze({
      captchaAfter: paramInt(env, 'loginCaptchaAfter'),
      lockAfter: paramInt(env, 'loginLockAfter'),
      lockBaseSeconds: paramInt(env, 'loginLockBaseSeconds'),
      lockMaxSeconds: paramInt(env, 'loginLockMaxSeconds'),
      checksPerAccountHour: int(env, 'LOGIN_CHECKS_PER_ACCOUNT_HOUR', 100, 1, 100_000),
      failuresPerClientDay: int(env, 'LOGIN_FAILURES_PER_CLIENT_DAY', 200, 1, 1_000_000),
      hashConcurrency: int(env, 'PASSWORD_HASH_CONCURRENCY', 2, 1, 64),
      hashQueue: int(env, 'PASSWORD_HASH_QUEUE', 32, 0, 10_000),
      refusalDelayMs: int(env, 'LOGIN_REFUSAL_DELAY_MS', 1000, 0, 10_000),
    }),
    audit: Object.freeze({
      retentionDays: paramInt(env, 'auditRetentionDays'),
      anonymousRefusalsPerMinute: int(env, 'AUDIT_ANONYMOUS_REFUSALS_PER_MINUTE', 30, 0, 100_000),
    }),
    verification: Object.freeze({
      captchaTtlSeconds: int(env, 'VERIFY_CAPTCHA_TTL_SECONDS', 300, 10, 3600),
      codeTtlSeconds: int(env, 'VERIFY_CODE_TTL_SECONDS', 600, 10, 3600),
      tokenTtlSeconds: int(env, 'VERIFY_TOKEN_TTL_SECONDS', 600, 10, 3600),
      codeAttempts: int(env, 'VERIFY_CODE_ATTEMPTS', 5, 1, 20),
      resendSeconds: int(env, 'VERIFY_RESEND_SECONDS', 30, 0, 3600),
      perRecipientHour: int(env, 'VERIFY_PER_RECIPIENT_HOUR', 5, 1, 1000),
      perRecipientDay: int(env, 'VERIFY_PER_RECIPIENT_DAY', 10, 1, 10_000),
      perClientHour: int(env, 'VERIFY_PER_CLIENT_HOUR', 20, 1, 10_000),
      perClientDay: int(env, 'VERIFY_PER_CLIENT_DAY', 50, 1, 100_000),
      captchasPerClientMinute: int(env, 'VERIFY_CAPTCHAS_PER_CLIENT_MINUTE', 30, 1, 10_000),
    }),
  });
}
