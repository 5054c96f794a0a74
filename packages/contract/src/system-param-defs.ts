import { DEFAULT_PASSWORD_POLICY, PASSWORD_CLASS_KINDS, PASSWORD_MAX, PASSWORD_MIN } from './password-policy.js';
import type { SystemParamDef } from './system-params.js';

/**
 * The 系统参数 themselves (ADR 0032), apart from the contract's index: they are imported as
 * `@gatehouse/contract/system-params` by the server and by the screen's lazily loaded chunk, so their names and help in
 * two languages stay out of the bundle every page loads first (the sign-in page's budget, docs/frontend-budgets.md).
 */
export const SYSTEM_PARAMS = [
  {
    key: 'registration',
    env: 'REGISTRATION',
    kind: { type: 'enum', values: ['on', 'off', 'approval'] },
    defaultValue: 'approval',
    group: 'registration',
    restart: false,
    title: { zh: '自助注册', en: 'Self-registration' },
    help: {
      zh: 'on：开放注册；approval：注册后待审核，管理员启用后才能登录；off：关闭注册（登录页不显示注册）',
      en: 'on: open; approval: new accounts wait until an administrator enables them; off: closed (no 注册 on the sign-in page)',
    },
  },
  {
    key: 'registrationOrgId',
    env: 'REGISTRATION_ORG_ID',
    kind: { type: 'id' },
    defaultValue: '',
    group: 'registration',
    restart: false,
    title: { zh: '注册账号所属组织', en: 'Organisation of registered accounts' },
    help: { zh: '组织 ID；留空为默认组织', en: 'An organisation id; empty for the default' },
  },
  {
    key: 'registrationRoleId',
    env: 'REGISTRATION_ROLE_ID',
    kind: { type: 'id' },
    defaultValue: '',
    group: 'registration',
    restart: false,
    title: { zh: '注册账号的角色', en: 'Role of registered accounts' },
    help: { zh: '角色 ID；留空为无角色', en: 'A role id; empty for none' },
  },
  {
    key: 'loginCaptcha',
    env: 'LOGIN_CAPTCHA',
    kind: { type: 'flag' },
    defaultValue: 'true',
    group: 'signIn',
    restart: false,
    title: { zh: '登录验证码', en: 'Sign-in captcha' },
    help: {
      zh: '开启后每次登录都要图片验证码；关闭后仅在连续失败后要求',
      en: 'On: every sign-in needs the image captcha; off: only after failures',
    },
  },
  {
    key: 'loginCaptchaAfter',
    env: 'LOGIN_CAPTCHA_AFTER',
    kind: { type: 'int', min: 1, max: 1000 },
    defaultValue: '3',
    group: 'signIn',
    restart: false,
    title: { zh: '失败几次后要求验证码', en: 'Failures before a captcha' },
    help: { zh: '同一账号连续密码错误的次数', en: 'Wrong passwords in a row for one account' },
  },
  {
    key: 'loginLockAfter',
    env: 'LOGIN_LOCK_AFTER',
    kind: { type: 'int', min: 1, max: 10_000 },
    defaultValue: '10',
    group: 'signIn',
    restart: false,
    title: { zh: '失败几次后锁定', en: 'Failures before a lock' },
    help: { zh: '达到后账号在该地址被暂时锁定', en: 'The account is locked for a while at that address' },
  },
  {
    key: 'loginLockBaseSeconds',
    env: 'LOGIN_LOCK_BASE_SECONDS',
    kind: { type: 'int', min: 1, max: 86_400, unit: 'seconds' },
    defaultValue: '60',
    group: 'signIn',
    restart: false,
    title: { zh: '首次锁定时长', en: 'First lock' },
    help: { zh: '之后每次锁定时长翻倍', en: 'Each later lock doubles' },
  },
  {
    key: 'loginLockMaxSeconds',
    env: 'LOGIN_LOCK_MAX_SECONDS',
    kind: { type: 'int', min: 1, max: 86_400, unit: 'seconds' },
    defaultValue: '900',
    group: 'signIn',
    restart: false,
    title: { zh: '最长锁定时长', en: 'Longest lock' },
    help: { zh: '锁定时长的上限', en: 'The cap of a lock' },
  },
  {
    key: 'passwordMinLength',
    env: 'PASSWORD_MIN_LENGTH',
    kind: { type: 'int', min: PASSWORD_MIN, max: PASSWORD_MAX },
    defaultValue: String(DEFAULT_PASSWORD_POLICY.minLength),
    group: 'passwords',
    restart: false,
    title: { zh: '密码最短长度', en: 'Shortest password' },
    help: {
      zh: '新密码至少多少个字符；已有密码在下次修改时适用',
      en: 'How many characters a new password needs at least; existing ones at their next change',
    },
  },
  {
    key: 'passwordClasses',
    env: 'PASSWORD_CLASSES',
    kind: { type: 'int', min: 1, max: PASSWORD_CLASS_KINDS },
    defaultValue: String(DEFAULT_PASSWORD_POLICY.classes),
    group: 'passwords',
    restart: false,
    title: { zh: '密码字符种类', en: 'Kinds of characters' },
    help: {
      zh: '新密码至少混用几类字符：字母、数字、其他符号',
      en: 'How many of letters, digits and other characters a new password mixes',
    },
  },
  {
    key: 'tokenTtlSeconds',
    env: 'TOKEN_TTL_SECONDS',
    kind: { type: 'int', min: 10, max: 604_800, unit: 'seconds' },
    defaultValue: '1800',
    group: 'sessions',
    restart: false,
    title: { zh: '空闲超时', en: 'Idle timeout' },
    help: { zh: '会话无操作多久后失效', en: 'How long a session lasts without activity' },
  },
  {
    key: 'sessionMaxAgeSeconds',
    env: 'SESSION_MAX_AGE_SECONDS',
    kind: { type: 'int', min: 60, max: 2_592_000, unit: 'seconds' },
    defaultValue: '43200',
    group: 'sessions',
    restart: false,
    title: { zh: '会话最长时长', en: 'Longest session' },
    help: {
      zh: '登录后最多多久必须重新登录（对新会话生效）',
      en: 'After how long a sign-in must be repeated (new sessions)',
    },
  },
  {
    key: 'sessionMaxPerAccount',
    env: 'SESSION_MAX_PER_ACCOUNT',
    kind: { type: 'int', min: 0, max: 10_000 },
    defaultValue: '10',
    group: 'sessions',
    restart: false,
    title: { zh: '每个账号的会话上限', en: 'Sessions per account' },
    help: { zh: '超出时结束最早的会话；0 为不限', en: 'The oldest session ends past it; 0 for no cap' },
  },
  {
    key: 'sudoSeconds',
    env: 'SUDO_SECONDS',
    kind: { type: 'int', min: 10, max: 86_400, unit: 'seconds' },
    defaultValue: '900',
    group: 'sessions',
    restart: false,
    title: { zh: '敏感操作验证有效期', en: 'Sudo window' },
    help: {
      zh: '验证身份后，多久没有敏感操作才需再次验证；每次敏感操作重新计时（不超过验证最长有效期）',
      en: 'How long without a sensitive action before the identity is asked again; each sensitive action restarts it (up to the longest verification)',
    },
  },
  {
    key: 'sudoMaxSeconds',
    env: 'SUDO_MAX_SECONDS',
    kind: { type: 'int', min: 10, max: 86_400, unit: 'seconds' },
    defaultValue: '7200',
    group: 'sessions',
    restart: false,
    title: { zh: '验证最长有效期', en: 'Longest verification' },
    help: {
      zh: '验证身份后最多多久，即使一直在操作也须再次验证',
      en: 'How long after a verification the identity is asked again, however busy the session',
    },
  },
  {
    key: 'auditRetentionDays',
    env: 'AUDIT_RETENTION_DAYS',
    kind: { type: 'int', min: 0, max: 36_500, unit: 'days' },
    defaultValue: '180',
    group: 'audit',
    restart: false,
    title: { zh: '日志保留天数', en: 'Log retention' },
    help: {
      zh: '操作日志和登录日志保留多久；0 为永久',
      en: 'How long operation and sign-in logs are kept; 0 for ever',
    },
  },
  {
    key: 'uploadQuotaMb',
    env: 'UPLOAD_QUOTA_MB',
    kind: { type: 'int', min: 1, max: 1_048_576, unit: 'mb' },
    defaultValue: '1024',
    group: 'uploads',
    restart: false,
    title: { zh: '每个账号的存储配额', en: 'Storage per account' },
    help: { zh: '一个账号上传文件的总大小上限', en: 'The total size of one account’s uploads' },
  },
  {
    key: 'uploadPerAccountHour',
    env: 'UPLOAD_PER_ACCOUNT_HOUR',
    kind: { type: 'int', min: 1, max: 100_000 },
    defaultValue: '120',
    group: 'uploads',
    restart: false,
    title: { zh: '每小时上传次数', en: 'Uploads an hour' },
    help: { zh: '一个账号每小时最多上传几次', en: 'Uploads one account may make an hour' },
  },
  {
    key: 'port',
    env: 'PORT',
    kind: { type: 'int', min: 0, max: 65_535 },
    defaultValue: '8080',
    group: 'server',
    restart: true,
    title: { zh: '端口', en: 'Port' },
    help: { zh: '服务监听的端口', en: 'The port the server listens on' },
  },
  {
    key: 'host',
    env: 'HOST',
    kind: { type: 'text' },
    defaultValue: '127.0.0.1',
    group: 'server',
    restart: true,
    title: { zh: '监听地址', en: 'Listen address' },
    help: { zh: '服务绑定的地址', en: 'The address the server binds' },
  },
  {
    key: 'database',
    env: 'DATABASE_URL',
    kind: { type: 'text' },
    defaultValue: 'sqlite',
    group: 'server',
    restart: true,
    title: { zh: '数据库', en: 'Database' },
    help: {
      zh: '未设置时为数据目录中的 SQLite；显示时不含口令',
      en: 'SQLite in the data directory when unset; shown without its password',
    },
  },
  {
    key: 'fileStorage',
    env: 'FILE_STORAGE',
    kind: { type: 'enum', values: ['disk', 's3'] },
    defaultValue: 'disk',
    group: 'server',
    restart: true,
    title: { zh: '文件存储', en: 'File storage' },
    help: { zh: 'disk：数据目录；s3：S3 协议的对象存储', en: 'disk: the data directory; s3: an S3-protocol store' },
  },
  {
    key: 'trustProxy',
    env: 'TRUST_PROXY',
    kind: { type: 'text' },
    defaultValue: '',
    group: 'server',
    restart: true,
    title: { zh: '受信任的代理', en: 'Trusted proxies' },
    help: {
      zh: '其 X-Forwarded-For 可信的代理地址；留空为不信任',
      en: 'Proxies whose X-Forwarded-For is trusted; empty for none',
    },
  },
] as const satisfies readonly SystemParamDef[];

