import { Type } from 'typebox';
import { Id, StateInput, Timestamp } from './common.js';
import { defineEntity, type SheetKey } from './entity.js';
import { TELEPHONE_MAX, TELEPHONE_PATTERN } from './verification.js';

// The organisation's descriptor, in a module of its own beside its routes (orgs.ts): the web's route table reaches
// the routes only, so the descriptor travels with the screens that use it (apps/web/scripts/slim-contract.mjs).

/** 机构编码: letters, digits, '-' and '_' (e.g. 10000001); empty means none. */
export const ORG_CODE_PATTERN = '^[A-Za-z0-9_-]*$';
export const ORG_CODE_MAX = 64;
/** 显示排序: siblings are listed by it, then by id. */
export const ORG_SORT_MAX = 9999;
export const ORG_LEADER_MAX = 50;

/**
 * The organisation, declared once (docs/adr/0041): its stored fields with their labels, limits, sheet columns, list
 * columns and audit; the schemas below, the server's select list, sheets and audit snapshot, and the web's columns
 * and form rules derive from it.
 */
export const orgEntity = defineEntity({
  name: 'org',
  table: 'org',
  fields: {
    id: { column: 'id', label: { 'zh-CN': '编号', 'en-US': 'ID' }, answer: Type.Integer() },
    pid: {
      column: 'pid',
      label: { 'zh-CN': '上级组织', 'en-US': 'Parent' },
      answer: Type.Union([Type.Integer(), Type.Null()]),
      input: Type.Union([Id('上级组织'), Type.Null()]),
      // A sheet gives the parent by the organisation's path (the parent's path and its own name).
      sheet: { key: 'path', width: 40, label: { 'zh-CN': '组织路径', 'en-US': 'Path' } },
      audited: true,
    },
    name: {
      column: 'name',
      label: { 'zh-CN': '名称', 'en-US': 'Name' },
      answer: Type.String(),
      input: Type.String({ minLength: 1, maxLength: 100 }),
      sheet: { width: 20, template: false },
      list: { width: 220 },
      audited: true,
    },
    fullName: {
      column: 'full_name',
      label: { 'zh-CN': '全称', 'en-US': 'Full name' },
      answer: Type.Union([Type.String(), Type.Null()]),
      input: Type.Union([Type.String({ maxLength: 255, title: '全称' }), Type.Null()]),
      sheet: { width: 30 },
      list: { width: 200 },
      audited: true,
    },
    /** 机构编码 (specification §3): unique among organisations; null when none was given. */
    orgCode: {
      column: 'org_code',
      label: { 'zh-CN': '机构编码', 'en-US': 'Organization code' },
      answer: Type.Union([Type.String(), Type.Null()]),
      input: Type.Union([
        Type.String({ maxLength: ORG_CODE_MAX, pattern: ORG_CODE_PATTERN, title: '机构编码' }),
        Type.Null(),
      ]),
      sheet: { width: 16 },
      list: { width: 140 },
      audited: true,
    },
    /** 所在地区: a region code (regionName names it by its path). */
    regionId: {
      column: 'region_id',
      label: { 'zh-CN': '所在地区', 'en-US': 'Region' },
      answer: Type.Union([Type.Integer(), Type.Null()]),
      input: Type.Union([Type.Integer({ minimum: 1, maximum: 999_999, title: '所在地区' }), Type.Null()]),
      // A sheet names the region by its path of names.
      sheet: { key: 'regionName', width: 30 },
      audited: true,
    },
    /** 显示排序: the tree lists siblings by it, then by id. */
    sort: {
      column: 'sort_order',
      label: { 'zh-CN': '显示排序', 'en-US': 'Order' },
      answer: Type.Integer(),
      input: Type.Integer({ minimum: 0, maximum: ORG_SORT_MAX }),
      sheet: { width: 10, type: 'number' },
      list: { width: 80 },
      audited: true,
    },
    /** 负责人: a person's name, as written. */
    leader: {
      column: 'leader',
      label: { 'zh-CN': '负责人', 'en-US': 'Leader' },
      answer: Type.Union([Type.String(), Type.Null()]),
      input: Type.Union([Type.String({ maxLength: ORG_LEADER_MAX, title: '负责人' }), Type.Null()]),
      sheet: { width: 16 },
      list: { width: 110, hidden: true },
      audited: true,
    },
    /** 联系电话: a landline or a mobile number. */
    phone: {
      column: 'phone',
      label: { 'zh-CN': '联系电话', 'en-US': 'Phone' },
      answer: Type.Union([Type.String(), Type.Null()]),
      input: Type.Union([
        Type.String({ maxLength: TELEPHONE_MAX, pattern: `${TELEPHONE_PATTERN}|^$`, title: '联系电话' }),
        Type.Null(),
      ]),
      sheet: { width: 18 },
      list: { width: 140, hidden: true },
      audited: true,
    },
    /** 状态: a disabled (禁用) organisation takes no new accounts and no new organisations under it. */
    state: {
      column: 'state',
      label: { 'zh-CN': '状态', 'en-US': 'Status' },
      answer: Type.Boolean(),
      input: StateInput,
      // Read back but not applied: disabling follows the tree's rule (children first), which a sheet's row order does
      // not; it is changed on the screen or PUT /org.
      sheet: { width: 10, readOnly: true },
      list: { width: 80 },
      audited: true,
    },
    createTime: {
      column: 'create_time',
      label: { 'zh-CN': '创建时间', 'en-US': 'Created' },
      answer: Timestamp,
      sheet: { width: 20, type: 'date', readOnly: true },
      list: { width: 150 },
    },
  },
});

/** The organisation sheet's column keys (export, import template, import). */
export type OrgSheetKey = SheetKey<(typeof orgEntity)['fields']>;
