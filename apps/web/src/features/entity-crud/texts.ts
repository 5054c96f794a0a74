import { screenTexts } from '@/lib/i18n';

/**
 * The texts of the descriptor-served entities' screen that the catalogue has no generic key for, each naming the
 * entity by what one row is called (`{one}`: 岗位 / post; `{many}`: posts). They travel in the screen's lazily loaded
 * chunk, not in the catalogue every page loads first (the sign-in page's budget, docs/frontend-budgets.md).
 */
const zhCN = {
  colActions: '操作',
  import: '导入',
  importTitle: '导入{one}',
  deleteConfirm: '删除{one}「{name}」？',
  bulkEnable: '批量启用',
  bulkDisable: '批量禁用',
  bulkDelete: '批量删除',
  bulkEnableConfirm: '启用以下 {count} 个{one}？',
  bulkDisableConfirm: '禁用以下 {count} 个{one}？',
  bulkDeleteConfirm: '删除以下 {count} 个{one}？',
} as const;

const enUS = {
  colActions: 'Actions',
  import: 'Import',
  importTitle: 'Import {many}',
  deleteConfirm: 'Delete the {one} "{name}"?',
  bulkEnable: 'Enable',
  bulkDisable: 'Disable',
  bulkDelete: 'Delete',
  bulkEnableConfirm: 'Enable these {count} {many}?',
  bulkDisableConfirm: 'Disable these {count} {many}?',
  bulkDeleteConfirm: 'Delete these {count} {many}?',
} satisfies Record<keyof typeof zhCN, string>;

export type CrudText = keyof typeof zhCN;
export const tx = screenTexts<CrudText>(zhCN, enUS);
