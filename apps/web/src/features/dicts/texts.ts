import type { DictTagColor } from '@gatehouse/contract';
import { screenTexts } from '@/lib/i18n';

/**
 * The newer texts of the dictionary screen (数据键值, 状态, 标签颜色): they travel in its lazily loaded chunk,
 * not in the catalogue every page loads first (the sign-in page's budget, docs/frontend-budgets.md).
 */
const zhCN = {
  'item.keyValue': '数据键值',
  'item.keyValuePlaceholder': '不填则与数据标签相同',
  'item.state': '状态',
  'item.stateHelp': '禁用的数据仍在这里维护，但选择字典数据时不再列出',
  'item.tagColor': '标签颜色',
  'item.tagColorPlaceholder': '不选则显示为文字',
  'item.length100': '长度不能超过 100 个字符',
  'color.default': '默认',
  'color.processing': '进行中',
  'color.success': '成功',
  'color.warning': '警告',
  'color.error': '错误',
  'color.blue': '蓝',
  'color.purple': '紫',
  'color.cyan': '青',
  'color.green': '绿',
  'color.magenta': '洋红',
  'color.pink': '粉',
  'color.red': '红',
  'color.orange': '橙',
  'color.yellow': '黄',
  'color.volcano': '火山红',
  'color.geekblue': '极客蓝',
  'color.lime': '青柠',
  'color.gold': '金',
} as const satisfies Record<`color.${DictTagColor}`, string> & Record<string, string>;

const enUS = {
  'item.keyValue': 'Key value',
  'item.keyValuePlaceholder': 'Empty: the same as the label',
  'item.state': 'Status',
  'item.stateHelp': 'A disabled item stays here but is no longer offered where items are chosen',
  'item.tagColor': 'Tag color',
  'item.tagColorPlaceholder': 'None: shown as plain text',
  'item.length100': 'At most 100 characters',
  'color.default': 'Default',
  'color.processing': 'Processing',
  'color.success': 'Success',
  'color.warning': 'Warning',
  'color.error': 'Error',
  'color.blue': 'Blue',
  'color.purple': 'Purple',
  'color.cyan': 'Cyan',
  'color.green': 'Green',
  'color.magenta': 'Magenta',
  'color.pink': 'Pink',
  'color.red': 'Red',
  'color.orange': 'Orange',
  'color.yellow': 'Yellow',
  'color.volcano': 'Volcano',
  'color.geekblue': 'Geek blue',
  'color.lime': 'Lime',
  'color.gold': 'Gold',
} satisfies Record<keyof typeof zhCN, string>;

export type DictText = keyof typeof zhCN;
export const tx = screenTexts<DictText>(zhCN, enUS);
