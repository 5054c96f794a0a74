import { defineTexts } from '../../platform/texts.js';

/**
 * The words the organisations module raises: the tree's rules, its export's file name and its import's checks (an
 * organisation path).
 */
export const orgsTexts = defineTexts({
  'zh-CN': {
    'org.notFound': '组织不存在或已被删除',
    'org.parentNotFound': '上级组织不存在',
    'org.cycle': '不能把组织移动到它自己或它的下级组织之下',
    'org.parentDisabled': '上级组织“{name}”已禁用：禁用的组织下不能添加或移入组织，也不能启用其下的组织',
    'org.enabledChildren': '该组织下还有 {count} 个启用的下级组织，请先禁用下级组织',
    'org.hasChildren': '该组织下还有 {count} 个下级组织，请先删除或移走下级组织',
    'org.hasAccounts': '该组织下还有 {count} 个账号，请先删除或调走这些账号',
    'org.nameTaken': '同一上级组织下已有名为“{name}”的组织，同级组织的名称不能重复',
    'org.codeTaken': '机构编码“{code}”已存在',
    'import.orgPathAmbiguous': '组织路径对应多个组织：{path}',
    'orgExport.fileName': '组织',
    'orgImport.templateName': '组织导入模板',
    'orgImport.emptySegment': '组织路径中有空的层级：{path}',
    'orgImport.nameMismatch': '名称应与组织路径的最后一级“{name}”一致',
    'orgImport.parentMissing': '上级组织不存在：{path}（上级须已存在或在文件中更早的行）',
    'orgImport.parentRejected': '上级组织 {path}（第 {row} 行）未通过检查',
    'orgImport.region': '所在地区不存在：{name}',
    'orgImport.sort': '显示排序须为 0 到 {max} 之间的整数',
    'orgImport.notManageable': '组织 {path} 已存在，且无权修改',
    'orgImport.changed': '组织 {path} 的上级组织已被删除或移动，请重新预检',
    'orgImport.exampleName': '示例组织',
  },
  'en-US': {
    'org.notFound': 'The organization does not exist or was deleted',
    'org.parentNotFound': 'The parent organization does not exist',
    'org.cycle': 'An organization cannot move under itself or one of its descendants',
    'org.parentDisabled':
      'The parent organization "{name}" is disabled: nothing can be added or moved under it, nor enabled below it',
    'org.enabledChildren': 'This organization still has {count} enabled child organizations; disable them first',
    'org.hasChildren': 'This organization still has {count} child organizations; delete or move them first',
    'org.hasAccounts': 'This organization still has {count} accounts; delete or move them first',
    'org.nameTaken': 'An organization named "{name}" already exists under the same parent; sibling names must differ',
    'org.codeTaken': 'The organization code "{code}" already exists',
    'import.orgPathAmbiguous': 'Several organizations have the path: {path}',
    'orgExport.fileName': 'organizations',
    'orgImport.templateName': 'organization-import-template',
    'orgImport.emptySegment': 'The path has an empty level: {path}',
    'orgImport.nameMismatch': 'The name must be the last level of the path, “{name}”',
    'orgImport.parentMissing': 'No parent organization at {path} (it must exist or be an earlier row of the file)',
    'orgImport.parentRejected': 'The parent organization {path} (row {row}) did not pass the checks',
    'orgImport.region': 'No such region: {name}',
    'orgImport.sort': 'Order must be a whole number from 0 to {max}',
    'orgImport.notManageable': 'Organization {path} exists and you may not change it',
    'orgImport.changed': 'The parent of organization {path} was deleted or moved; please check the file again',
    'orgImport.exampleName': 'Example organization',
  },
});
