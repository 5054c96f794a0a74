import { isAbsolute, resolve } from 'node:path';

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
  /** Where the built web app lives; served at `/` when present. */
  readonly webDist: string;
  readonly logLevel: string;
}

export class ConfigError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

// npm workspaces run scripts inside the package folder; INIT_CWD is where the user typed the command.
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = env.INIT_CWD || process.cwd()): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// (leave it unset for SQLite)');
  }
  const dataDir = env.DATA_DIR || './data';
  const webDist = env.WEB_DIST || resolve(import.meta.dirname, '../../web/dist');
  return Object.freeze({
    port: int(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '127.0.0.1',
    dataDir: isAbsolute(dataDir) ? dataDir : resolve(cwd, dataDir),
    databaseUrl,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    nodeEnv: env.NODE_ENV || 'development',
    tokenTtlSeconds: int(env, 'TOKEN_TTL_SECONDS', 30 * 60, 10, 7 * 24 * 3600),
    sessionMaxAgeSeconds: int(env, 'SESSION_MAX_AGE_SECONDS', 12 * 3600, 60, 30 * 24 * 3600),
    webDist,
    logLevel: env.LOG_LEVEL || 'info',
  });
}
