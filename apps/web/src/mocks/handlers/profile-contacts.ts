import { type BodyOf, normaliseMobile, routes } from '@gatehouse/contract';
import { fail, handle } from '@/mocks/handle';
import type { MockStore, StoredAccount } from '@/mocks/store';
import { randomId } from '@/mocks/token';

/** How the codes of the personal page are marked in the store: the flavour the token proves. */
const BIND_MOBILE = routes.sendProfileMobileCode.path;
const BIND_EMAIL = routes.sendProfileEmailCode.path;

const sameMobile = (a: string | null, b: string | null) =>
  (a ? normaliseMobile(a) : null) === (b ? normaliseMobile(b) : null);
const sameEmail = (a: string | null, b: string | null) => (a?.toLowerCase() ?? null) === (b?.toLowerCase() ?? null);

/** A proven number or address is one account's alone (as on the server). */
function assertFree(store: MockStore, me: StoredAccount, mobile: string | null, email: string | null) {
  if (mobile && store.accounts.some((a) => a.id !== me.id && sameMobile(a.contactNumber, mobile))) {
    fail('该手机号已被其他账号使用');
  }
  if (email && store.accounts.some((a) => a.id !== me.id && sameEmail(a.email, email))) {
    fail('该邮箱已被其他账号使用');
  }
}

/** The token of a code sent to `recipient` for the personal page, checked but not yet spent; or a refusal. */
function bindToken(store: MockStore, token: string | undefined, flavour: string, recipient: string, missing: string) {
  if (!token) fail(missing);
  const issued = store.tokens.get(token);
  if (!issued) fail('验证凭证无效或已过期，请重新验证身份');
  if (issued.flavour !== flavour) fail('该验证凭证不能用于此操作');
  if (issued.subject !== recipient) fail('验证码不是发给该号码或邮箱的');
  return token;
}

/** What a write of one's own contacts carries (PUT /account/profile, PUT /account on oneself). */
type OwnContactsBody = Pick<
  BodyOf<typeof routes.updateProfile>,
  'contactNumber' | 'email' | 'mobileToken' | 'emailToken'
>;

/**
 * The account's own mobile number / e-mail, as the server's one rule (accounts.service ownContactChange) on the
 * personal page (PUT /account/profile) and on PUT /account when an account edits itself: a changed one, or the
 * stored unproven one being proven, needs the token of a code sent to it, and a switched session (identity switch)
 * changes or proves none (403). Every check runs before a token is spent, so a refusal uses none up. Answers the
 * proof marks to store (contactVerified / emailVerified) for the contacts the write proves or removes. (The mock
 * keeps no sudo mode: the identity verification the server asks for first is not asked here.)
 */
export function proveNewContacts(
  store: MockStore,
  me: StoredAccount,
  body: OwnContactsBody,
  switched: boolean,
): Partial<Pick<StoredAccount, 'contactVerified' | 'emailVerified'>> {
  const mobile = body.contactNumber?.trim() || null;
  const email = body.email?.trim() || null;
  const mobileChanged = body.contactNumber !== undefined && !sameMobile(me.contactNumber, mobile);
  const emailChanged = body.email !== undefined && !sameEmail(me.email, email);
  // As the server: the stored, unproven number or address with the token of a code sent to it is proven.
  const provingMobile = !mobileChanged && Boolean(me.contactNumber) && !me.contactVerified && Boolean(body.mobileToken);
  const provingEmail = !emailChanged && Boolean(me.email) && !me.emailVerified && Boolean(body.emailToken);
  if (!mobileChanged && !emailChanged && !provingMobile && !provingEmail) return {};
  if (switched) fail('切换身份期间不能修改或验证所切换账号的手机号和邮箱，请先返回原身份', 403);
  assertFree(store, me, mobileChanged ? mobile : null, emailChanged ? email : null);
  const spent: string[] = [];
  const proven = {
    mobile: mobileChanged ? mobile : provingMobile ? me.contactNumber : null,
    email: emailChanged ? email : provingEmail ? me.email : null,
  };
  if (proven.mobile) {
    const missing = '更换手机号需要先向新手机号发送验证码并完成验证';
    spent.push(bindToken(store, body.mobileToken, BIND_MOBILE, normaliseMobile(proven.mobile), missing));
  }
  if (proven.email) {
    const missing = '更换邮箱需要先向新邮箱发送验证码并完成验证';
    spent.push(bindToken(store, body.emailToken, BIND_EMAIL, proven.email.toLowerCase(), missing));
  }
  for (const token of spent) store.tokens.delete(token);
  // A number or address proven by its code is the owner's; one removed is proven no more.
  return {
    ...(mobileChanged || provingMobile ? { contactVerified: proven.mobile !== null } : {}),
    ...(emailChanged || provingEmail ? { emailVerified: proven.email !== null } : {}),
  };
}

const sendCode = (store: MockStore, purpose: 'sms' | 'email', flavour: string, subject: string) => {
  const id = randomId();
  store.codes.set(id, { purpose, flavour, subject });
  return { id };
};

export const profileContactMocks = {
  sendProfileMobileCode: handle(routes.sendProfileMobileCode, (ctx) => {
    const me = ctx.me();
    const mobile = normaliseMobile(ctx.body.mobile);
    assertFree(ctx.store, me, mobile, null);
    return sendCode(ctx.store, 'sms', BIND_MOBILE, mobile);
  }),

  sendProfileEmailCode: handle(routes.sendProfileEmailCode, (ctx) => {
    const me = ctx.me();
    const email = ctx.body.email.trim().toLowerCase();
    assertFree(ctx.store, me, null, email);
    return sendCode(ctx.store, 'email', BIND_EMAIL, email);
  }),
};
