import type { accountEntity } from '@gatehouse/contract';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { StoredColumns } from '../entity-rows.js';

/** Timestamps are ISO 8601 UTC strings in both dialects (they sort as text). Booleans are 0/1 integers. */
export interface OrgTable {
  id: Generated<number>;
  pid: number | null;
  name: string;
  full_name: string | null;
  create_time: string;
  /** 所在地区: a GB/T 2260 code of the region tree. */
  region_id: Generated<number | null>;
  /** 机构编码 (specification §3): optional, unique when given. */
  org_code: Generated<string | null>;
  /** 显示排序: siblings by it, then by id (migration 0037). */
  sort_order: Generated<number>;
  /** 负责人: a person's name as written. */
  leader: Generated<string | null>;
  /** 联系电话: a mobile or landline number. */
  phone: Generated<string | null>;
  /** 状态: 1 enabled, 0 disabled (停用: holds no new accounts nor organisations). */
  state: Generated<number>;
}

export interface RoleTable {
  id: Generated<number>;
  name: string;
  remark: string | null;
  /** 1 for the super-admin role: holds every resource implicitly, cannot be deleted or reduced. */
  builtin: number;
  create_time: string;
  /** Changes with the role's resource set; the permission stamp clients watch. */
  update_time: Generated<string>;
  /** 数据权限 (contract DATA_SCOPES): all, orgTree, org, custom (role_scope_org), self. */
  data_scope: Generated<string>;
  /** 需要双因素认证 (0023): 1 when the role's accounts must hold a second factor. */
  require_second_factor: Generated<number>;
}

/** The organisations of a role's 自定义 data scope, each standing for its subtree (0020). */
export interface RoleScopeOrgTable {
  role_id: number;
  org_id: number;
}

export interface ResourceTable {
  id: Generated<number>;
  pid: number | null;
  name: string;
  type: number;
  route: string | null;
  method: string | null;
  url: string | null;
  remark: string | null;
  order_num: number;
  builtin: number;
  /** A menu's icon: the name of an antd icon (e.g. UserOutlined); null for APIs and menus without one. */
  icon: Generated<string | null>;
}

export interface RoleResourceTable {
  role_id: number;
  resource_id: number;
}

/**
 * The account's descriptor columns (contract accountEntity), typed from it (platform/entity-rows `StoredColumns`): a
 * field added there needs no line here. The id and the region are generated (inserts leave them to the database).
 */
type AccountFieldColumns = Omit<StoredColumns<typeof accountEntity>, 'id' | 'region_id'>;

export interface AccountTable extends AccountFieldColumns {
  id: Generated<number>;
  /** Region of the contact address (联系地址), a GB/T 2260 code. */
  region_id: Generated<number | null>;
  // The account's own columns (the descriptor's ownColumns): kept by this module's code, never served generically.
  password_hash: string;
  builtin: number;
  update_time: string;
  /** 1 while the password is a generated one (first start, administrator reset): only a change is served. */
  must_change_password: Generated<number>;
  /** 1 when the mobile number was proven by a code (registration, the personal page): no other account may take it. */
  contact_verified: Generated<number>;
  /** 1 when the e-mail was proven by a code on the personal page: no other account may take it. */
  email_verified: Generated<number>;
  /** 1 while a self-registered account waits for an administrator (REGISTRATION=approval); enabling clears it. */
  pending_approval: Generated<number>;
  /** 1 while the account holds an authenticator app or a passkey (0023; kept by modules/second-factor). */
  second_factor: Generated<number>;
}

export interface SessionTable {
  id: string;
  account_id: number;
  created_at: string;
  last_seen_at: string;
  /** Absolute end of the session, however active it is. */
  expires_at: string;
  ended_at: string | null;
  ip: string | null;
  user_agent: string | null;
  /** The original account's session when this one was created by an identity switch. */
  origin_session_id: string | null;
  /**
   * Sudo mode: when the owner last proved who they are in this session (the sign-in, then identity verifications);
   * a switched session carries its origin's. Null only for rows older than the column.
   */
  verified_at: string | null;
  sudo_used_at: string | null;
  /** Why the session ended (SessionEndReason); null while live, or for rows older than the column. */
  end_reason: string | null;
}

export interface DictTable {
  id: Generated<number>;
  dict_name: string;
  dict_code: string;
  remark: string | null;
  create_time: string;
}

export interface DictItemTable {
  id: Generated<number>;
  dict_code: string;
  /** 数据标签: what is shown (the specification's `value`). */
  value: string;
  pid: number | null;
  order_num: number;
  /** 数据键值: what is stored (migration 0035; the value unless set apart). */
  key_value: string;
  /** 状态: 1 enabled, 0 disabled (kept, not offered by the pickers). */
  state: number;
  /** 标签颜色: one of the contract's DICT_TAG_COLORS, or null. */
  tag_color: string | null;
}

/** A per-account setting of the web app: the JSON text stored under a key. */
export interface AccountPreferenceTable {
  account_id: number;
  pref_key: string;
  value: string;
  update_time: string;
}

