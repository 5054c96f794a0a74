import { screenTexts } from '@/lib/i18n';

/**
 * The messages of the rules derived from an entity's descriptor (./index.ts), each naming the field by its label, and
 * the words of a list's one search box.
 * They travel with the screens that use the rules, not in the catalogue every page loads first (the sign-in page's
 * budget, docs/frontend-budgets.md).
 */
const zhCN = {
  required: '请输入{field}',
  minLength: '{field}不能少于 {min} 个字符',
  maxLength: '{field}不能超过 {max} 个字符',
  range: '{field}应在 {min} 到 {max} 之间',
  minimum: '{field}不能小于 {min}',
  maximum: '{field}不能大于 {max}',
  pattern: '{field}格式不正确',
  'pattern.code': '{field}只能包含字母、数字、- 和 _',
  'pattern.telephone': '{field}应为手机号或带区号的固定电话，如 010-12345678',
  // A list's one search box (list.ts searchScopes): what it searches, and how each scope matches.
  'search.label': '搜索',
  'search.scope': '搜索范围',
  'search.all': '全部',
  'search.or': '{first}或{last}',
  'search.separator': '、',
  'search.prefix': '{field}的开头',
  'search.contains': '{field}的任一部分',
  'search.exact': '完整的{field}',
} as const;

const enUS = {
  required: '{field} is required',
  minLength: '{field}: at least {min} characters',
  maxLength: '{field}: at most {max} characters',
  range: '{field}: from {min} to {max}',
  minimum: '{field}: at least {min}',
  maximum: '{field}: at most {max}',
  pattern: '{field} is not valid',
  'pattern.code': '{field}: letters, digits, - and _ only',
  'pattern.telephone': '{field}: a mobile number, or a landline with its area code such as 010-12345678',
  'search.label': 'Search',
  'search.scope': 'Search in',
  'search.all': 'All',
  'search.or': '{first} or {last}',
  'search.separator': ', ',
  'search.prefix': '{field}: its beginning',
  'search.contains': '{field}: any part',
  'search.exact': '{field}: the whole value',
} satisfies Record<keyof typeof zhCN, string>;

export type EntityText = keyof typeof zhCN;
export const tx = screenTexts<EntityText>(zhCN, enUS);
