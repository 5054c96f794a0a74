import type { LiveParamKey, SystemParamKey } from '@gatehouse/contract/system-params';
import type { Config } from '../../config.js';

const MB = 1_048_576;

/** A parsed value of a declaration (contract `parseParam`): text, a number, a flag, or null for no id. */
export type ParamValue = string | number | boolean | null;

/**
 * Where each 系统参数 that the running server takes lives in `Config`: how a value is put there and read back. The
 * declaration (key, environment variable, kind, default, label) is the contract's SYSTEM_PARAMS; this is only the
 * mapping onto the configuration the services read, one line each.
 */
export const liveBindings: Record<
  LiveParamKey,
  { write: (c: Config, v: ParamValue) => Config; read: (c: Config) => ParamValue }
> = {
  registration: {
    write: (c, v) => ({ ...c, registration: { ...c.registration, enabled: v !== 'off', approval: v === 'approval' } }),
    read: (c) => (!c.registration.enabled ? 'off' : c.registration.approval ? 'approval' : 'on'),
  },
  registrationOrgId: {
    write: (c, v) => ({ ...c, registration: { ...c.registration, orgId: (v as number | null) ?? undefined } }),
    read: (c) => c.registration.orgId ?? null,
  },
  registrationRoleId: {
    write: (c, v) => ({ ...c, registration: { ...c.registration, roleId: (v as number | null) ?? undefined } }),
    read: (c) => c.registration.roleId ?? null,
  },
  loginCaptcha: { write: (c, v) => ({ ...c, loginCaptcha: v as boolean }), read: (c) => c.loginCaptcha },
  loginCaptchaAfter: {
    write: (c, v) => ({ ...c, signIn: { ...c.signIn, captchaAfter: v as number } }),
    read: (c) => c.signIn.captchaAfter,
  },
  loginLockAfter: {
    write: (c, v) => ({ ...c, signIn: { ...c.signIn, lockAfter: v as number } }),
    read: (c) => c.signIn.lockAfter,
  },
  loginLockBaseSeconds: {
    write: (c, v) => ({ ...c, signIn: { ...c.signIn, lockBaseSeconds: v as number } }),
    read: (c) => c.signIn.lockBaseSeconds,
  },
  loginLockMaxSeconds: {
    write: (c, v) => ({ ...c, signIn: { ...c.signIn, lockMaxSeconds: v as number } }),
    read: (c) => c.signIn.lockMaxSeconds,
  },
  passwordMinLength: {
    write: (c, v) => ({ ...c, passwordPolicy: { ...c.passwordPolicy, minLength: v as number } }),
    read: (c) => c.passwordPolicy.minLength,
  },
  passwordClasses: {
    write: (c, v) => ({ ...c, passwordPolicy: { ...c.passwordPolicy, classes: v as number } }),
    read: (c) => c.passwordPolicy.classes,
  },
  tokenTtlSeconds: { write: (c, v) => ({ ...c, tokenTtlSeconds: v as number }), read: (c) => c.tokenTtlSeconds },
  sessionMaxAgeSeconds: {
    write: (c, v) => ({ ...c, sessionMaxAgeSeconds: v as number }),
    read: (c) => c.sessionMaxAgeSeconds,
  },
  sessionMaxPerAccount: {
    write: (c, v) => ({ ...c, sessionMaxPerAccount: v as number }),
    read: (c) => c.sessionMaxPerAccount,
  },
  sudoSeconds: { write: (c, v) => ({ ...c, sudoSeconds: v as number }), read: (c) => c.sudoSeconds },
  sudoMaxSeconds: { write: (c, v) => ({ ...c, sudoMaxSeconds: v as number }), read: (c) => c.sudoMaxSeconds },
  auditRetentionDays: {
    write: (c, v) => ({ ...c, audit: { ...c.audit, retentionDays: v as number } }),
    read: (c) => c.audit.retentionDays,
  },
  uploadQuotaMb: {
    write: (c, v) => ({ ...c, uploads: { ...c.uploads, quotaBytes: (v as number) * MB } }),
    read: (c) => Math.round(c.uploads.quotaBytes / MB),
  },
  uploadPerAccountHour: {
    write: (c, v) => ({ ...c, uploads: { ...c.uploads, perAccountHour: v as number } }),
    read: (c) => c.uploads.perAccountHour,
  },
};

/** The settings that need a restart, as the running server holds them (the database without its password). */
export const restartReads: Record<Exclude<SystemParamKey, LiveParamKey>, (c: Config) => string> = {
  port: (c) => String(c.port),
  host: (c) => c.host,
  database: (c) => (c.databaseUrl ? maskedUrl(c.databaseUrl) : 'sqlite'),
  fileStorage: (c) => c.fileStorage.driver,
  trustProxy: (c) => c.paramEnv.trustProxy ?? '',
};

function maskedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '****';
    return parsed.toString();
  } catch {
    return '****';
  }
}

/** A value as the API shows it: text (a flag true or false, no id ''). */
export const textOf = (value: ParamValue): string => (value === null ? '' : String(value));

/**
 * An object whose properties are read from `get()` at each access: a service given `liveView(() =>
 * params.current().signIn)` reads the 系统参数 in effect, without knowing they can change.
 */
export function liveView<T extends object>(get: () => T): T {
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(get(), key),
    has: (_, key) => Reflect.has(get(), key),
    ownKeys: () => Reflect.ownKeys(get()),
    getOwnPropertyDescriptor: (_, key) => {
      const found = Reflect.getOwnPropertyDescriptor(get(), key);
      return found ? { ...found, configurable: true } : undefined;
    },
  });
}
