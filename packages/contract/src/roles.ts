import { Type } from 'typebox';
import { Id, IdQuery, textKind } from './common.js';
import { defineRoute } from './define.js';

export const Role = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  remark: Type.Union([Type.String(), Type.Null()]),
  /** Ids of the resources the role holds (the super-admin role holds every resource). */
  resources: Type.Array(Type.Integer()),
  /** The built-in super-admin role: cannot be deleted or reduced. */
  builtin: Type.Boolean(),
  accountCount: Type.Integer(),
  /** The caller may hand this role out and act on it: its resources are a subset of the caller's (dominance rule). */
  assignable: Type.Boolean(),
});

export const roleRoutes = {
  listRoles: defineRoute({
    method: 'GET',
    path: '/role/s',
    access: 'permission',
    title: '角色列表',
    menu: '/user/Role',
    description: 'Every role with its resource ids and how many accounts hold it.',
    response: Type.Array(Role),
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
};

export const roleWriteRoutes = {
  createRole: defineRoute({
    method: 'POST',
    path: '/role',
    access: 'permission',
    title: '添加角色',
    menu: '/user/Role',
    description: 'Creates a role; its resources must exist and be held by the caller.',
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
    description: 'Edits a role and replaces its resource set in one transaction; the super-admin role is untouchable.',
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
