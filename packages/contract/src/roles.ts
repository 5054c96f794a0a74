import { Type } from 'typebox';
import { ExportQuery, FileResponse, Id, IdQuery, textKind } from './common.js';
import { defineRoute } from './define.js';

/**
 * 数据权限: which accounts and organisations a role's holders see and change. 全部; 本组织及以下 (the holder's
 * organisation and its subtree); 本组织 (the holder's organisation only); 自定义 (the subtrees of `scopeOrgIds`);
 * 仅本人 (the holder's own account).
 */
export const DATA_SCOPES = ['all', 'orgTree', 'org', 'custom', 'self'] as const;
export type DataScopeKind = (typeof DATA_SCOPES)[number];
export const DataScope = Type.Unsafe<DataScopeKind>({
  type: 'string',
  enum: [...DATA_SCOPES],
  maxLength: 16,
  title: '数据权限',
});
/**
 * The data scope of a new role when none is chosen (least privilege): 本组织, the least that is still
 * useful; 全部 is a choice, never a default overlooked. The role dialog starts at it; POST /role without
 * dataScope gets it.
 */
export const NEW_ROLE_SCOPE: DataScopeKind = 'org';
/** At most this many organisations chosen for a 自定义 scope (each stands for its subtree). */
export const SCOPE_ORGS_MAX = 500;

export const Role = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  remark: Type.Union([Type.String(), Type.Null()]),
  /** Ids of the resources the role holds (the super-admin role holds every resource). */
  resources: Type.Array(Type.Integer()),
  /** The built-in super-admin role: cannot be deleted or reduced. */
  builtin: Type.Boolean(),
  accountCount: Type.Integer(),
  /**
   * The caller may hand this role out and act on it: its resources are a subset of the caller's and its data scope
   * no wider (dominance rule).
   */
  assignable: Type.Boolean(),
  /** 数据权限 (the super-admin role: always all). */
  dataScope: DataScope,
  /** The organisations of a 自定义 scope (each with its subtree); empty for the other scopes. */
  scopeOrgIds: Type.Array(Type.Integer()),
  /** 需要双因素认证: its accounts add a second factor at their next sign-in before anything else. */
  requireSecondFactor: Type.Boolean(),
});

export const roleRoutes = {
  listRoles: defineRoute({
    method: 'GET',
    path: '/role/s',
    access: 'permission',
    title: '角色列表',
    menu: '/user/Role',
    screen: true,
    description: 'Every role with its resource ids and how many accounts hold it.',
    response: Type.Array(Role),
  }),
  exportRoles: defineRoute({
    method: 'GET',
    path: '/role/export',
    access: 'permission',
    sudo: true,
    transport: 'file',
    title: '导出角色',
    menu: '/user/Role',
    description:
      "Every role (as GET /role/s, by id; `name`: those whose name contains it, ignoring case, as the role list filters) as an XLSX (default) or CSV file. Columns (`columns`, comma-separated, in order; all when absent): name, remark, dataScope (数据权限 in words), requireSecondFactor (需要双因素认证: 是/否), accountCount, resources (the granted resources' names joined by 、), createTime (a date cell in XLSX). CSV cells starting with = + - @ are prefixed with '.",
    query: Type.Object(
      { name: Type.Optional(Type.String({ maxLength: 100, title: '角色名称' })), ...ExportQuery },
      { additionalProperties: false },
    ),
    response: FileResponse,
  }),
};

const roleFields = {
  name: Type.String({ minLength: 1, maxLength: 100, title: '角色名称' }),
  remark: Type.Optional(
    Type.Union([Type.String({ maxLength: 255, title: '备注', ...textKind('multiline') }), Type.Null()], {
      title: '备注',
    }),
  ),
  resources: Type.Array(Id('权限'), { minItems: 1, maxItems: 10_000, uniqueItems: true, title: '权限' }),
  /** Absent: NEW_ROLE_SCOPE (本组织) for a new role, the stored scope on edit. */
  dataScope: Type.Optional(DataScope),
  /** The organisations of a 自定义 scope; required (at least one) with it, ignored with the others. */
  scopeOrgIds: Type.Optional(
    Type.Array(Id('自定义组织'), { maxItems: SCOPE_ORGS_MAX, uniqueItems: true, title: '自定义组织' }),
  ),
  /** 需要双因素认证. Absent: off for a new role, unchanged on edit. */
  requireSecondFactor: Type.Optional(Type.Boolean({ title: '需要双因素认证' })),
};

export const roleWriteRoutes = {
  createRole: defineRoute({
    method: 'POST',
    path: '/role',
    access: 'permission',
    title: '添加角色',
    menu: '/user/Role',
    description:
      "Creates a role; its resources must exist and be held by the caller, and its data scope (dataScope, scopeOrgIds) must be no wider than the caller's. Without dataScope the role gets 'org' (本组织, least privilege).",
    body: Type.Object(roleFields, { additionalProperties: false }),
    response: Role,
  }),
  updateRole: defineRoute({
    method: 'PUT',
    path: '/role',
    access: 'permission',
    subjects: [{ kind: 'role', in: 'body', field: 'id' }],
    title: '编辑角色',
    menu: '/user/Role',
    description:
      'Edits a role and replaces its resource set in one transaction; the super-admin role is untouchable. A caller whose data scope is not 全部 may edit only roles whose holders all lie within its scope.',
    body: Type.Object({ id: Id(), ...roleFields }, { additionalProperties: false }),
    response: Role,
  }),
  deleteRole: defineRoute({
    method: 'DELETE',
    path: '/role',
    access: 'permission',
    subjects: [{ kind: 'role', in: 'query', field: 'id' }],
    sudo: true,
    title: '删除角色',
    menu: '/user/Role',
    description: 'Deletes a role that no account holds; the super-admin role cannot be deleted.',
    query: IdQuery,
    response: Type.Null(),
  }),
};
