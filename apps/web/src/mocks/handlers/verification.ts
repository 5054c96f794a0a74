import { CAPTCHA_SIZE, normaliseMobile, routes } from '@gatehouse/contract';
import { fail, handle, type MockContext } from '@/mocks/handle';
import { type IssuedToken, type MockStore, newAccount, nextId } from '@/mocks/store';
import { randomId } from '@/mocks/token';
import { MOCK_AUTH_OPTIONS, signIn, spendToken } from './auth';
import { paramValue } from './system-params';

/** The server's alphabet (apps/server/src/modules/verification/captcha-image.ts), as the image shows it. */
const CAPTCHA_CHARS = 'ACEHJKLMNRTVWXY3479';

/**
 * A stand-in picture: four random characters on a few noise lines, as an SVG data URL. The server answers a
 * distorted WebP raster instead (docs/sign-in-defences.md); the web treats either as an opaque image URL.
 */
function captchaSvg(width: number, height: number): string {
  const text = Array.from({ length: 4 }, () => CAPTCHA_CHARS[Math.floor(Math.random() * CAPTCHA_CHARS.length)]);
  const lines = Array.from({ length: 3 }, () => {
    const y1 = Math.round(Math.random() * height);
    const y2 = Math.round(Math.random() * height);
    return `<line x1="0" y1="${y1}" x2="${width}" y2="${y2}" stroke="#9aa7b8" stroke-width="1"/>`;
  }).join('');
  const glyphs = text
    .map((char, i) => {
      const x = Math.round((width / 5) * (i + 0.7));
      const rotate = Math.round(Math.random() * 30 - 15);
      return `<text x="${x}" y="${Math.round(height * 0.72)}" transform="rotate(${rotate} ${x} ${height / 2})" font-family="monospace" font-size="${Math.round(height * 0.6)}" fill="#2f4f7f">${char}</text>`;
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#eef2f7"/>${lines}${glyphs}</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** A code was "sent": its id is answered; any answer to it is accepted (the mock sends nothing). */
function sendCode(store: MockStore, code: IssuedToken): { id: string } {
  const id = randomId();
  store.codes.set(id, code);
  return { id };
}

/** Any answer is right in the mock; the id is used up and a single-use token proving the code is answered. */
function validateCode(store: MockStore, id: string, purpose: IssuedToken['purpose'], expired: string): string {
  const code = store.codes.get(id);
  if (!code || code.purpose !== purpose) fail(expired);
  store.codes.delete(id);
  const token = randomId(24);
  store.tokens.set(token, code);
  return token;
}

/** Without a session, sending a code needs an image-captcha token (specification §5). */
function requireCaptchaWithoutSession(ctx: MockContext<typeof routes.sendSms>) {
  if (ctx.session) return;
  if (!ctx.body.captcha) fail('请先完成图形验证码');
  spendToken(ctx.store, ctx.body.captcha, 'captcha');
}

const smsSender = (route: typeof routes.sendSms, check?: (ctx: MockContext<typeof routes.sendSms>) => void) =>
  handle(route, (ctx) => {
    requireCaptchaWithoutSession(ctx);
    check?.(ctx);
    return sendCode(ctx.store, { purpose: 'sms', flavour: route.path, subject: normaliseMobile(ctx.body.mobile) });
  });

const accountWithMobile = (store: MockStore, mobile: string) =>
  store.accounts.filter((a) => a.contactNumber !== null && normaliseMobile(a.contactNumber) === mobile);

export const verificationMocks = {
  // The switches 系统参数 holds follow the mock's stored parameters, as the server's answer follows its own.
  authOptions: handle(routes.authOptions, ({ store }) => ({
    ...MOCK_AUTH_OPTIONS,
    registration: paramValue(store, 'registration') !== 'off',
    loginCaptcha: paramValue(store, 'loginCaptcha') === 'true',
    passwordMinLength: Number(paramValue(store, 'passwordMinLength')),
    passwordClasses: Number(paramValue(store, 'passwordClasses')),
  })),

  imageCaptcha: handle(routes.imageCaptcha, ({ store, query }) => {
    const { id } = sendCode(store, { purpose: 'captcha', flavour: 'image', subject: '' });
    return { id, content: captchaSvg(query.width ?? CAPTCHA_SIZE.width, query.height ?? CAPTCHA_SIZE.height) };
  }),

  validateImageCaptcha: handle(routes.validateImageCaptcha, ({ store, query }) =>
    validateCode(store, query.id, 'captcha', '图形验证码已失效，请刷新后重试'),
  ),

  sendSms: smsSender(routes.sendSms, (ctx) => {
    const me = ctx.session?.account;
    const own = me?.contactNumber ? normaliseMobile(me.contactNumber) : null;
    if (me && own !== normaliseMobile(ctx.body.mobile)) fail('该手机号不是当前账号已验证的手机号');
  }),
  sendSmsRegister: smsSender(routes.sendSmsRegister, (ctx) => {
    if (accountWithMobile(ctx.store, normaliseMobile(ctx.body.mobile)).length) fail('该手机号已注册，请直接登录');
  }),
  sendSmsLogin: smsSender(routes.sendSmsLogin),
  sendSmsReset: smsSender(routes.sendSmsReset),

  validateSms: handle(routes.validateSms, ({ store, query }) =>
    validateCode(store, query.id, 'sms', '验证码已失效，请重新获取'),
  ),

  sendEmailCode: handle(routes.sendEmailCode, (ctx) => {
    const me = ctx.session?.account;
    if (me && me.email?.toLowerCase() !== ctx.query.email.toLowerCase()) fail('该邮箱不是当前账号已验证的邮箱');
    if (!me) {
      if (!ctx.query.captcha) fail('请先完成图形验证码');
      spendToken(ctx.store, ctx.query.captcha, 'captcha');
    }
    return sendCode(ctx.store, { purpose: 'email', flavour: 'verify', subject: ctx.query.email.toLowerCase() });
  }),

  validateEmailCode: handle(routes.validateEmailCode, ({ store, query }) =>
    validateCode(store, query.id, 'email', '验证码已失效，请重新获取'),
  ),

  validatePassword: handle(routes.validatePassword, (ctx) => {
    const me = ctx.me();
    if (me.password !== ctx.body.password) fail('密码错误');
    const token = randomId(24);
    ctx.store.tokens.set(token, { purpose: 'password', flavour: 'verify', subject: String(me.id) });
    return token;
  }),

  changePassword: handle(routes.changePassword, ({ store, body }) => {
    const proof = spendToken(store, body.token, 'password', 'email', routes.sendSms.path, routes.sendSmsReset.path);
    const account =
      proof.purpose === 'password'
        ? store.accounts.find((a) => String(a.id) === proof.subject)
        : proof.purpose === 'email'
          ? store.accounts.find((a) => a.email?.toLowerCase() === proof.subject)
          : accountWithMobile(store, proof.subject)[0];
    if (!account) fail('账号不存在或已被禁用');
    account.password = body.newPassword;
    return null;
  }),

  register: handle(routes.register, ({ store, body }) => {
    const mobile = normaliseMobile(body.mobile);
    const proof = spendToken(store, body.token, routes.sendSmsRegister.path);
    if (proof.subject !== mobile) fail('短信验证码不是发给该手机号的');
    if (accountWithMobile(store, mobile).length || store.accounts.some((a) => a.accountNumber === mobile)) {
      fail('该手机号已注册，请直接登录');
    }
    const account = newAccount({
      id: nextId(store, 'account'),
      accountNumber: mobile,
      accountName: body.name.trim() || fail('请填写姓名'),
      contactNumber: mobile,
      // Self-registered accounts land where the server's default configuration puts them.
      orgId: 1,
      roleId: 3,
      company: body.company.trim() || fail('请填写工作单位'),
      password: body.password,
      // The number was just proven by the registration code (as on the server).
      contactVerified: true,
    });
    store.accounts.push(account);
    // The mock registers as the server's default REGISTRATION=on: enabled at once.
    return { id: account.id, accountNumber: account.accountNumber, pendingApproval: false };
  }),

  smsLogin: handle(routes.smsLogin, (ctx) => {
    const proof = spendToken(ctx.store, ctx.body.token, routes.sendSmsLogin.path);
    const [account] = accountWithMobile(ctx.store, proof.subject).filter((a) => a.state);
    if (!account) fail('账号不存在或已被禁用');
    return signIn(ctx.store, ctx.request, account);
  }),

  findUserByField: handle(routes.findUserByField, ({ store, query }) => {
    if ((query.mobile === undefined) === (query.email === undefined)) fail('请提供手机号或邮箱中的一项');
    const account = query.mobile
      ? accountWithMobile(store, normaliseMobile(query.mobile))[0]
      : store.accounts.find((a) => a.email?.toLowerCase() === query.email?.toLowerCase());
    return account ? { id: account.id, accountNumber: account.accountNumber } : null;
  }),
};
