/** zh-CN texts of the roles screens and the permission tree (merged into the one catalogue by ./index.ts). */
export const zhCNRoles = {
  'role.colName': '角色名称',
  'role.colRemark': '备注',
  'role.colAccountCount': '账号数',
  'role.colActions': '操作',
  'role.builtinLocked': '内置角色不可修改',
  'role.notAssignable': '该角色拥有您没有的权限，不能操作',
  'role.builtinTag': '内置',
  'role.dialogTitle': '权限信息',
  'role.fieldName': '角色名称',
  'role.fieldRemark': '备注',
  'role.fieldResources': '权限',
  'role.nameRequired': '请输入角色名称',
  'role.nameLength': '长度 1 到 100 个字符',
  'role.remarkLength': '长度 0 到 255 个字符',
  'role.resourcesRequired': '请选择权限',

  'resourceTree.search': '搜索名称、路由或接口地址',
  'resourceTree.batchSelect': '批量选择',
  'resourceTree.notHeld': '您没有该权限，不能授予',
  'resourceTree.noMatch': '没有匹配的权限',
  'resourceTree.selectedCount': '已选 {count} 项',
} as const;
