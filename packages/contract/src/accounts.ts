import { Type } from 'typebox';
import { ACCOUNT_NAME_MAX, accountEntity } from './accounts.entity.js';
import {
  BatchIds,
  BatchResult,
  ExportQuery,
  FileResponse,
  Id,
  IdQuery,
  Page,
  PageQuery,
  StateInput,
  sortQuery,
  type TextKind,
  Timestamp,
  textKind,
} from './common.js';
import { defineRoute } from './define.js';
import {
  answerProperties,
  fieldsWhere,
  filterDescription,
  filterProperties,
  inputProperties,
  sheetKeys,
  sortableKeys,
} from './entity.js';
import { IMPORT_MAX_ROWS, ImportCommitBody, ImportPreview, ImportResult } from './imports.js';
import { PASSWORD_MAX, PASSWORD_MIN } from './password-policy.js';

/** The most posts (岗位) one account holds. */
export const ACCOUNT_POSTS_MAX = 50;

/** The account's role as specification §3 nests it (sysRole). */
export const SysRole = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  remark: Type.Union([Type.String(), Type.Null()]),
  /** 1 for the built-in super-admin role (holds every resource), 0 for a role an administrator made. */
  type: Type.Union([Type.Integer(), Type.Null()]),
  /** The resources the role holds (the super-admin role: every resource), as the role editor lists them. */
  resources: Type.Array(
    Type.Object({ id: Type.Integer(), name: Type.String(), pid: Type.Union([Type.Integer(), Type.Null()]) }),
  ),
});

/** The account's organisation as specification §3 nests it (sysOrg). */
export const SysOrg = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  fullName: Type.Union([Type.String(), Type.Null()]),
  orgCode: Type.Union([Type.String(), Type.Null()]),
  pid: Type.Union([Type.Integer(), Type.Null()]),
  /** Organisations keep no remark: always null (the field is kept for clients written against §3). */
  remark: Type.Null(),
  createTime: Timestamp,
});

export const Account = Type.Object({
  /** The descriptor's fields (accounts.entity.ts), then what the server derives for an account. */
  ...answerProperties(accountEntity),
  orgName: Type.String(),
  belongOrgName: Type.String(),
  roleName: Type.Union([Type.String(), Type.Null()]),
  /** The built-in `admin` account: cannot be disabled or deleted. */
  builtin: Type.Boolean(),
  regionName: Type.Union([Type.String(), Type.Null()]),
  /** Its role (null without one) and organisation, nested as specification §3 lists them. */
  sysRole: Type.Union([SysRole, Type.Null()]),
  sysOrg: SysOrg,
  /**
   * A self-registered account waiting for an administrator (REGISTRATION=approval): disabled until enabled, which
   * clears the mark.
   */
  pendingApproval: Type.Boolean(),
  /** The account has a second factor (an authenticator app or a passkey): its sign-in takes two steps. */
  secondFactor: Type.Boolean(),
  /**
   * The stored mobile number was proven by its owner (a code round trip): only a proven contact receives recovery,
   * SMS sign-in and identity-verification codes. A number an administrator set stays unproven (未验证) until then.
   */
  contactVerified: Type.Boolean(),
  /** The stored e-mail was proven by its owner, as `contactVerified`. */
  emailVerified: Type.Boolean(),
  /** The posts (岗位) it holds: their ids, and ids with names, in the posts' order (显示顺序, then id). */
  postIds: Type.Array(Type.Integer()),
  posts: Type.Array(Type.Object({ id: Type.Integer(), postName: Type.String() })),
});

/** The signed-in account, plus who is really acting when an identity switch is in force. */
export const AccountInfo = Type.Object({
  ...Account.properties,
  originalAccount: Type.Union([
    Type.Object({ id: Type.Integer(), accountNumber: Type.String(), accountName: Type.String() }),
    Type.Null(),
  ]),
  /**
   * The password was generated (first start without ADMIN_PASSWORD, or an administrator's reset): until the
   * account sets its own, the server serves only what changing it needs (others answer 403).
   */
  mustChangePassword: Type.Boolean(),
  /**
   * The account's role requires a second factor (需要双因素认证) and it has none: until it adds one, the server
   * serves only what adding it needs (others answer 403).
   */
  mustEnrolSecondFactor: Type.Boolean(),
});

