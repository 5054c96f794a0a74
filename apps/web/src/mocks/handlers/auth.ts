import { DEFAULT_PASSWORD_POLICY, routes, SMS_RESEND_SECONDS } from '@gatehouse/contract';
import { fail, handle } from '@/mocks/handle';
import { heldResources } from '@/mocks/permissions';
import { byOrder, type MockStore, regionPath, type StoredAccount, toAccount } from '@/mocks/store';
import { issueToken } from '@/mocks/token';
import { textOrNull } from './fields';
import { proveNewContacts } from './profile-contacts';

/** The options the mock runs with: access control and its companions are off (specification §4). */
export const MOCK_AUTH_OPTIONS = {
  loginCaptcha: true,
  registration: true,
  accessControl: false,
  permissionInterceptor: false,
  encryption: false,
  verifyResendSeconds: SMS_RESEND_SECONDS,
  passwordMinLength: DEFAULT_PASSWORD_POLICY.minLength,
  passwordClasses: DEFAULT_PASSWORD_POLICY.classes,
} as const;

export function accountInfo(store: MockStore, account: StoredAccount, originalAccountId: number | null) {
  const original = originalAccountId === null ? undefined : store.accounts.find((a) => a.id === originalAccountId);
  return {
    ...toAccount(store, account),
    originalAccount: original
      ? { id: original.id, accountNumber: original.accountNumber, accountName: original.accountName }
      : null,
    // Mock passwords are never generated: nobody is asked to change one first.
    mustChangePassword: false,
    // The mock has no second factor (below), so no role's requirement is ever owed.
    mustEnrolSecondFactor: false,
  };
}

/** Records a sign-in for the dashboard and answers a new session token. */
export function signIn(store: MockStore, request: Request, account: StoredAccount): string {
  store.signIns.unshift({
    accountId: account.id,
    at: Date.now(),
    ip: '127.0.0.1',
    userAgent: request.headers.get('User-Agent'),
  });
  return issueToken({ sub: account.id });
}

/** Takes a single-use token out of the store; refuses unknown ones and those of another purpose. */
export function spendToken(store: MockStore, token: string, ...purposes: string[]) {
  const issued = store.tokens.get(token);
  if (!issued) fail('验证凭证无效或已过期，请重新验证身份');
  if (!purposes.includes(issued.purpose) && !purposes.includes(issued.flavour)) fail('该验证凭证不能用于此操作');
  store.tokens.delete(token);
  return issued;
}

/**
 * The second factor needs the server (TOTP secrets, WebAuthn verification): the mock signs everyone in with
 * one step and answers its routes with a clear refusal. Mocks of a screen's own may replace these.
 */
export const SECOND_FACTOR_NEEDS_SERVER = '模拟数据模式不支持双因素认证，请连接服务器后再试';
const needsServer = () => fail(SECOND_FACTOR_NEEDS_SERVER, 501);

const secondFactorMocks = {
  secondFactorStatus: handle(routes.secondFactorStatus, needsServer),
  totpSetup: handle(routes.totpSetup, needsServer),
  totpEnable: handle(routes.totpEnable, needsServer),
  totpDisable: handle(routes.totpDisable, needsServer),
  regenerateRecoveryCodes: handle(routes.regenerateRecoveryCodes, needsServer),
  passkeyRegisterOptions: handle(routes.passkeyRegisterOptions, needsServer),
  registerPasskey: handle(routes.registerPasskey, needsServer),
  renamePasskey: handle(routes.renamePasskey, needsServer),
  deletePasskey: handle(routes.deletePasskey, needsServer),
  validateTotp: handle(routes.validateTotp, needsServer),
  passkeyVerifyOptions: handle(routes.passkeyVerifyOptions, needsServer),
  validatePasskey: handle(routes.validatePasskey, needsServer),
  passkeyLoginOptions: handle(routes.passkeyLoginOptions, needsServer),
  passkeyLogin: handle(routes.passkeyLogin, needsServer),
  secondFactorOptions: handle(routes.secondFactorOptions, needsServer),
  loginSecondFactor: handle(routes.loginSecondFactor, needsServer),
  // resetSecondFactor, an administrator's action on an account, is mocked with the accounts (accounts.ts).
};

export const authMocks = {
  ...secondFactorMocks,

  health: handle(routes.health, () => ({ status: 'ok' as const, database: 'mock' })),

  login: handle(routes.login, (ctx) => {
    if (MOCK_AUTH_OPTIONS.loginCaptcha) {
      if (!ctx.body.captcha) fail('请先完成图形验证码');
      spendToken(ctx.store, ctx.body.captcha, 'captcha');
    }
    const account = ctx.store.accounts.find((a) => a.accountNumber === ctx.body.account.trim());
    if (!account || account.password !== ctx.body.password) fail('账号或密码错误');
    if (!account.state) fail('账号已被禁用，请联系管理员');
    return signIn(ctx.store, ctx.request, account);
  }),

  logout: handle(routes.logout, () => null),

  getAccountInfo: handle(routes.getAccountInfo, (ctx) =>
    accountInfo(ctx.store, ctx.me(), ctx.session?.originalAccountId ?? null),
  ),

  getPermissions: handle(routes.getPermissions, (ctx) => [...heldResources(ctx.store, ctx.me())].sort(byOrder)),

  updateProfile: handle(routes.updateProfile, (ctx) => {
    const me = ctx.me();
    const { body } = ctx;
    const marks = proveNewContacts(ctx.store, me, body, ctx.session?.originalAccountId != null);
    me.accountName = body.accountName.trim() || fail('请填写用户名');
    if (body.avatar !== undefined) me.avatar = textOrNull(body.avatar);
    if (body.contactNumber !== undefined) me.contactNumber = textOrNull(body.contactNumber);
    if (body.email !== undefined) me.email = textOrNull(body.email);
    if (body.address !== undefined) me.address = textOrNull(body.address);
    if (body.regionId !== undefined) {
      me.regionId = body.regionId;
      me.regionName =
        body.regionId === null
          ? null
          : regionPath(ctx.store, body.regionId)
              .map((step) => step.name)
              .join(' / ') || fail('地区不存在');
    }
    if (body.introduction !== undefined) me.introduction = textOrNull(body.introduction);
    Object.assign(me, marks);
    return accountInfo(ctx.store, me, ctx.session?.originalAccountId ?? null);
  }),

  switchIdentity: handle(routes.switchIdentity, (ctx) => {
    const me = ctx.me();
    if (ctx.session?.originalAccountId != null) fail('请先切换回原身份，再切换为其他账号');
    const target = ctx.store.accounts.find((a) => a.id === ctx.query.id) ?? fail('账号不存在或已被删除');
    if (target.id === me.id) fail('不能切换为当前登录的账号');
    if (!target.state) fail('该账号已被禁用，不能切换');
    const mine = new Set(heldResources(ctx.store, me).map((r) => r.id));
    if (heldResources(ctx.store, target).some((r) => !mine.has(r.id))) fail('该账号拥有您没有的权限，不能切换为该账号');
    return issueToken({ sub: target.id, orig: me.id });
  }),

  restoreIdentity: handle(routes.restoreIdentity, (ctx) => {
    ctx.me();
    const originalId = ctx.session?.originalAccountId ?? fail('当前未切换身份');
    const original = ctx.store.accounts.find((a) => a.id === originalId && a.state);
    if (!original) fail('原身份的登录已失效，请重新登录', 401);
    return issueToken({ sub: original.id });
  }),
};
