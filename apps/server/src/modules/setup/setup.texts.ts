import { defineTexts } from '../../platform/texts.js';

/** The words of first-start setup: the seeded names (ADR 0037) and what `main.ts` prints about the admin's password. */
export const setupTexts = defineTexts({
  'zh-CN': {
    'setup.adminPassword': '管理员账号 admin 的初始密码（仅显示一次）: {password}',
    'setup.signInAt': '打开 {url}，用账号 admin 和这个密码登录',
    'setup.changeAtFirstSignIn': '首次登录时必须修改这个密码',
    'setup.adminPasswordReset': '管理员账号 admin 的新密码（仅显示一次）: {password}；它的会话已全部结束',
    'setup.adminPasswordResetToEnv': '管理员账号 admin 的密码已设为 ADMIN_PASSWORD；它的会话已全部结束',
    'seed.rootOrg': '总公司',
    'seed.superAdminRole': '超级管理员',
    'seed.superAdminRemark': '内置角色，拥有全部权限',
    'seed.adminName': '系统管理员',
  },
  'en-US': {
    'setup.adminPassword': 'Initial password of the admin account (shown once): {password}',
    'setup.signInAt': 'Open {url} and sign in as admin with this password',
    'setup.changeAtFirstSignIn': 'You must change this password at the first sign-in',
    'setup.adminPasswordReset':
      'New password of the admin account (shown once): {password}; its sessions have all ended',
    'setup.adminPasswordResetToEnv': "The admin account's password is now ADMIN_PASSWORD; its sessions have all ended",
    'seed.rootOrg': 'Head office',
    'seed.superAdminRole': 'Super administrator',
    'seed.superAdminRemark': 'Built-in role with every permission',
    'seed.adminName': 'System administrator',
  },
});
