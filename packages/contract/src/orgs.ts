import { Type } from 'typebox';
import { Id, IdQuery, Timestamp } from './common.js';
import { defineRoute } from './define.js';

export const Org = Type.Object({
  id: Type.Integer(),
  pid: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.String(),
  fullName: Type.Union([Type.String(), Type.Null()]),
  createTime: Timestamp,
  hasChildren: Type.Boolean(),
  /** 所在地区: region code, and its path of names ('江苏省 / 苏州市 / 吴中区'). */
  regionId: Type.Union([Type.Integer(), Type.Null()]),
  regionName: Type.Union([Type.String(), Type.Null()]),
});

export const orgRoutes = {
  listOrgs: defineRoute({
    method: 'GET',
    path: '/orgs',
    access: 'permission',
    title: '组织列表',
    menu: '/user/Organization',
    description: 'Children of `pid`, or the root organisations when pid is absent; each with hasChildren.',
    query: Type.Object({ pid: Type.Optional(Id('上级组织')) }, { additionalProperties: false }),
    response: Type.Array(Org),
  }),
};

const orgFields = {
  name: Type.String({ minLength: 1, maxLength: 100, title: '名称' }),
  fullName: Type.Optional(Type.Union([Type.String({ maxLength: 255, title: '全称' }), Type.Null()], { title: '全称' })),
  pid: Type.Optional(Type.Union([Id('上级组织'), Type.Null()], { title: '上级组织' })),
  regionId: Type.Optional(
    Type.Union([Type.Integer({ minimum: 1, maximum: 999_999, title: '所在地区' }), Type.Null()], { title: '所在地区' }),
  ),
};

export const orgWriteRoutes = {
  createOrg: defineRoute({
    method: 'POST',
    path: '/org',
    access: 'permission',
    title: '添加组织',
    menu: '/user/Organization',
    description: 'Creates an organisation under pid (a root without it).',
    body: Type.Object(orgFields, { additionalProperties: false }),
    response: Org,
  }),
  updateOrg: defineRoute({
    method: 'PUT',
    path: '/org',
    access: 'permission',
    title: '编辑组织',
    menu: '/user/Organization',
    description: 'Edits an organisation; moving it (pid) can never create a cycle.',
    body: Type.Object({ id: Id(), ...orgFields }, { additionalProperties: false }),
    response: Org,
  }),
  deleteOrg: defineRoute({
    method: 'DELETE',
    path: '/org',
    access: 'permission',
    sudo: true,
    title: '删除组织',
    menu: '/user/Organization',
    description: 'Deletes an organisation that has no children and no accounts.',
    query: IdQuery,
    response: Type.Null(),
  }),
};
