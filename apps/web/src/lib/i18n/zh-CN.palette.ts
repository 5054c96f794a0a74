/** zh-CN texts of the command palette (Ctrl+K); merged by zh-CN.catalogue.ts. */
export const zhCNPalette = {
  'palette.open': '搜索',
  'palette.openHint': '搜索菜单与记录（Ctrl+K）',
  'palette.label': '搜索菜单与记录',
  'palette.placeholder': '搜索菜单、账号（账号、用户名、手机号）、组织、角色、字典',
  'palette.results': '搜索结果',
  'palette.groupMenus': '菜单',
  'palette.groupAccounts': '账号',
  'palette.groupOrgs': '组织',
  'palette.groupRoles': '角色',
  'palette.groupDicts': '字典',
  'palette.account': '{accountName}（{accountNumber}）',
  'palette.searching': '搜索中…',
  'palette.failed': '{group}加载失败：{reason}',
  'palette.empty': '没有与“{text}”匹配的菜单或记录',
  'palette.keys': '↑ ↓ 选择　Enter 打开　Esc 关闭',
} as const;