/** An import previewed (and, once committed, its outcome): migration 0022. */
export interface ImportJobTable {
  id: string;
  kind: string;
  account_id: number;
  state: string;
  total: number;
  valid: number;
  payload: string;
  result: string | null;
  create_time: string;
}

export interface SettingTable {
  key: string;
  value: string;
}

export type VerificationKind = 'captcha' | 'sms' | 'email' | 'password' | 'totp' | 'passkey';
/** What a code or token may be used for: sms purposes, 'verify' (signed-in e-mail), 'reset', 'captcha', 'password'. */
export type VerificationPurpose =
  | 'common'
  | 'register'
  | 'login'
  | 'reset'
  | 'verify'
  | 'captcha'
  | 'password'
  /** A code to a mobile number or e-mail the signed-in account wants as its own (personal page). */
  | 'bind';

export interface VerificationCodeTable {
  id: string;
  kind: VerificationKind;
  purpose: VerificationPurpose;
  recipient: string | null;
  /** The account the code proves control of (bound at send time), when known. */
  account_id: number | null;
  /** HMAC of the answer; '' when nothing was delivered (the answer never matches). */
  code_hash: string;
  attempts_left: number;
  client_ip: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface VerificationTokenTable {
  token_hash: string;
  kind: VerificationKind;
  purpose: VerificationPurpose;
  recipient: string | null;
  account_id: number | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface FileTable {
  id: string;
  storage_key: string;
  /** The uploader's name, cleaned (no path, no control characters), at most 500 characters. */
  name: string;
  ext: string;
  content_type: string;
  /** bigint: pg answers it as a string. */
  size: number | string;
  sha256: string;
  owner_id: string | null;
  uploaded_by: number | null;
  created_at: string;
}

export interface TextDocumentTable {
  id: string;
  path: string;
  owner_id: string;
  /** JSON text. */
  content: string;
  /** The owner: the account that first stored it (0012). */
  account_id: number | null;
  updated_by: number | null;
  updated_at: string;
}

/** One upload started by an account, for the hourly cap (0012); rows older than the window are pruned. */
export interface UploadAttemptTable {
  id: Generated<number>;
  account_id: number;
  at: string;
}

export type SignInOutcome = 'success' | 'failure';
/** 'password_check': the signed-in account's password checked again (POST /auth/password/validate). */
export type SignInMethod = 'password' | 'sms' | 'password_check' | 'totp' | 'passkey' | 'recovery';
/** Why a sign-in ended as it did (ADR 0011); 'ok' for a success. */
export type SignInReason =
  | 'ok'
  | 'bad_credentials'
  | 'unknown_account'
  | 'disabled'
  | 'locked'
  | 'captcha_required'
  | 'captcha_wrong'
  | 'rate_limited'
  | 'busy'
  | 'code_invalid'
  /** The first factor was right, but access control gives the account no screen: no session (0032). */
  | 'no_access';

/**
 * What a sign-in log row records (0032): a sign-in attempt (a success opened a session), a right first factor that
 * asked for the second step, or a signed-in account proving who it is (identity verification).
 */
export type SignInKind = 'signin' | 'first_factor' | 'verification';

export interface SignInLogTable {
  id: Generated<number>;
  at: string;
  /** The account number as typed (at most 100 characters), or the mobile number of an SMS sign-in. */
  account: string;
  account_id: number | null;
  outcome: SignInOutcome;
  reason: SignInReason;
  method: SignInMethod;
  kind: SignInKind;
  ip: string;
  user_agent: string | null;
  /** Attempts this row stands for (0027): refusals a flood repeats are added to a few rows (signin.policy.ts). */
  repeats: Generated<number>;
  /** The newest attempt added to this row; null while it stands for itself alone. */
  last_at: string | null;
}

export interface SignInGuardTable {
  /** The account number as typed: unknown numbers are tracked alike, so locks reveal nothing. */
  account: string;
  /**
   * '' for the account number's streak from any address (it asks for the captcha), else the client address whose
   * streak of this account number locks that address only (ADR 0011).
   */
  scope: string;
  /** Consecutive failed password checks since the last success. */
  failures: number;
  last_failure_at: string;
  locked_until: string | null;
}

/** 操作日志 (ADR 0010): written by the audit hook, never changed or deleted through the API. */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  actor_account_id: number | null;
  actor_account_number: string | null;
  /** The original account while an identity switch is in force (the person really acting). */
  origin_account_id: number | null;
  origin_account_number: string | null;
  route_name: string;
  method: string;
  /** Path and query as called, secret query values masked. */
  url: string;
  title: string;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  outcome: 'success' | 'refused';
  status: number;
  message: string | null;
  ip: string | null;
  user_agent: string | null;
  /** JSON `[{field, before, after}]`, secrets masked. */
  diff: string;
}

/**
 * Outbound SMS and e-mail (0013_message_queue): written by a code send, delivered and deleted by the background
 * sender (modules/verification/message-queue.ts).
 */
export interface MessageQueueTable {
  id: Generated<number>;
  channel: 'sms' | 'email';
  /** 0: the recipient has no account; the sender drops the row without sending. */
  deliver: number;
  /** AES-256-GCM sealed JSON of recipient, code, text and subject. */
  payload: string;
  created_at: string;
  /** The code's own expiry: a message still undelivered then is dropped. */
  expires_at: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** The claiming sender's random id while it delivers, until `claimed_until` (then another may take it). */
  claim: string | null;
  claimed_until: string | null;
  last_error: string | null;
}

/**
 * Counts maintained by triggers (0009_perf): `account` (accounts), `role:<id>` (accounts holding the role),
 * `permission_version` (bumped by every change of resources or grants).
 */
export interface RowCountTable {
  name: string;
  /** bigint: pg answers it as a string. */
  n: number | string;
}

/** Nonces of request envelopes already run, until their envelope would be stale anyway (0015). */
export interface EnvelopeNonceTable {
  nonce: string;
  expires_at: string;
}

export interface DB {
  org: OrgTable;
  role: RoleTable;
  resource: ResourceTable;
  role_resource: RoleResourceTable;
  role_scope_org: RoleScopeOrgTable;
  account: AccountTable;
  session: SessionTable;
  setting: SettingTable;
  dict: DictTable;
  dict_item: DictItemTable;
  verification_code: VerificationCodeTable;
  verification_token: VerificationTokenTable;
  file: FileTable;
  text_document: TextDocumentTable;
  upload_attempt: UploadAttemptTable;
  signin_log: SignInLogTable;
  signin_guard: SignInGuardTable;
  audit_log: AuditLogTable;
  row_count: RowCountTable;
  message_queue: MessageQueueTable;
  envelope_nonce: EnvelopeNonceTable;
  account_preference: AccountPreferenceTable;
  import_job: ImportJobTable;
  account_totp: AccountTotpTable;
  account_passkey: AccountPasskeyTable;
  account_recovery_code: AccountRecoveryCodeTable;
  signin_ticket: SignInTicketTable;
  webauthn_challenge: WebAuthnChallengeTable;
  system_param: SystemParamTable;
  job_lease: JobLeaseTable;
  post: PostTable;
  account_post: AccountPostTable;
}

/** 岗位 (0039), declared by the contract's postEntity and served by the generic engine (modules/crud). */
export interface PostTable {
  id: Generated<number>;
  post_code: string;
  post_name: string;
  sort: Generated<number>;
  state: Generated<number>;
  remark: string | null;
  create_time: string;
}

/** The posts each account holds (0040), owned by the accounts module. */
export interface AccountPostTable {
  account_id: number;
  post_id: number;
}

/**
 * A background job's lease (0038): claimed by the instance that runs the job (platform/scheduler.ts), at most one
 * at a time, and due again `due_at`.
 */
export interface JobLeaseTable {
  name: string;
  due_at: string;
  /** The running instance's random id, until `held_until` (then another may take the job over). */
  holder: string | null;
  held_until: string | null;
  /** When its last run ended, and what failed in it (null: it succeeded). */
  finished_at: string | null;
  last_error: string | null;
}

/** A 系统参数 changed on its screen (0033): the value as text, parsed by its declaration in the contract. */
export interface SystemParamTable {
  key: string;
  value: string;
  update_time: string;
  update_by: number | null;
}

/** An account's authenticator app (0023): the sealed secret; enabled_at null until the first code confirms it. */
export interface AccountTotpTable {
  account_id: number;
  secret: string;
  enabled_at: string | null;
  /** The newest 30-second step a code was accepted for (bigint: a string from PostgreSQL). */
  last_step: ColumnType<string | number, string | number | undefined, string | number>;
  create_time: string;
}

export interface AccountPasskeyTable {
  /** The credential id, base64url. */
  id: string;
  account_id: number;
  name: string;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: ColumnType<string | number, string | number | undefined, string | number>;
  /** Comma-separated WebAuthn transports, as the authenticator reported them. */
  transports: string | null;
  create_time: string;
  last_used_time: string | null;
}

export interface AccountRecoveryCodeTable {
  code_hash: string;
  account_id: number;
  used_at: string | null;
}

export interface SignInTicketTable {
  ticket_hash: string;
  account_id: number;
  challenge: string | null;
  attempts_left: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export type WebAuthnPurpose = 'login' | 'register' | 'verify';

export interface WebAuthnChallengeTable {
  id: string;
  purpose: WebAuthnPurpose;
  account_id: number | null;
  challenge: string;
  client_ip: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export type AccountRow = Selectable<AccountTable>;
export type NewAccount = Insertable<AccountTable>;
export type AccountUpdate = Updateable<AccountTable>;
export type OrgRow = Selectable<OrgTable>;
export type RoleRow = Selectable<RoleTable>;
export type ResourceRow = Selectable<ResourceTable>;
export type SessionRow = Selectable<SessionTable>;
export type DictRow = Selectable<DictTable>;
export type DictItemRow = Selectable<DictItemTable>;
export type VerificationCodeRow = Selectable<VerificationCodeTable>;
export type VerificationTokenRow = Selectable<VerificationTokenTable>;
export type FileRow = Selectable<FileTable>;
