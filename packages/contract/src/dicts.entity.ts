import { Type } from 'typebox';
import { Id, StateInput, textKind } from './common.js';
import { defineEntity, type SheetColumnSpec, type SheetKey, sheetColumns } from './entity.js';

// The dictionaries' descriptors, in a module of their own beside their routes (dicts.ts): the web's route table
// reaches the routes only, so the descriptors travel with the screens that use them (apps/web/scripts/slim-contract.mjs).

/**
 * The colours a dictionary item's tag may take (ADR 0034): antd's Tag presets, its five status colours then
 * its thirteen preset colours (theme/interface/presetColors). A closed list: anything else is refused (400 naming
 * 标签颜色); none (null) shows the label as plain text.
 */
export const DICT_TAG_COLORS = [
  'default',
  'processing',
  'success',
  'warning',
  'error',
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;
export type DictTagColor = (typeof DICT_TAG_COLORS)[number];

/** The longest 数据标签 (`value`) and 数据键值 (`keyValue`) of a dictionary item. */
export const DICT_ITEM_VALUE_MAX = 100;
export const DICT_ITEM_KEY_MAX = 100;
/** The largest 序号 (`orderNum`) of a dictionary item. */
export const DICT_ITEM_ORDER_MAX = 1_000_000;

/** 数据键值 in a request (the item routes, the configuration bundle). */
export const DictItemKeyValue = Type.String({ minLength: 1, maxLength: DICT_ITEM_KEY_MAX, title: '数据键值' });
/** 标签颜色 in a request: one of DICT_TAG_COLORS, or null for none. */
export const DictItemTagColor = Type.Union(
  [
    Type.Unsafe<DictTagColor>({ type: 'string', enum: [...DICT_TAG_COLORS], maxLength: 20, title: '标签颜色' }),
    Type.Null(),
  ],
  { title: '标签颜色' },
);

/**
 * The dictionary, declared once (docs/adr/0041): its stored fields with their labels, limits, sheet columns and audit;
 * the schemas below, the server's select lists, the audit snapshot and the dictionary sheet derive from it. Its code
 * (字典类型) is unique and fixed once created.
 */
export const dictEntity = defineEntity({
  name: 'dict',
  table: 'dict',
  fields: {
    id: { column: 'id', label: { 'zh-CN': '编号', 'en-US': 'ID' }, answer: Type.Integer() },
    dictName: {
      column: 'dict_name',
      label: { 'zh-CN': '字典名称', 'en-US': 'Dictionary name' },
      answer: Type.String(),
      input: Type.String({ minLength: 1, maxLength: 100 }),
      // The sheet is of items: a dictionary's name is shown beside them, never applied by an import.
      sheet: { width: 20, readOnly: true },
      audited: true,
    },
    /** 字典类型: the sheet's column of it is the item's own (dictItemEntity.dictCode), the same value. */
    dictCode: {
      column: 'dict_code',
      label: { 'zh-CN': '字典类型', 'en-US': 'Dictionary type' },
      answer: Type.String(),
      input: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z][A-Za-z0-9_.-]*$' }),
      audited: true,
    },
    remark: {
      column: 'remark',
      label: { 'zh-CN': '备注', 'en-US': 'Remark' },
      answer: Type.Union([Type.String(), Type.Null()]),
      input: Type.Union([Type.String({ maxLength: 255, title: '备注', ...textKind('multiline') }), Type.Null()]),
      sheet: { width: 30, readOnly: true },
      audited: true,
    },
    /** Stored, not answered. */
    createTime: { column: 'create_time', label: { 'zh-CN': '创建时间', 'en-US': 'Created' } },
  },
});

/**
 * A dictionary item, declared once (docs/adr/0041), its fields in the sheet's order. As options: `id` is the value
 * and `value` is the label (specification §3), so `value` is the item's 数据标签 (what is shown). Added later (ADR
 * 0034): `keyValue` (数据键值, what a system that stores the item by code stores; `value` when a client sends none),
 * `state` (状态: a disabled item is kept and listed here, but the pickers do not offer it) and `tagColor` (标签颜色,
 * one of DICT_TAG_COLORS, or null).
 */
export const dictItemEntity = defineEntity({
  name: 'dictItem',
  table: 'dict_item',
  fields: {
    id: { column: 'id', label: { 'zh-CN': '编号', 'en-US': 'ID' }, answer: Type.Integer() },
    /** Its dictionary: the sheet's 字典类型 column, which must name one that exists (headed 字典CODE before). */
    dictCode: {
      column: 'dict_code',
      label: { 'zh-CN': '字典类型', 'en-US': 'Dictionary type' },
      answer: Type.String(),
      input: Type.String({ minLength: 1, maxLength: 100 }),
      sheet: { width: 20, aliases: ['字典CODE', 'Dictionary CODE'] },
      audited: true,
    },
    /** 数据标签 (headed 数据值 before the rename). */
    value: {
      column: 'value',
      label: { 'zh-CN': '数据标签', 'en-US': 'Label' },
      answer: Type.String(),
      input: Type.String({ minLength: 1, maxLength: DICT_ITEM_VALUE_MAX }),
      sheet: { width: 20, aliases: ['数据值', 'Value'] },
      audited: true,
    },
    keyValue: {
      column: 'key_value',
      label: { 'zh-CN': '数据键值', 'en-US': 'Key value' },
      answer: Type.String(),
      input: DictItemKeyValue,
      sheet: { width: 20 },
      audited: true,
    },
    pid: {
      column: 'pid',
      label: { 'zh-CN': '上级数据', 'en-US': 'Parent value' },
      answer: Type.Union([Type.Integer(), Type.Null()]),
      input: Type.Union([Id('上级数据'), Type.Null()]),
      // A sheet names the parent by its 数据标签 in the same dictionary.
      sheet: { key: 'parentValue', width: 20 },
      audited: true,
    },
    orderNum: {
      column: 'order_num',
      label: { 'zh-CN': '序号', 'en-US': 'Order' },
      answer: Type.Integer(),
      input: Type.Integer({ minimum: 0, maximum: DICT_ITEM_ORDER_MAX }),
      sheet: { width: 10, type: 'number' },
      audited: true,
    },
    state: {
      column: 'state',
      label: { 'zh-CN': '状态', 'en-US': 'Status' },
      answer: Type.Boolean(),
      input: StateInput,
      sheet: { width: 10 },
      audited: true,
    },
    tagColor: {
      column: 'tag_color',
      label: { 'zh-CN': '标签颜色', 'en-US': 'Tag color' },
      answer: Type.Union([Type.Unsafe<DictTagColor>({ type: 'string', enum: [...DICT_TAG_COLORS] }), Type.Null()]),
      input: DictItemTagColor,
      sheet: { width: 12 },
      audited: true,
    },
  },
});

/** The dictionary sheet's column keys (export, import template, import). */
export type DictSheetKey = SheetKey<(typeof dictEntity)['fields']> | SheetKey<(typeof dictItemEntity)['fields']>;

/**
 * The dictionary sheet (GET /dict/export, the item import's template and its columns): one row per item beside its
 * dictionary, so the item's columns framed by the dictionary's read-only ones, its name before and its remark after
 * (the export's order). The template offers the item's columns (the `template` flags).
 */
export function dictSheetColumns(): SheetColumnSpec<DictSheetKey>[] {
  const dict = sheetColumns(dictEntity);
  return [
    ...dict.filter((column) => column.key === 'dictName'),
    ...sheetColumns(dictItemEntity),
    ...dict.filter((column) => column.key === 'remark'),
  ];
}
