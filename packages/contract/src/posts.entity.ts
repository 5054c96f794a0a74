import { Type } from 'typebox';
import { StateInput, Timestamp, textKind } from './common.js';
import { defineEntity } from './entity.js';

/**
 * 岗位 (a post, as RuoYi has them): a job an account holds, several at once. Declared once here; its routes
 * (GET /post/s, POST / PUT / DELETE /post, the bulk actions, export and import; its spec in cruds.ts), its list,
 * dialog, sheet, audit and mock are derived (docs/adr/0043).
 */
export const postEntity = defineEntity({
  name: 'post',
  table: 'post',
  fields: {
    id: { column: 'id', label: { 'zh-CN': '编号', 'en-US': 'ID' }, answer: Type.Integer() },
    postCode: {
      column: 'post_code',
      label: { 'zh-CN': '岗位编码', 'en-US': 'Post code' },
      answer: Type.String(),
      input: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*$' }),
      sheet: { width: 16 },
      list: { width: 140 },
      audited: true,
      filter: 'contains',
      searched: true,
      sortable: true,
      unique: true,
    },
    postName: {
      column: 'post_name',
      label: { 'zh-CN': '岗位名称', 'en-US': 'Post name' },
      answer: Type.String(),
      input: Type.String({ minLength: 1, maxLength: 50 }),
      sheet: { width: 20 },
      list: { width: 180 },
      audited: true,
      filter: 'contains',
      searched: true,
      sortable: true,
      unique: true,
    },
    sort: {
      column: 'sort',
      label: { 'zh-CN': '显示顺序', 'en-US': 'Order' },
      answer: Type.Integer(),
      input: Type.Integer({ minimum: 0, maximum: 9999 }),
      sheet: { width: 10, type: 'number' },
      list: { width: 100 },
      audited: true,
      sortable: true,
      form: 'number',
    },
    state: {
      column: 'state',
      label: { 'zh-CN': '状态', 'en-US': 'Status' },
      answer: Type.Boolean(),
      input: StateInput,
      sheet: { width: 10 },
      list: { width: 90 },
      audited: true,
      codec: 'flag',
      filter: 'state',
      form: 'switch',
    },
    remark: {
      column: 'remark',
      label: { 'zh-CN': '备注', 'en-US': 'Remark' },
      answer: Type.Union([Type.String(), Type.Null()]),
      input: Type.Union([Type.String({ maxLength: 500, ...textKind('multiline') }), Type.Null()]),
      sheet: { width: 30 },
      list: { width: 220, hidden: true },
      audited: true,
      form: 'textarea',
    },
    createTime: {
      column: 'create_time',
      label: { 'zh-CN': '创建时间', 'en-US': 'Created' },
      answer: Timestamp,
      sheet: { width: 20, type: 'date', readOnly: true },
      list: { width: 170 },
      codec: 'time',
      filter: 'range',
      sortable: true,
    },
  },
});
