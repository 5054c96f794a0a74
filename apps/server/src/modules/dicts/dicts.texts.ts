import { WORDS } from '@gatehouse/contract';
import { defineTexts } from '../../platform/texts.js';

/**
 * The words the dictionaries module raises: dictionaries' and items' refusals, their export's file name and their
 * import's checks.
 */
export const dictsTexts = defineTexts({
  'zh-CN': {
    'dict.notFound': '字典不存在或已被删除',
    'dict.codeTaken': '字典类型“{dictCode}”已存在',
    'dict.codeFixed': '字典类型创建后不能修改',
    'dict.hasItems': '字典“{name}”下还有 {count} 条字典数据，请先删除字典数据',
    'dictItem.notFound': '字典数据不存在或已被删除',
    'dictItem.parentNotFound': '上级数据不存在',
    'dictItem.parentOtherDict': '上级数据必须属于同一个字典',
    'dictItem.cycle': '不能把数据移动到它自己或它的下级之下',
    'dictItem.hasChildren': '该数据下还有 {count} 个下级数据，请先删除下级数据',
    'import.state': `状态只能填写“${WORDS['zh-CN'].enabled}”或“${WORDS['zh-CN'].disabled}”`,
    'dictExport.fileName': '字典',
    'dictImport.templateName': '字典数据导入模板',
    'dictImport.dictCode': '字典类型不存在：{dictCode}',
    'dictImport.parentMissing': '上级数据不存在：{value}（上级须已存在或在文件中更早的行）',
    'dictImport.parentRejected': '上级数据 {value}（第 {row} 行）未通过检查',
    'dictImport.parentSelf': '上级数据不能是它自己或它的下级',
    'dictImport.ambiguous': '字典“{dictCode}”中有多条数据标签为“{value}”的数据，无法确定更新哪一条',
    'dictImport.tagColor': '标签颜色只能填写以下之一：{colors}（或留空）',
    'dictImport.orderNum': '序号须为 0 到 1000000 之间的整数',
    'dictImport.changed': '字典数据 {dictCode}/{value} 所需的字典或上级数据已被删除，请重新预检',
    'dictImport.exampleValue': '示例数据',
  },
  'en-US': {
    'dict.notFound': 'The dictionary does not exist or was deleted',
    'dict.codeTaken': 'Dictionary type “{dictCode}” already exists',
    'dict.codeFixed': 'The dictionary type cannot change after creation',
    'dict.hasItems': 'Dictionary “{name}” still has {count} items; delete them first',
    'dictItem.notFound': 'The dictionary item does not exist or was deleted',
    'dictItem.parentNotFound': 'The parent item does not exist',
    'dictItem.parentOtherDict': 'The parent item must belong to the same dictionary',
    'dictItem.cycle': 'An item cannot move under itself or one of its descendants',
    'dictItem.hasChildren': 'This item still has {count} child items; delete them first',
    'import.state': `Status must be "${WORDS['en-US'].enabled}" or "${WORDS['en-US'].disabled}"`,
    'dictExport.fileName': 'dictionaries',
    'dictImport.templateName': 'dictionary-item-import-template',
    'dictImport.dictCode': 'No dictionary of type {dictCode}',
    'dictImport.parentMissing': 'No parent item {value} (it must exist or be an earlier row of the file)',
    'dictImport.parentRejected': 'The parent item {value} (row {row}) did not pass the checks',
    'dictImport.parentSelf': 'An item cannot be its own parent nor be under one of its descendants',
    'dictImport.ambiguous':
      'Dictionary “{dictCode}” has several items with the label “{value}”; which to update is unclear',
    'dictImport.tagColor': 'The tag color must be one of: {colors} (or empty)',
    'dictImport.orderNum': 'The order must be a whole number from 0 to 1000000',
    'dictImport.changed':
      'The dictionary or parent item that {dictCode}/{value} needs was deleted; please check the file again',
    'dictImport.exampleValue': 'Example item',
  },
});
