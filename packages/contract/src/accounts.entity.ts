import { Type } from 'typebox';
import { Id, StateInput, Timestamp } from './common.js';
import { defineEntity } from './entity.js';
import { WORDS } from './words.js';

// The account's descriptor, in a module of its own beside its routes (accounts.ts), as the organisation's is.

export const ACCOUNT_NUMBER_MAX = 100;
export const ACCOUNT_NAME_MAX = 100;

/** A nullable text an administrator may write: at most `maxLength` characters, or null. */
const optionalText = (maxLength: number) => Type.Union([Type.String({ maxLength }), Type.Null()]);

/**
 * The account, declared once (docs/adr/0044). Every field here is served from this line on every surface: the
 * contract's answer, create / edit bodies and list filters; the server's select list, row mapping, writes, unique
 * check, filters, keyword search, sheet columns and audit; the web's list columns, column settings, search form,
 * dialog items and the dev mock. What is really special about accounts stays bespoke, each layer's hooks keyed by
 * field: the contacts (a mobile number is normalised and proven, an e-mail proven), the organisation (a subtree
 * filter, written by its path in a sheet), the role (dominance, named in a sheet), the seeded names, the data scope
 * and the accounts list's hand-tuned planner. A field without a hook in a layer is served there generically.
 *
 * Declaration order is the order of the list's columns, the dialog's items and the sheet's columns.
 */
export const accountEntity = defineEntity({
  name: 'account',
  table: 'account',
  ownColumns: [
    'password_hash',
    'builtin',
    'update_time',
    'must_change_password',
    'contact_verified',
    'email_verified',
    'pending_approval',
    'second_factor',
  ],
  fields: {
    id: { column: 'id', label: { 'zh-CN': '编号', 'en-US': 'ID' }, answer: Type.Integer() },
    accountNumber: {
      column: 'account_number',
      label: { 'zh-CN': '账号', 'en-US': 'Account' },
      answer: Type.String(),
      input: Type.String({ minLength: 1, maxLength: ACCOUNT_NUMBER_MAX }),
      sheet: { width: 20 },
      list: { width: 120 },
      audited: true,
      filter: 'prefix',
      searched: true,
      sortable: true,
      unique: true,
    },
    accountName: {
      column: 'account_name',
      label: { 'zh-CN': '用户名', 'en-US': 'Name' },
      answer: Type.String(),
      input: Type.String({ minLength: 1, maxLength: ACCOUNT_NAME_MAX }),
      sheet: { width: 16 },
      list: { width: 100 },
      audited: true,
      filter: 'prefix',
      searched: true,
      sortable: true,
    },
    employeeNo: {
      column: 'employee_no',
      label: { 'zh-CN': '工号', 'en-US': 'Employee No.' },
      answer: Type.Union([Type.String(), Type.Null()]),
      input: Type.Union([Type.String({ maxLength: 64, pattern: '^([A-Za-z0-9][A-Za-z0-9_.-]*)?$' }), Type.Null()]),
      sheet: { width: 14 },
      list: { width: 120, hidden: true },
      audited: true,
      filter: 'exact',
      searched: true,
      unique: true,
    },
    orgId: {
      column: 'org_id',
      label: { 'zh-CN': '所属组织', 'en-US': 'Organization' },
      answer: Type.Integer(),
      input: Id('所属组织'),
      // A sheet names the organisation by its path from the top (总公司/华东区/上海).
      sheet: { key: 'orgPath', width: 36 },
      audited: true,
    },
    roleId: {
      column: 'role_id',
      label: { 'zh-CN': '角色', 'en-US': 'Role' },
      answer: Type.Union([Type.Integer(), Type.Null()]),
      input: Type.Union([Id('角色'), Type.Null()]),
      // A sheet names the role.
      sheet: { key: 'roleName', width: 16 },
      audited: true,
    },
    contactNumber: {
      column: 'contact_number',
      label: { 'zh-CN': WORDS['zh-CN'].mobileNumber, 'en-US': WORDS['en-US'].mobileNumber },
      answer: Type.Union([Type.String(), Type.Null()]),
      input: optionalText(30),
      // Sheets written before one word was chosen for it (docs/glossary.md) still import.
      sheet: { width: 16, aliases: ['联系电话', 'Mobile', 'Phone'] },
      list: { width: 170, hidden: true },
      audited: true,
      searched: true,
    },
    email: {
      column: 'email',
      label: { 'zh-CN': '邮箱', 'en-US': 'Email' },
      answer: Type.Union([Type.String(), Type.Null()]),
      input: optionalText(254),
      sheet: { width: 28 },
      list: { width: 220, hidden: true },
      audited: true,
      searched: true,
    },
    state: {
      column: 'state',
      label: { 'zh-CN': '状态', 'en-US': 'Status' },
      answer: Type.Boolean(),
      input: StateInput,
      sheet: { width: 10 },
      list: { width: 80 },
      audited: true,
      codec: 'flag',
      filter: 'state',
      form: 'switch',
    },
    createTime: {
      column: 'create_time',
      label: { 'zh-CN': '创建时间', 'en-US': 'Created' },
      answer: Timestamp,
      sheet: { width: 20, type: 'date', readOnly: true },
      list: { width: 150 },
      codec: 'time',
      filter: 'range',
      sortable: true,
    },
    avatar: {
      column: 'avatar',
      label: { 'zh-CN': '头像', 'en-US': 'Avatar' },
      answer: Type.Union([Type.String(), Type.Null()]),
      input: optionalText(1000),
      audited: true,
    },
    address: {
      column: 'address',
      label: { 'zh-CN': '联系地址', 'en-US': 'Address' },
      answer: Type.Union([Type.String(), Type.Null()]),
      audited: true,
    },
    introduction: {
      column: 'introduction',
      label: { 'zh-CN': '个人介绍', 'en-US': 'About' },
      answer: Type.Union([Type.String(), Type.Null()]),
      audited: true,
    },
    company: {
      column: 'company',
      label: { 'zh-CN': '工作单位', 'en-US': 'Company' },
      answer: Type.Union([Type.String(), Type.Null()]),
      list: { width: 140, hidden: true },
      audited: true,
    },
    regionId: {
      column: 'region_id',
      label: { 'zh-CN': '所在地区', 'en-US': 'Region' },
      answer: Type.Union([Type.Integer(), Type.Null()]),
      audited: true,
    },
  },
});
