import { Type } from 'typebox';
import { Resource } from './auth.js';
import { Id, IdQuery, type TextKind, textKind } from './common.js';
import { defineRoute } from './define.js';

export const RESOURCE_METHODS = ['get', 'post', 'put', 'delete'] as const;

/** A menu icon is the name of an antd icon component, e.g. UserOutlined. */
export const ICON_PATTERN = '^[A-Z][A-Za-z]+$';

const nullableText = (title: string, maxLength: number, kind?: TextKind) =>
  Type.Union([Type.String({ maxLength, title, ...(kind ? textKind(kind) : {}) }), Type.Null()], { title });

const resourceFields = {
  type: Type.Unsafe<0 | 1>({ type: 'integer', enum: [0, 1], title: '类型' }),
  name: Type.String({ minLength: 1, maxLength: 100, title: '名称' }),
  pid: Type.Union([Id('父级'), Type.Null()], { title: '父级' }),
  route: nullableText('路由', 255),
  method: Type.Union(
    [
      Type.Unsafe<string>({
        type: 'string',
        maxLength: 10,
        enum: [...RESOURCE_METHODS, 'GET', 'POST', 'PUT', 'DELETE'],
        title: '方法',
      }),
      Type.Null(),
    ],
    { title: '方法' },
  ),
  url: nullableText('URL', 255),
  remark: nullableText('备注', 255, 'multiline'),
  orderNum: Type.Integer({ minimum: 0, maximum: 1_000_000, title: '序号' }),
  /** The name of an antd icon (e.g. UserOutlined), shown in the side menu; menus only. */
  icon: Type.Union([Type.String({ maxLength: 64, pattern: ICON_PATTERN, title: '图标' }), Type.Null()], {
    title: '图标',
  }),
};

export const resourceRoutes = {
  listResources: defineRoute({
    method: 'GET',
    path: '/resources',
    access: 'permission',
    title: '资源列表',
    menu: '/user/Resource',
    screen: true,
    description: 'Every resource (menus and API resources) as a pid tree in adjacency form, siblings by orderNum.',
    response: Type.Array(Resource),
  }),
  createResource: defineRoute({
    method: 'POST',
    path: '/resource',
    access: 'permission',
    title: '添加资源',
    menu: '/user/Resource',
    description: 'Adds a menu (type 0, route) or an API resource (type 1, method + url).',
    body: Type.Object(
      {
        type: resourceFields.type,
        name: resourceFields.name,
        pid: Type.Optional(resourceFields.pid),
        route: Type.Optional(resourceFields.route),
        method: Type.Optional(resourceFields.method),
        url: Type.Optional(resourceFields.url),
        remark: Type.Optional(resourceFields.remark),
        orderNum: Type.Optional(resourceFields.orderNum),
        icon: Type.Optional(resourceFields.icon),
      },
      { additionalProperties: false },
    ),
    response: Resource,
  }),
  updateResource: defineRoute({
    method: 'PUT',
    path: '/resource',
    access: 'permission',
    title: '编辑资源',
    menu: '/user/Resource',
    description:
      'Edits a resource; built-in ones keep their method and url; moving one can never create a cycle. An icon left out is kept; null removes it.',
    body: Type.Object(
      {
        id: Id(),
        ...resourceFields,
        orderNum: Type.Optional(resourceFields.orderNum),
        icon: Type.Optional(resourceFields.icon),
      },
      { additionalProperties: false },
    ),
    response: Resource,
  }),
  deleteResource: defineRoute({
    method: 'DELETE',
    path: '/resource',
    access: 'permission',
    title: '删除资源',
    menu: '/user/Resource',
    description: 'Deletes a resource that has no children and is not built in.',
    query: IdQuery,
    response: Type.Null(),
  }),
};