const accountName = Type.String({ minLength: 1, maxLength: ACCOUNT_NAME_MAX, title: '用户名' });
const password = Type.String({
  minLength: PASSWORD_MIN,
  maxLength: PASSWORD_MAX,
  title: '密码',
  ...textKind('secret'),
});
const optionalText = (title: string, maxLength: number, kind?: TextKind) =>
  Type.Optional(
    Type.Union([Type.String({ maxLength, title, ...(kind ? textKind(kind) : {}) }), Type.Null()], { title }),
  );

/** What an administrator writes: the descriptor's writable fields, and the posts the account holds. */
const editableFields = {
  ...inputProperties(accountEntity, ['accountNumber', 'accountName', 'state', 'orgId']),
  /** The posts it holds (distinct; a post newly given must exist and be enabled); absent on an edit keeps them. */
  postIds: Type.Optional(Type.Array(Id('岗位'), { maxItems: ACCOUNT_POSTS_MAX, uniqueItems: true, title: '岗位' })),
};

/**
 * The proof a change of one's own contact pays with, on every route that writes contacts (PUT /account/profile,
 * PUT /account): the token of a code sent to the new (or not yet proven) number or address.
 */
const contactProofFields = {
  mobileToken: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      title: '手机验证码',
      description: 'Token of a code sent to the NEW mobile number (POST /account/profile/mobile/code).',
    }),
  ),
  emailToken: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      title: '邮箱验证码',
      description: 'Token of a code sent to the NEW e-mail address (POST /account/profile/email/code).',
    }),
  ),
};

/** A row of the account list: `manageable` says whether the caller may act on it (the dominance rule). */
export const AccountRow = Type.Object({
  ...Account.properties,
  manageable: Type.Boolean(),
});

/** The columns the account list sorts by (server side). */
export const ACCOUNT_SORTS = [...sortableKeys(accountEntity), 'orgName'] as const;

/** The longest contains-search term (`keyword`). */
export const ACCOUNT_KEYWORD_MAX = 100;
/** A contains search counts its matches up to this many; past it the list says `totalCapped` (shown as "10,000+"). */
export const ACCOUNT_SEARCH_CAP = 10_000;

/** The filters the account list and its export share. */
const AccountFilters = {
  keyword: Type.Optional(Type.String({ maxLength: ACCOUNT_KEYWORD_MAX, title: '搜索' })),
  /** The descriptor's filters (accountNumber and accountName by prefix, state, the creation time's bounds, ...). */
  ...filterProperties(accountEntity),
  contactNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 20, title: '手机号码' })),
  orgId: Type.Optional(Id('所属组织')),
  pendingApproval: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 1,
      title: '待审核',
      description: '1: only accounts waiting for approval',
    }),
  ),
  roleId: Type.Optional(Id('角色')),
  /** The accounts holding this post (岗位) among theirs. */
  postId: Type.Optional(Id('岗位')),
  secondFactor: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 1,
      title: '双因素认证',
      description: '1: accounts holding an authenticator app or a passkey; 0: those holding neither',
    }),
  ),
  contactVerified: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 1,
      title: '手机号已验证',
      description: '1: accounts whose mobile number is verified; 0: accounts with a mobile number not verified',
    }),
  ),
  emailVerified: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 1,
      title: '邮箱已验证',
      description: '1: accounts whose e-mail address is verified; 0: accounts with an e-mail address not verified',
    }),
  ),
};

/**
 * The columns of the account sheet (export, template, import), in their order. `orgPath` is the organisation's
 * path of names from the top (总公司/华东区/上海); `createTime` is written by the export and ignored by an import.
 */
export const ACCOUNT_SHEET_COLUMNS = sheetKeys(accountEntity);
export type AccountSheetColumn = (typeof ACCOUNT_SHEET_COLUMNS)[number];

