/** zh-CN texts of the accounts screen added with the tabbed shell (merged into the one catalogue by ./zh-CN.catalogue.ts). */
export const zhCNAccounts = {
  'account.import': '导入',
  'account.importTitle': '导入账号',
  'account.contactNumberInvalid': '手机号码格式不正确',
  'account.fieldMustChangePassword': '首次登录须修改密码',
  'account.mustChangePasswordHint': '该账号首次登录时须先修改您设置的密码',
  'account.roleLockedBuiltin': '内置管理员账号的角色固定为超级管理员，不能修改',
  'account.roleNoList': '您没有“角色列表”权限，不能更改角色',
  'account.pendingButton': '待审核 {count}',
  'account.pendingActive': '待审核（{count}）· 显示全部',
  'account.pendingTag': '待审核',
  'account.pendingTitle': '自助注册的账号，启用即审核通过',
  'account.registerPending': '注册成功，请等待管理员审核后登录',
  // One's own contacts are changed on the personal page, with a code.
  'account.ownContactHint': '本人的手机号和邮箱须凭验证码修改或验证，不能在此修改。',
  'account.ownContactLink': '前往个人信息',

  // 双因素认证.
  'account.colSecondFactor': '双因素认证',
  'account.secondFactorOn': '已启用',
  'account.secondFactorOff': '未启用',
  'account.resetSecondFactor': '重置双因素认证',
  'account.resetSecondFactorTitle': '重置账号「{account}」的双因素认证？',
  'account.resetSecondFactorConfirm':
    '将移除该账号的身份验证器、通行密钥和恢复码（例如其手机丢失时）。此后该账号仅凭密码即可登录；若其角色要求双因素认证，该账号下次登录时须重新启用。',
  'account.secondFactorReset': '双因素认证已重置',
  // 岗位: the posts an account holds (the dialog lists the enabled ones).
  'account.fieldPosts': '岗位',
  'account.colPosts': '岗位',
  'account.postsNoList': '您没有“岗位列表”权限，不能更改岗位',
} as const;
