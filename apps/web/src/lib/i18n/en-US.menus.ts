import type { zhCNMenus } from './zh-CN.menus';

/** en-US titles of the contract's menus; every zh-CN key, checked by the compiler. */
export const enUSMenus = {
  'menu./': 'Home',
  'menu./user': 'Users',
  'menu./user/Account': 'Accounts',
  'menu./user/Organization': 'Organizations',
  'menu./user/Role': 'Roles',
  'menu./user/Resource': 'Resources',
  'menu./system': 'System',
  'menu./system/Profile': 'Profile',
  'menu./system/Dict': 'Dictionaries',
  'menu./system/ConfigBundle': 'Configuration migration',
  'menu./system/SystemParam': 'System parameters',
  'menu./monitor': 'Monitoring',
  'menu./monitor/Online': 'Online sessions',
  'menu./monitor/OperLog': 'Audit log',
  'menu./monitor/LoginLog': 'Sign-in log',
} as const satisfies Record<keyof typeof zhCNMenus, string>;
