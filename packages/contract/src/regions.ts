import { Type } from 'typebox';
import { defineRoute } from './define.js';

/** A node of the region reference tree: ids are the GB/T 2260 numeric codes, pid derived from their digits. */
export const Region = Type.Object({
  id: Type.Integer(),
  pid: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.String(),
  hasChildren: Type.Boolean(),
});

const regionId = (title: string) => Type.Integer({ minimum: 1, maximum: 999_999, title });

export const regionRoutes = {
  listRegions: defineRoute({
    method: 'GET',
    path: '/regions',
    access: 'signed-in',
    title: '地区列表',
    description:
      'Children of `pid` in the region tree (provinces without pid), each with hasChildren. Reference data: the answer may be cached for a day.',
    query: Type.Object({ pid: Type.Optional(regionId('上级地区')) }, { additionalProperties: false }),
    response: Type.Array(Region),
  }),
  searchRegions: defineRoute({
    method: 'GET',
    path: '/regions/search',
    access: 'signed-in',
    title: '搜索地区',
    description: 'Regions whose name contains `keyword`, each with its path from the province down (at most 50).',
    query: Type.Object(
      { keyword: Type.String({ minLength: 1, maxLength: 20, title: '关键字' }) },
      { additionalProperties: false },
    ),
    response: Type.Array(Type.Object({ path: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })) })),
  }),
  regionPath: defineRoute({
    method: 'GET',
    path: '/regions/path',
    access: 'signed-in',
    title: '地区路径',
    description:
      'The path from the province down to region `id` (to show a stored region and open the cascader on it).',
    query: Type.Object({ id: regionId('地区') }, { additionalProperties: false }),
    response: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  }),
};