export const accountRoutes = {
  listAccounts: defineRoute({
    method: 'GET',
    path: '/account/s',
    access: 'permission',
    security: ['personal'],
    title: '账号列表',
    menu: '/user/Account',
    screen: true,
    description: `One page of accounts, newest first unless \`sort\` names a column (${ACCOUNT_SORTS.join(', ')}; \`order\` asc or desc); keyword matches any part of ${fieldsWhere(accountEntity, (field) => field.searched === true)}, ignoring case (its totalCount counts at most 10,000 matches: with more, totalCount is 10,000 and totalCapped is true); ${filterDescription(accountEntity)}; contactNumber by the whole mobile number (as stored, or with +86 / 0086 before it), orgId by organisation subtree, pendingApproval=1 to the self-registered accounts waiting for approval (REGISTRATION=approval; its totalCount is the number waiting); roleId, secondFactor, contactVerified and emailVerified exactly; postId to the accounts holding that post; startTime / endTime take epoch milliseconds or ISO 8601. Every filter applies to the export (GET /account/export) alike.`,
    query: Type.Object(
      {
        ...PageQuery,
        ...sortQuery(ACCOUNT_SORTS),
        ...AccountFilters,
      },
      { additionalProperties: false },
    ),
    response: Type.Object({
      ...Page(AccountRow).properties,
      /** Present and true when a contains search (`keyword`) found more matches than it counts (ACCOUNT_SEARCH_CAP). */
      totalCapped: Type.Optional(Type.Boolean()),
    }),
  }),
  createAccount: defineRoute({
    method: 'POST',
    path: '/account',
    access: 'permission',
    security: ['contact', 'credential', 'grant'],
    subjects: [
      { kind: 'org', in: 'body', field: 'orgId' },
      { kind: 'assignRole', in: 'body', field: 'roleId' },
    ],
    title: '添加账号',
    menu: '/user/Account',
    description:
      'Creates an account. accountNumber is trimmed and unique; the password is 8-128 characters. With mustChangePassword true (the web dialog’s 首次登录须修改密码, ticked unless the administrator unticks it) the account is served only a password change until it sets its own.',
    body: Type.Object(
      {
        ...editableFields,
        password,
        mustChangePassword: Type.Optional(Type.Boolean({ title: '首次登录须修改密码' })),
      },
      { additionalProperties: false },
    ),
    response: Account,
  }),
  updateAccount: defineRoute({
    method: 'PUT',
    path: '/account',
    access: 'permission',
    security: ['contact', 'grant'],
    subjects: [
      { kind: 'account', in: 'body', field: 'id' },
      { kind: 'org', in: 'body', field: 'orgId' },
      { kind: 'assignRole', in: 'body', field: 'roleId' },
    ],
    title: '编辑账号',
    menu: '/user/Account',
    description:
      "Edits an account. Disabling it or changing its role applies to its very next request. A mobile number or e-mail set for another account stays unproven (未验证) until its owner proves it; changing one's own costs what it costs on the personal page: sudo mode and the token of a code sent to the new contact (`mobileToken` / `emailToken`).",
    body: Type.Object({ id: Id(), ...editableFields, ...contactProofFields }, { additionalProperties: false }),
    response: Account,
  }),
  deleteAccount: defineRoute({
    method: 'DELETE',
    path: '/account',
    access: 'permission',
    subjects: [{ kind: 'account', in: 'query', field: 'id' }],
    title: '删除账号',
    menu: '/user/Account',
    description: 'Deletes an account and ends its sessions. The built-in admin and yourself cannot be deleted.',
    query: IdQuery,
    response: Type.Null(),
  }),
  batchDeleteAccounts: defineRoute({
    method: 'POST',
    path: '/account/batch-delete',
    access: 'permission',
    title: '批量删除账号',
    menu: '/user/Account',
    description:
      'Deletes the accounts `ids` under the rules of DELETE /account (dominance, the built-in admin, yourself), in one transaction for the accounts it accepts; answers which were deleted and why each other one was not.',
    body: Type.Object({ ids: BatchIds }, { additionalProperties: false }),
    response: BatchResult(Type.Integer()),
  }),
  batchAccountState: defineRoute({
    method: 'PUT',
    path: '/account/batch-state',
    access: 'permission',
    title: '批量启用/禁用账号',
    menu: '/user/Account',
    description:
      'Enables (state 1) or disables (state 0) the accounts `ids` under the rules of PUT /account (dominance, the built-in admin, yourself), in one transaction for the accounts it accepts; disabled accounts lose their sessions at once. Answers which changed and why each other one did not.',
    body: Type.Object({ ids: BatchIds, state: StateInput }, { additionalProperties: false }),
    response: BatchResult(Type.Integer()),
  }),
  resetAccountPassword: defineRoute({
    method: 'PUT',
    path: '/account/reset',
    access: 'permission',
    security: ['credential'],
    subjects: [{ kind: 'account', in: 'body', field: 'id' }],
    sudo: true,
    title: '重置密码',
    menu: '/user/Account',
    description:
      'Sets a new random strong password, answered once, and ends the account’s sessions; the account must change it at its next sign-in.',
    body: Type.Object({ id: Id() }, { additionalProperties: false }),
    response: Type.Object({ password: Type.String() }),
  }),
  exportAccounts: defineRoute({
    method: 'GET',
    path: '/account/export',
    access: 'permission',
    security: ['personal'],
    sudo: true,
    transport: 'file',
    title: '导出账号',
    menu: '/user/Account',
    description: `The accounts the list shows under the same filters and sort (every page, within the caller's data scope), as XLSX (default) or CSV, streamed. \`columns\` picks and orders the columns (${ACCOUNT_SHEET_COLUMNS.join(', ')}); the file imports back unchanged through POST /account/import/preview. CSV cells starting with = + - @ are prefixed with '.`,
    query: Type.Object(
      { ...sortQuery(ACCOUNT_SORTS), ...AccountFilters, ...ExportQuery },
      { additionalProperties: false },
    ),
    response: FileResponse,
  }),
  accountImportTemplate: defineRoute({
    method: 'GET',
    path: '/account/import/template',
    access: 'permission',
    transport: 'file',
    title: '下载账号导入模板',
    menu: '/user/Account',
    description:
      'An empty account sheet (XLSX) with an example row to replace, and drop-downs for 所属组织 (the organisations the caller may write to), 角色 (the roles it may hand out) and 状态.',
    response: FileResponse,
  }),
  previewAccountImport: defineRoute({
    method: 'POST',
    path: '/account/import/preview',
    access: 'permission',
    transport: 'upload',
    title: '预检账号导入',
    menu: '/user/Account',
    description: `Reads an uploaded XLSX or CSV account sheet (at most ${IMPORT_MAX_ROWS} rows) and checks every row by the rules of POST /account (fields, unique account numbers in the file, organisation paths, roles the caller may hand out, its data scope; an existing account number is updated by upsert only where the caller may edit that account). Writes nothing.`,
    response: ImportPreview,
  }),
  commitAccountImport: defineRoute({
    method: 'POST',
    path: '/account/import/commit',
    access: 'permission',
    security: ['contact', 'credential', 'grant'],
    title: '执行账号导入',
    menu: '/user/Account',
    description:
      'Applies the valid rows of a preview in one transaction: insert skips rows whose account number exists, upsert updates them (name, organisation, role, mobile, e-mail, state; never the password). New accounts get initialPassword (hashed once) and must change it at their first sign-in. Rechecked against the database as it is now.',
    body: Type.Object(
      {
        ...ImportCommitBody,
        initialPassword: Type.String({
          minLength: PASSWORD_MIN,
          maxLength: PASSWORD_MAX,
          title: '初始密码',
          ...textKind('secret'),
        }),
      },
      { additionalProperties: false },
    ),
    response: ImportResult,
  }),
};

