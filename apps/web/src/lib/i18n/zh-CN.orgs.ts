/** zh-CN texts of the orgs screens (merged into the one catalogue by ./index.ts). */
export const zhCNOrgs = {
  'org.addRoot': '+ 添加根节点',
  'org.addChild': '添加下级',
  'org.colActions': '操作',
  'org.dialogTitle': '组织信息',
  'org.fieldName': '部门名称',
  'org.fieldFullName': '全称',
  'org.fieldParent': '上级组织',
  'org.fieldRegion': '所在地区',
  'org.parentNone': '无（根节点）',
  'org.parentHint': '选择其他组织可移动该节点；清空则成为根节点',
  'org.nameRequired': '请输入名称',
  'org.nameLength': '长度 1 到 100 个字符',
  'org.fullNameLength': '长度 0 到 255 个字符',
  'org.empty': '暂无组织',
  'org.pickerClear': '清除',
} as const;