export type SystemParamKey = (typeof SYSTEM_PARAMS)[number]['key'];

/** The settings a running server changes (not `restart`). */
export type LiveParamKey = Extract<(typeof SYSTEM_PARAMS)[number], { restart: false }>['key'];

export const paramDef = (key: string): SystemParamDef | undefined => SYSTEM_PARAMS.find((p) => p.key === key);

/**
 * Reads a setting's text (from the environment or the store) by its declaration: the value, or `ok: false` (the
 * message is built from the kind, in the reader's language). Flags take true/false, on/off, 1/0 and yes/no; an id
 * may be '' for none.
 */
export function parseParam(
  def: Pick<SystemParamDef, 'kind'>,
  raw: string,
): { ok: true; value: string | number | boolean | null } | { ok: false } {
  const text = raw.trim();
  switch (def.kind.type) {
    case 'enum':
      return def.kind.values.includes(text.toLowerCase()) ? { ok: true, value: text.toLowerCase() } : { ok: false };
    case 'int': {
      const n = Number(text);
      return text !== '' && Number.isInteger(n) && n >= def.kind.min && n <= def.kind.max
        ? { ok: true, value: n }
        : { ok: false };
    }
    case 'flag': {
      const lower = text.toLowerCase();
      if (['true', 'on', '1', 'yes'].includes(lower)) return { ok: true, value: true };
      if (['false', 'off', '0', 'no'].includes(lower)) return { ok: true, value: false };
      return { ok: false };
    }
    case 'id': {
      if (text === '') return { ok: true, value: null };
      const n = Number(text);
      return Number.isInteger(n) && n >= 1 && n <= 2_147_483_647 ? { ok: true, value: n } : { ok: false };
    }
    case 'text':
      return { ok: true, value: text };
  }
}
