/** zh-CN texts of 权限说明, 授权说明 and 权限预览 (merged into the one catalogue by ./zh-CN.catalogue.ts). */
export const zhCNAuthz = {
  'authz.explain.action': '权限说明',
  'authz.resource.action': '授权说明',
  'authz.viewAs.title': '权限预览',
  'authz.viewAs.entry': '权限预览',
} as const;
