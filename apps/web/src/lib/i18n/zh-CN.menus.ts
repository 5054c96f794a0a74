/**
 * zh-CN titles of the contract's menus (side menu, page titles), keyed `menu.<path>`; merged by index.ts.
 * They equal the contract's titles (a test says so): the contract stays the source of the paths, the
 * catalogue makes the titles follow the chosen language.
 */
export const zhCNMenus = {
  'menu./': '首页',
  'menu./user': '用户管理',
  'menu./user/Account': '账号管理',
  'menu./user/Organization': '组织管理',
  'menu./user/Role': '角色管理',
  'menu./user/Resource': '资源管理',
  'menu./system': '系统设置',
  'menu./system/Profile': '个人信息',
  'menu./system/Dict': '字典管理',
  'menu./system/ConfigBundle': '配置迁移',
  'menu./system/SystemParam': '系统参数',
  'menu./monitor': '系统监控',
  'menu./monitor/Online': '在线用户',
  'menu./monitor/OperLog': '操作日志',
  'menu./monitor/LoginLog': '登录日志',
} as const;
