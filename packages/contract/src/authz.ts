import { Type } from 'typebox';
import { AccountRow } from './accounts.js';
import { Resource } from './auth.js';
import { Id, IdQuery, Page } from './common.js';
import { defineRoute } from './define.js';
import { DataScope } from './roles.js';

/**
 * A data scope as it applies to one account: its kind, the organisations and accounts it reaches, and the whole of
 * it in words (本组织及以下：华东区（含 12 个下级组织，431 个账号）).
 */
export const ScopeSummary = Type.Object({
  dataScope: DataScope,
  /** The organisations the scope is made of (the holder's organisation, or a 自定义 scope's), by name. */
  orgs: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  /** How many organisations it reaches (with their subtrees where the scope has them); null for 全部. */
  orgCount: Type.Union([Type.Integer(), Type.Null()]),
  /** How many accounts it reaches. */
  accountCount: Type.Integer(),
  /** The scope in words, in the request's language. */
  text: Type.String(),
});

export const ExplainedResource = Type.Object({
  ...Resource.properties,
  /** The roles that grant it to the account (its role; 超级管理员 for every resource), or why everyone has it. */
  grantedBy: Type.Array(Type.String()),
});

export const AccountExplanation = Type.Object({
  account: Type.Object({
    id: Type.Integer(),
    accountNumber: Type.String(),
    accountName: Type.String(),
    orgName: Type.String(),
  }),
  role: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String(), builtin: Type.Boolean() }), Type.Null()]),
  /** Every resource the account holds, menus and APIs, each with what grants it. */
  resources: Type.Array(ExplainedResource),
  scope: ScopeSummary,
});

export const ResourceExplanation = Type.Object({
  resource: Resource,
  /** Open or signed-in APIs: every visitor or every signed-in account has them, whatever its role. */
  everyone: Type.Boolean(),
  /** The roles holding it (超级管理员 always), each with how many accounts hold that role. */
  roles: Type.Array(
    Type.Object({ id: Type.Integer(), name: Type.String(), builtin: Type.Boolean(), accountCount: Type.Integer() }),
  ),
  /** How many accounts hold it through those roles. */
  accountCount: Type.Integer(),
});

export const ViewAs = Type.Object({
  /** What the previewed account or role would be answered by GET /getPermissions: its menus and buttons. */
  permissions: Type.Array(Resource),
  scope: ScopeSummary,
  /** The first page of the account list as it would see it (newest first); empty when it would be refused. */
  accounts: Page(AccountRow),
  /**
   * Present when the previewed session may not load the account list: the refusal the route guard would answer it
   * (403, e.g. 无权访问“账号列表”，请联系企业管理员), the same check a real session gets.
   */
  accountsRefused: Type.Optional(Type.String()),
});

export const authzRoutes = {
  explainAccount: defineRoute({
    method: 'GET',
    path: '/authz/explain/account',
    access: 'permission',
    security: ['personal'],
    subjects: [{ kind: 'account', in: 'query', field: 'id' }],
    title: '权限说明',
    menu: '/user/Account',
    description:
      'Why an account may do what it may: each resource it holds with the role that grants it, and its data scope in words with the organisations and accounts it reaches. The account must be within the caller’s reach (dominance and data scope).',
    query: IdQuery,
    response: AccountExplanation,
  }),
  explainResource: defineRoute({
    method: 'GET',
    path: '/authz/explain/resource',
    access: 'permission',
    title: '资源授权说明',
    menu: '/user/Resource',
    description: 'Who holds a resource: the roles granting it, each with its number of accounts, and the total.',
    query: IdQuery,
    response: ResourceExplanation,
  }),
  viewAs: defineRoute({
    method: 'GET',
    path: '/authz/view-as',
    access: 'permission',
    security: ['personal'],
    subjects: [
      { kind: 'account', in: 'query', field: 'accountId' },
      { kind: 'assignRole', in: 'query', field: 'roleId' },
      { kind: 'org', in: 'query', field: 'orgId' },
    ],
    title: '权限预览',
    menu: '/user/Role',
    description:
      'What an account (accountId) or a role (roleId, held by an account of organisation orgId, the caller’s own by default) would see, without signing in as it: its menus and buttons, its data scope, and the first page of the account list within that scope. Exactly one of accountId and roleId; the caller must reach it (dominance and data scope).',
    query: Type.Object(
      {
        accountId: Type.Optional(Id('账号')),
        roleId: Type.Optional(Id('角色')),
        orgId: Type.Optional(Id('所属组织')),
      },
      { additionalProperties: false },
    ),
    response: ViewAs,
  }),
};
