import { defineTexts } from '../../platform/texts.js';

/**
 * The words the configuration bundle raises: its kinds of objects, the file's checks, the comparison's and the apply's
 * refusals.
 */
export const configBundleTexts = defineTexts({
  'zh-CN': {
    'configBundle.kind.resource': '资源',
    'configBundle.kind.role': '角色',
    'configBundle.kind.dict': '字典',
    'configBundle.kind.dictItem': '字典数据',
    'configBundle.kind.org': '组织',
    'configBundle.kind.param': '系统参数',
    'configBundle.wholeScope': '配置包包含全部组织与角色，只有数据权限为“全部”的账号可以导出、比较或应用',
    'configBundle.wrongFormat': '这不是 Gatehouse 配置文件：文件格式（format）应为 gatehouse-config',
    'configBundle.wrongVersion': '不支持的配置文件版本 {version}：本系统读取版本 {supported}',
    'configBundle.duplicate': '配置文件中{kind}“{key}”重复',
    'configBundle.duplicateInstalled': '本系统中{kind}“{key}”重复，配置包按它匹配对象，请先处理重复项',
    'configBundle.parentMissing': '配置文件中{kind}“{key}”的上级“{parent}”不存在',
    'configBundle.cycle': '{kind}“{key}”的上级形成了循环',
    'configBundle.builtinRoles': '配置文件中只能有一个内置角色',
    'configBundle.roleResourceMissing': '角色“{role}”的权限“{key}”不在配置文件的资源中',
    'configBundle.roleOrgMissing': '角色“{role}”的自定义组织“{path}”不在配置文件的组织中',
    'configBundle.unknownChange': '所选变更“{id}”不在比较结果中，请重新比较',
    'configBundle.stale': '比较之后数据已被修改，请重新比较后再应用',
    'configBundle.routeNotHeld': '应用{kind}“{key}”的变更需要“{title}”权限',
    'configBundle.refused': '{kind}“{key}”：{message}',
    'configBundle.conflict': '与已有数据的名称或编码重复',
    'configBundle.parentNotApplied': '上级“{parent}”不存在，请同时选择添加它',
    'configBundle.roleResourceNotApplied': '权限“{key}”不存在，请同时选择添加该资源',
  },
  'en-US': {
    'configBundle.kind.resource': 'Resource',
    'configBundle.kind.role': 'Role',
    'configBundle.kind.dict': 'Dictionary',
    'configBundle.kind.dictItem': 'Dictionary item',
    'configBundle.kind.org': 'Organization',
    'configBundle.kind.param': 'System parameter',
    'configBundle.wholeScope':
      'The bundle holds every organization and role: only an account whose data scope is All may export, compare or apply it',
    'configBundle.wrongFormat': 'This is not a Gatehouse configuration file: its format must be gatehouse-config',
    'configBundle.wrongVersion':
      'Configuration file version {version} is not supported; this system reads version {supported}',
    'configBundle.duplicate': '{kind} “{key}” appears twice in the configuration file',
    'configBundle.duplicateInstalled':
      '{kind} “{key}” exists twice in this system; the bundle matches objects by it, so resolve the duplicate first',
    'configBundle.parentMissing': 'The parent “{parent}” of {kind} “{key}” is not in the configuration file',
    'configBundle.cycle': 'The parents of {kind} “{key}” form a cycle',
    'configBundle.builtinRoles': 'A configuration file holds at most one built-in role',
    'configBundle.roleResourceMissing':
      'Permission “{key}” of role “{role}” is not among the resources of the configuration file',
    'configBundle.roleOrgMissing':
      'Custom-scope organization “{path}” of role “{role}” is not among the organizations of the configuration file',
    'configBundle.unknownChange': 'The selected change “{id}” is not in the comparison; compare again',
    'configBundle.stale': 'The data changed after the comparison; compare again before applying',
    'configBundle.routeNotHeld': 'Applying the change of {kind} “{key}” needs the permission “{title}”',
    'configBundle.refused': '{kind} “{key}”: {message}',
    'configBundle.conflict': 'Its name or code is already taken',
    'configBundle.parentNotApplied': 'The parent “{parent}” does not exist; select adding it too',
    'configBundle.roleResourceNotApplied': 'Permission “{key}” does not exist; select adding that resource too',
  },
});
