import type { zhCNAuthz } from './zh-CN.authz';

/** en-US texts of the permission explanations and the view-as preview; every zh-CN key, checked by the compiler. */
export const enUSAuthz = {
  'authz.explain.action': 'Permissions',
  'authz.resource.action': 'Who holds it',
  'authz.viewAs.title': 'View as',
  'authz.viewAs.entry': 'View as',
} as const satisfies Record<keyof typeof zhCNAuthz, string>;
