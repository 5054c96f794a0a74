import { Type } from 'typebox';

/** Database ids are positive integers. `title` names the field in zh-CN validation messages. */
export const Id = (title = 'ID') => Type.Integer({ minimum: 1, maximum: 2_147_483_647, title });

export const IdQuery = Type.Object({ id: Id() }, { additionalProperties: false });

export const PageQuery = {
  p: Type.Integer({ minimum: 1, maximum: 1_000_000, title: '页码' }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, title: '每页条数' }),
};

export const Empty = Type.Null();

/** `{ list, totalPage, totalCount }` as every paged list answers. */
export const Page = <T extends Parameters<typeof Type.Array>[0]>(item: T) =>
  Type.Object({
    list: Type.Array(item),
    totalPage: Type.Integer(),
    totalCount: Type.Integer(),
  });

/** State is 0/1 in requests (true/false accepted too) and a boolean in responses. */
export const StateInput = Type.Unsafe<0 | 1 | boolean>({
  anyOf: [{ type: 'integer', enum: [0, 1] }, { type: 'boolean' }],
  title: '状态',
});

export const Timestamp = Type.String({ format: 'date-time', description: 'ISO 8601, UTC' });