export const accountSelfRoutes = {
  updateProfile: defineRoute({
    method: 'PUT',
    path: '/account/profile',
    access: 'signed-in',
    security: ['contact'],
    title: '修改个人信息',
    description:
      'The signed-in account edits its own name, avatar and contact details; role, state, organisation and number stay. Without `avatar` the current one is kept. A new mobile number or e-mail needs the token of a code sent to it (`mobileToken` / `emailToken`) and, like removing one, an identity verification within the last SUDO_SECONDS (sudo mode, else 400 with `x-verification-required`). A proven number or address belongs to one account only.',
    body: Type.Object(
      {
        accountName,
        avatar: optionalText('头像', 1000),
        contactNumber: optionalText('手机号码', 30),
        email: optionalText('邮箱', 254),
        regionId: Type.Optional(
          Type.Union([Type.Integer({ minimum: 1, maximum: 999_999, title: '所在地区' }), Type.Null()], {
            title: '所在地区',
          }),
        ),
        address: optionalText('联系地址', 255),
        introduction: optionalText('个人介绍', 1000, 'multiline'),
        ...contactProofFields,
      },
      { additionalProperties: false },
    ),
    response: AccountInfo,
  }),
  switchIdentity: defineRoute({
    method: 'GET',
    path: '/account/front/identity/switch',
    access: 'permission',
    subjects: [{ kind: 'account', in: 'query', field: 'id' }],
    sudo: true,
    title: '切换身份',
    menu: '/user/Account',
    description:
      'Answers a token acting as the account `id`; refused when that account holds a resource the caller lacks (and for the built-in admin). Needs a recent identity verification (sudo mode). The session remembers the original account; every request of the switched session checks that the original account is enabled, still holds this route and still dominates the target, else it ends (401). A switched session cannot end the target’s other sessions.',
    query: IdQuery,
    response: Type.String(),
  }),
  restoreIdentity: defineRoute({
    method: 'POST',
    path: '/account/front/identity/restore',
    access: 'signed-in',
    title: '切换回原身份',
    description: 'Ends the switched session and answers a token of the original account’s session.',
    response: Type.String(),
  }),
};
