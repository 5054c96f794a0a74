import { defineTexts } from '../../platform/texts.js';

/**
 * The words authz raises: the dominance rule's and sudo mode's refusals, the data scope as a sentence, the access
 * explainer's.
 */
export const authzTexts = defineTexts({
  'zh-CN': {
    'authz.switchedCredential': '切换身份期间不能执行“{title}”（会创建或修改凭据），请先返回原身份',
    'authz.switchedSystem': '切换身份期间不能执行“{title}”（会改变整个系统的行为），请先返回原身份',
    'authz.superAdminOnly': '只有超级管理员可以执行“{title}”',
    'authz.holderScopeExceeds': '该角色交给此组织的账号后，其数据权限将超出您的范围，您不能执行“{title}”',
    'authz.accountExceeds': '账号“{account}”拥有您没有的权限，您不能对其执行“{title}”',
    'authz.roleExceeds': '角色“{role}”拥有您没有的权限，您不能对其执行“{title}”',
    'authz.builtinUntouchable': '内置管理员账号只能由其本人操作，不能执行“{title}”',
    'authz.accountOutOfScope': '该账号不在您的数据权限范围内，您不能对其执行“{title}”',
    'authz.accountScopeExceeds': '账号“{account}”的数据权限比您的更宽，您不能对其执行“{title}”',
    'authz.roleScopeExceeds': '角色“{role}”的数据权限比您的更宽，您不能对其执行“{title}”',
    'authz.roleHeldOutside': '角色“{role}”有您数据权限范围以外的账号在使用，您不能对其执行“{title}”',
    'authz.orgOutOfScope': '该组织不在您的数据权限范围内，您不能执行“{title}”',
    'authz.rootOutOfScope': '只有数据权限为“全部”的账号才能在顶层执行“{title}”',
    'authz.childOutOfScope': '放在该组织下的组织将不在您的数据权限（本组织）范围内，您不能执行“{title}”',
    'authz.scopeExceeds': '所选数据权限比您自己的更宽，您不能执行“{title}”',
    'scope.text.all': '全部数据（{accounts} 个账号）',
    'scope.text.orgTree': '本组织及以下：{orgs}（含 {below} 个下级组织，{accounts} 个账号）',
    'scope.text.org': '本组织：{orgs}（{accounts} 个账号）',
    'scope.text.custom': '自定义：{orgs}（含 {below} 个下级组织，{accounts} 个账号）',
    'scope.text.self': '仅本人（只能看到和修改自己的账号）',
    'scope.noOrg': '无组织',
    'explain.everyone': '所有账号（开放或登录即可访问）',
    'explain.viewAsOne': '请指定一个账号或一个角色（accountId 与 roleId 二选一）',
    'authz.verificationRequired': '该操作需要在 {minutes} 分钟内验证过身份，请先验证身份',
  },
  'en-US': {
    'authz.switchedCredential':
      'While acting as another account (identity switch) you cannot “{title}” (it creates or changes a credential); switch back first',
    'authz.switchedSystem':
      'While acting as another account (identity switch) you cannot “{title}” (it changes how the whole system behaves); switch back first',
    'authz.superAdminOnly': 'Only the super-admin may “{title}”',
    'authz.holderScopeExceeds':
      'Held by an account of that organization, the role would reach beyond your data scope; you cannot “{title}”',
    'authz.accountExceeds': 'Account “{account}” holds permissions you lack; you cannot “{title}” it',
    'authz.roleExceeds': 'Role “{role}” holds permissions you lack; you cannot “{title}” it',
    'authz.builtinUntouchable': 'Only the built-in administrator itself may do this to its account (“{title}”)',
    'authz.accountOutOfScope': 'That account is outside your data scope; you cannot “{title}” it',
    'authz.accountScopeExceeds': 'Account “{account}” has a wider data scope than yours; you cannot “{title}” it',
    'authz.roleScopeExceeds': 'Role “{role}” has a wider data scope than yours; you cannot “{title}” it',
    'authz.roleHeldOutside': 'Role “{role}” is held by accounts outside your data scope; you cannot “{title}” it',
    'authz.orgOutOfScope': 'That organization is outside your data scope; you cannot “{title}”',
    'authz.rootOutOfScope': 'Only an account whose data scope is “all” may “{title}” at the top level',
    'authz.childOutOfScope':
      'An organization placed there would be outside your data scope (own organization only); you cannot “{title}”',
    'authz.scopeExceeds': 'The data scope chosen is wider than your own; you cannot “{title}”',
    'scope.text.all': 'All data ({accounts} accounts)',
    'scope.text.orgTree': 'Own organization and below: {orgs} ({below} suborganizations, {accounts} accounts)',
    'scope.text.org': 'Own organization: {orgs} ({accounts} accounts)',
    'scope.text.custom': 'Custom: {orgs} ({below} suborganizations, {accounts} accounts)',
    'scope.text.self': 'Only self (sees and changes its own account only)',
    'scope.noOrg': 'no organization',
    'explain.everyone': 'Every account (open, or for anyone signed in)',
    'explain.viewAsOne': 'Name one account or one role (accountId or roleId, not both)',
    'authz.verificationRequired':
      'This action needs an identity verification within the last {minutes} minutes; please verify your identity first',
  },
});
