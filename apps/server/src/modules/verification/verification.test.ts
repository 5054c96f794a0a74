import { imageSize } from 'image-size';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_PASSWORD, lanes, proven, startTestApp, type TestApp, testConfig } from '../../../test/harness.js';
import { CAPTCHA_ALPHABET } from './captcha-image.js';

const STRONG = 'Recover#2026-ok';
const NEWER = 'Changed#2026-ok';

interface Sent {
  id: string;
}

/** Helpers over one running app: every code is read from the outbox, as a person reads their phone. */
function flows(app: () => TestApp) {
  const captcha = async (ip?: string) => {
    const res = await app().call('GET', '/captcha/image', { ip });
    expect(res.status).toBe(200);
    return res.body.data as { id: string; content: string };
  };
  const captchaToken = async (ip?: string) => {
    const { id } = await captcha(ip);
    const res = await app().call('GET', '/captcha/image/validate', { query: { id, userInput: app().codeFor(id) } });
    expect(res.status).toBe(200);
    return res.body.data as string;
  };
  const send = async (
    path: string,
    mobile: string,
    options: { token?: string; ip?: string; captcha?: boolean } = {},
  ) => {
    const body: Record<string, string> = { mobile };
    if (options.captcha !== false && !options.token) body.captcha = await captchaToken(options.ip);
    return app().call('POST', path, { body, token: options.token, ip: options.ip });
  };
  const smsToken = async (path: string, mobile: string, options: { token?: string; ip?: string } = {}) => {
    const sent = await send(path, mobile, options);
    expect(sent.status, sent.body.msg).toBe(200);
    const { id } = sent.body.data as Sent;
    const res = await app().call('GET', '/captcha/sms/validate', { query: { id, userInput: app().codeFor(mobile) } });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as string;
  };
  const emailToken = async (email: string, options: { token?: string } = {}) => {
    const query: Record<string, string> = { email };
    if (!options.token) query.captcha = await captchaToken();
    const sent = await app().call('GET', '/emailValidCode', { query, token: options.token });
    expect(sent.status, sent.body.msg).toBe(200);
    const { id } = sent.body.data as Sent;
    const res = await app().call('GET', '/emailValidCode/valid', { query: { id, userInput: app().codeFor(email) } });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as string;
  };
  return { captcha, captchaToken, send, smsToken, emailToken };
}

describe.each(lanes)('verification and recovery on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  let rootOrg: number;
  const f = flows(() => t);

  async function account(accountNumber: string, extra: Record<string, unknown> = {}) {
    const res = await t.call('POST', '/account', {
      token: admin,
      body: { accountNumber, accountName: accountNumber, password: STRONG, orgId: rootOrg, state: 1, ...extra },
    });
    expect(res.status, res.body.msg).toBe(200);
    const id = (res.body.data as { id: number }).id;
    // Contacts an administrator sets stay unproven; these accounts' owners have proven theirs (the round trip is
    // self-service.test.ts's), so recovery and sign-in codes reach them.
    await proven(t, id);
    return id;
  }

  beforeAll(async () => {
    // Generous client caps here: these tests all come from one address (the caps have their own tests below).
    t = await startTestApp(lane, {
      verification: { ...testConfig().verification, perClientHour: 10_000, perClientDay: 10_000 },
    });
    admin = await t.login();
    rootOrg = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('image captcha', () => {
    it('answers a WebP data URL at twice 76×38 by default, or of the asked size; the answer is only pixels', async () => {
      const decode = (content: string) => {
        const [, base64] = /^data:image\/webp;base64,([A-Za-z0-9+/]+={0,2})$/.exec(content) ?? [];
        expect(base64, content.slice(0, 40)).toBeDefined();
        return Buffer.from(base64!, 'base64');
      };
      const { id, content } = await f.captcha();
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const bytes = decode(content);
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(imageSize(bytes)).toMatchObject({ type: 'webp', width: 152, height: 76 });
      const answer = t.codeFor(id);
      expect(answer).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{4}$`));
      expect(bytes.toString('latin1')).not.toContain(answer);
      expect(bytes.toString('latin1')).not.toContain(answer.toUpperCase());
      const wide = (await t.call('GET', '/captcha/image', { query: { width: 120, height: 40 } })).body.data as {
        content: string;
      };
      expect(imageSize(decode(wide.content))).toMatchObject({ width: 240, height: 80 });
    });

    it('accepts the answer in any case, once: the id is spent by the first check', async () => {
      const { id } = await f.captcha();
      const answer = t.codeFor(id);
      expect(answer).toMatch(/^[a-z0-9]{4}$/);
      const ok = await t.call('GET', '/captcha/image/validate', { query: { id, userInput: answer.toUpperCase() } });
      expect(ok.status).toBe(200);
      expect(ok.body.data).toMatch(/^[\w-]{40,}$/);
      const again = await t.call('GET', '/captcha/image/validate', { query: { id, userInput: answer } });
      expect(again.status).toBe(400);
      expect(again.body.msg).toBe('图形验证码已失效，请刷新后重试');
    });

    it('allows one attempt only: a wrong answer voids the id, so the right one no longer works', async () => {
      const { id } = await f.captcha();
      const wrong = await t.call('GET', '/captcha/image/validate', { query: { id, userInput: 'zzzz' } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.msg).toBe('图形验证码错误');
      const right = await t.call('GET', '/captcha/image/validate', { query: { id, userInput: t.codeFor(id) } });
      expect(right.status).toBe(400);
    });

    it('expires after its lifetime', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const { id } = await f.captcha();
      vi.setSystemTime(Date.now() + 301_000);
      const late = await t.call('GET', '/captcha/image/validate', { query: { id, userInput: t.codeFor(id) } });
      expect(late.status).toBe(400);
    });

    it('refuses unknown ids and bounds the input', async () => {
      const res = await t.call('GET', '/captcha/image/validate', { query: { id: 'nope', userInput: 'abcd' } });
      expect(res.status).toBe(400);
      const long = await t.call('GET', '/captcha/image/validate', { query: { id: 'x', userInput: 'a'.repeat(21) } });
      expect(long.body.msg).toBe('验证码长度不能超过 20 个字符');
    });
  });

  describe('sending codes', () => {
    it('needs an image-captcha token without a session, and a token serves one send only', async () => {
      const bare = await f.send('/captcha/sms/register', '13700000001', { captcha: false });
      expect(bare.status).toBe(400);
      expect(bare.body.msg).toBe('请先完成图形验证码');
      const token = await f.captchaToken();
      const first = await t.call('POST', '/captcha/sms/register', { body: { mobile: '13700000001', captcha: token } });
      expect(first.status).toBe(200);
      const replay = await t.call('POST', '/captcha/sms/register', { body: { mobile: '13700000002', captcha: token } });
      expect(replay.status).toBe(400);
      expect(replay.body.msg).toBe('验证凭证无效或已过期，请重新验证身份');
    });

    it('writes a random six-digit code and a readable text to the outbox, never the same twice in a row', async () => {
      await f.send('/captcha/sms/register', '13700000003');
      const line = t
        .outbox()
        .filter((l) => l.to === '13700000003')
        .pop()!;
      expect(line.channel).toBe('sms');
      expect(line.code).toMatch(/^\d{6}$/);
      expect(line.text).toContain(line.code);
      expect(line.text).toContain('分钟内有效');
      expect(Date.parse(line.at)).not.toBeNaN();
    });

    it('validates the number: format and the +86 prefix', async () => {
      const bad = await f.send('/captcha/sms/register', '1234');
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toBe('手机号格式不正确');
      const prefixed = await f.send('/captcha/sms/register', '+8613700000004');
      expect(prefixed.status).toBe(200);
      expect(t.codeFor('13700000004')).toMatch(/^\d{6}$/);
    });

    it('waits 30 s (specification §9) between two codes to one number, then allows the next', async () => {
      // From an address of its own: its captchas are dated ahead and must not count against the others'.
      const ip = '192.0.2.60';
      vi.useFakeTimers({ toFake: ['Date'] });
      expect((await f.send('/captcha/sms/register', '13700000005', { ip })).status).toBe(200);
      const soon = await f.send('/captcha/sms/register', '13700000005', { ip });
      expect(soon.status).toBe(429);
      expect(soon.body.msg).toBe('发送过于频繁，请 30 秒后再试');
      vi.setSystemTime(Date.now() + 16_000);
      const later = await f.send('/captcha/sms/register', '13700000005', { ip });
      expect(later.status).toBe(429);
      expect(later.body.msg).toBe('发送过于频繁，请 14 秒后再试');
      vi.setSystemTime(Date.now() + 14_000);
      expect((await f.send('/captcha/sms/register', '13700000005', { ip })).status).toBe(200);
    });

    it('waits 30 s between two e-mail codes to one address too', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const ip = '192.0.2.61';
      const sendMail = async () =>
        t.call('GET', '/emailValidCode', {
          query: { email: 'cool.down@example.com', captcha: await f.captchaToken(ip) },
          ip,
        });
      expect((await sendMail()).status).toBe(200);
      vi.setSystemTime(Date.now() + 29_000);
      const soon = await sendMail();
      expect(soon.status).toBe(429);
      expect(soon.body.msg).toBe('发送过于频繁，请 1 秒后再试');
      vi.setSystemTime(Date.now() + 1_000);
      expect((await sendMail()).status).toBe(200);
    });
  });

  describe('checking codes', () => {
    it('allows a few attempts per code, counting down, then voids it', async () => {
      const sent = await f.send('/captcha/sms/register', '13700000010');
      const { id } = sent.body.data as Sent;
      const code = t.codeFor('13700000010');
      const wrong = code === '000000' ? '111111' : '000000';
      const messages: string[] = [];
      for (let i = 0; i < 5; i++) {
        messages.push((await t.call('GET', '/captcha/sms/validate', { query: { id, userInput: wrong } })).body.msg);
      }
      expect(messages).toEqual([
        '验证码错误，还可尝试 4 次',
        '验证码错误，还可尝试 3 次',
        '验证码错误，还可尝试 2 次',
        '验证码错误，还可尝试 1 次',
        '验证码错误次数过多，请重新获取',
      ]);
      const right = await t.call('GET', '/captcha/sms/validate', { query: { id, userInput: code } });
      expect(right.status).toBe(400);
      expect(right.body.msg).toBe('验证码已失效，请重新获取');
    });

    it('answers a token once per code: the same code cannot be checked twice', async () => {
      const sent = await f.send('/captcha/sms/register', '13700000011');
      const { id } = sent.body.data as Sent;
      const code = t.codeFor('13700000011');
      expect((await t.call('GET', '/captcha/sms/validate', { query: { id, userInput: code } })).status).toBe(200);
      expect((await t.call('GET', '/captcha/sms/validate', { query: { id, userInput: code } })).status).toBe(400);
    });

    it('expires codes after ten minutes', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const sent = await f.send('/captcha/sms/register', '13700000012');
      const { id } = sent.body.data as Sent;
      vi.setSystemTime(Date.now() + 601_000);
      const late = await t.call('GET', '/captcha/sms/validate', {
        query: { id, userInput: t.codeFor('13700000012') },
      });
      expect(late.status).toBe(400);
    });

    it('does not accept an SMS code id at the e-mail check, nor the reverse', async () => {
      const sent = await f.send('/captcha/sms/register', '13700000013');
      const { id } = sent.body.data as Sent;
      const res = await t.call('GET', '/emailValidCode/valid', { query: { id, userInput: t.codeFor('13700000013') } });
      expect(res.status).toBe(400);
    });
  });

  describe('registration', () => {
    it('creates an enabled account named by the mobile, which then signs in with it', async () => {
      const mobile = '13900000001';
      const token = await f.smsToken('/captcha/sms/register', mobile);
      const res = await t.call('POST', '/account/admin/register/noAuth', {
        body: { mobile, token, name: ' 张三 ', company: ' 苏州测试有限公司 ', password: STRONG },
      });
      expect(res.status, res.body.msg).toBe(200);
      const { id, accountNumber } = res.body.data as { id: number; accountNumber: string };
      expect(accountNumber).toBe(mobile);
      const session = await t.login(mobile, STRONG);
      const created = (await t.call('GET', '/getAccountInfo', { token: session })).body.data;
      expect(created).toMatchObject({
        id,
        accountNumber: mobile,
        accountName: '张三',
        contactNumber: mobile,
        company: '苏州测试有限公司',
        state: true,
        orgId: rootOrg,
        roleId: null,
      });

      // The token is spent, and the number is now taken.
      const replay = await t.call('POST', '/account/admin/register/noAuth', {
        body: { mobile, token, name: '李四', company: '某公司', password: STRONG },
      });
      expect(replay.status).toBe(400);
      // "Already registered" comes only within the send limits: first the 60 s wait after the code just sent.
      const early = await f.send('/captcha/sms/register', mobile);
      expect(early.status).toBe(429);
      expect(early.body.msg).toMatch(/^发送过于频繁，请 \d+ 秒后再试$/);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 61_000);
      const again = await f.send('/captcha/sms/register', mobile);
      expect(again.status).toBe(400);
      expect(again.body.msg).toBe('该手机号已注册，请直接登录');
    });

    it('keeps the token when the password is refused, so the user only picks a better one', async () => {
      const mobile = '13900000002';
      const token = await f.smsToken('/captcha/sms/register', mobile);
      const weak = await t.call('POST', '/account/admin/register/noAuth', {
        body: { mobile, token, name: '王五', company: '某公司', password: 'password' },
      });
      expect(weak.status).toBe(400);
      expect(weak.body.msg).toBe('密码至少包含字母、数字、符号中的 2 类');
      const ok = await t.call('POST', '/account/admin/register/noAuth', {
        body: { mobile, token, name: '王五', company: '某公司', password: STRONG },
      });
      expect(ok.status, ok.body.msg).toBe(200);
    });

    it('refuses a code sent to another number, or for another purpose', async () => {
      const token = await f.smsToken('/captcha/sms/register', '13900000003');
      const other = await t.call('POST', '/account/admin/register/noAuth', {
        body: { mobile: '13900000004', token, name: '赵六', company: '某公司', password: STRONG },
      });
      expect(other.status).toBe(400);
      expect(other.body.msg).toBe('短信验证码不是发给该手机号的');
      const captchaOnly = await t.call('POST', '/account/admin/register/noAuth', {
        body: {
          mobile: '13900000003',
          token: await f.captchaToken(),
          name: '赵六',
          company: '某公司',
          password: STRONG,
        },
      });
      expect(captchaOnly.body.msg).toBe('该验证凭证不能用于此操作');
    });

    it('refuses what account creation refuses, in the same words, and keeps the token', async () => {
      // Taken after the code was sent (the send itself refuses a taken number): registration is AccountsService's.
      const mobile = '13900000010';
      const token = await f.smsToken('/captcha/sms/register', mobile);
      await account(mobile);
      const created = await t.call('POST', '/account', {
        token: admin,
        body: { accountNumber: mobile, accountName: '重复', password: STRONG, orgId: rootOrg, state: 1 },
      });
      expect(created.status).toBe(400);
      expect(created.body.msg).toBe(`账号“${mobile}”已存在`);
      const registered = await t.call('POST', '/account/admin/register/noAuth', {
        body: { mobile, token, name: '重复', company: '某公司', password: STRONG },
      });
      expect(registered.status).toBe(400);
      expect(registered.body.msg).toBe(created.body.msg);

      // A proven number is nobody else's, as on the personal page: here another account holds it as its mobile.
      const held = '13900000011';
      const heldToken = await f.smsToken('/captcha/sms/register', held);
      const holder = await account('holds.mobile', { contactNumber: `+86${held}` });
      const taken = await t.call('POST', '/account/admin/register/noAuth', {
        body: { mobile: held, token: heldToken, name: '重复', company: '某公司', password: STRONG },
      });
      expect(taken.status).toBe(400);
      expect(taken.body.msg).toBe('该手机号已被其他账号使用');
      // Refused before it was spent: the token still works once the number is free again.
      expect((await t.call('DELETE', '/account', { token: admin, query: { id: holder } })).status).toBe(200);
      const ok = await t.call('POST', '/account/admin/register/noAuth', {
        body: { mobile: held, token: heldToken, name: '新用户', company: '某公司', password: STRONG },
      });
      expect(ok.status, ok.body.msg).toBe(200);
    });

    it('names the missing field', async () => {
      const res = await t.call('POST', '/account/admin/register/noAuth', {
        body: { mobile: '13900000005', token: 'x', company: '某公司', password: STRONG },
      });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('请填写姓名');
    });
  });

  describe('password change', () => {
    it('after checking the current password: the token is single-use and other sessions end', async () => {
      await account('pw.user', { contactNumber: '13600000001' });
      const current = await t.login('pw.user', STRONG);
      const other = await t.login('pw.user', STRONG);
      const wrong = await t.call('POST', '/auth/password/validate', { token: current, body: { password: 'nope' } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.msg).toBe('密码错误');
      const token = (await t.call('POST', '/auth/password/validate', { token: current, body: { password: STRONG } }))
        .body.data as string;

      // Another account cannot use it, and neither can an anonymous caller.
      await account('pw.other');
      const stranger = await t.login('pw.other', STRONG);
      const stolen = await t.call('PUT', '/auth/password', { token: stranger, body: { newPassword: NEWER, token } });
      expect(stolen.body.msg).toBe('该验证凭证不属于当前账号');
      expect((await t.call('PUT', '/auth/password', { body: { newPassword: NEWER, token } })).status).toBe(400);

      const changed = await t.call('PUT', '/auth/password', { token: current, body: { newPassword: NEWER, token } });
      expect(changed.status, changed.body.msg).toBe(200);
      expect((await t.call('GET', '/getAccountInfo', { token: current })).status).toBe(200);
      expect((await t.call('GET', '/getAccountInfo', { token: other })).status).toBe(401);
      expect((await t.call('POST', '/login', { body: { account: 'pw.user', password: STRONG } })).status).toBe(400);
      await t.login('pw.user', NEWER);

      const replay = await t.call('PUT', '/auth/password', { token: current, body: { newPassword: STRONG, token } });
      expect(replay.status).toBe(400);
      expect(replay.body.msg).toBe('验证凭证无效或已过期，请重新验证身份');
    });

    it('recovers a forgotten password by SMS without a session, ending every session', async () => {
      await account('sms.reset', { contactNumber: '+8613600000002' });
      const before = await t.login('sms.reset', STRONG);
      const token = await f.smsToken('/captcha/sms/reset-password', '13600000002');
      const res = await t.call('PUT', '/auth/password', { body: { newPassword: NEWER, token } });
      expect(res.status, res.body.msg).toBe(200);
      expect((await t.call('GET', '/getAccountInfo', { token: before })).status).toBe(401);
      await t.login('sms.reset', NEWER);
    });

    it('says the same for an unknown number but sends nothing, and no code works', async () => {
      const sent = await f.send('/captcha/sms/reset-password', '13600000099');
      expect(sent.status).toBe(200);
      const { id } = sent.body.data as Sent;
      expect(t.outbox().some((l) => l.to === '13600000099')).toBe(false);
      const guess = await t.call('GET', '/captcha/sms/validate', { query: { id, userInput: '123456' } });
      expect(guess.status).toBe(400);
    });

    it('recovers by e-mail, and verifies the signed-in account’s own address', async () => {
      const id = await account('mail.user', { email: 'Mail.User@example.com' });
      const token = await f.emailToken('mail.user@example.com');
      const line = t
        .outbox()
        .filter((l) => l.to === 'mail.user@example.com')
        .pop()!;
      expect(line.channel).toBe('email');
      expect((await t.call('PUT', '/auth/password', { body: { newPassword: NEWER, token } })).status).toBe(200);
      const session = await t.login('mail.user', NEWER);

      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 61_000);
      const notOwn = await t.call('GET', '/emailValidCode', { token: session, query: { email: 'x@example.com' } });
      expect(notOwn.status).toBe(400);
      expect(notOwn.body.msg).toBe('该邮箱不是当前账号已验证的邮箱');
      const own = await f.emailToken('mail.user@example.com', { token: session });
      expect(
        (await t.call('PUT', '/auth/password', { token: session, body: { newPassword: STRONG, token: own } })).status,
      ).toBe(200);
      expect(id).toBeGreaterThan(0);
    });

    it('by SMS while signed in: only to the account’s own mobile, no captcha needed', async () => {
      await account('sms.own', { contactNumber: '13600000003' });
      const session = await t.login('sms.own', STRONG);
      const other = await f.send('/captcha/sms', '13600000004', { token: session });
      expect(other.status).toBe(400);
      expect(other.body.msg).toBe('该手机号不是当前账号已验证的手机号');
      const token = await f.smsToken('/captcha/sms', '13600000003', { token: session });
      // Proven inside a session, it serves that session only.
      expect((await t.call('PUT', '/auth/password', { body: { newPassword: NEWER, token } })).status).toBe(400);
      expect(
        (await t.call('PUT', '/auth/password', { token: session, body: { newPassword: NEWER, token } })).status,
      ).toBe(200);
    });

    it('never with a captcha token, a registration code, or a sign-in code', async () => {
      await account('wrong.purpose', { contactNumber: '13600000005' });
      const captcha = await f.captchaToken();
      const res = await t.call('PUT', '/auth/password', { body: { newPassword: NEWER, token: captcha } });
      expect(res.body.msg).toBe('该验证凭证不能用于此操作');
      const register = await f.smsToken('/captcha/sms/register', '13600000006');
      expect((await t.call('PUT', '/auth/password', { body: { newPassword: NEWER, token: register } })).status).toBe(
        400,
      );
      const login = await f.smsToken('/captcha/sms/login', '13600000005');
      expect((await t.call('PUT', '/auth/password', { body: { newPassword: NEWER, token: login } })).status).toBe(400);
      await t.login('wrong.purpose', STRONG);
    });

    it('lets exactly one of two simultaneous changes with the same token through', async () => {
      await account('race.user', { contactNumber: '13600000007' });
      const token = await f.smsToken('/captcha/sms/reset-password', '13600000007');
      const results = await Promise.all([
        t.call('PUT', '/auth/password', { body: { newPassword: NEWER, token } }),
        t.call('PUT', '/auth/password', { body: { newPassword: 'Another#2026-ok', token } }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    });

    it('keeps the token when the new password is refused', async () => {
      await account('weak.user', { contactNumber: '13600000008' });
      const token = await f.smsToken('/captcha/sms/reset-password', '13600000008');
      const weak = await t.call('PUT', '/auth/password', { body: { newPassword: 'weak.user', token } });
      expect(weak.status).toBe(400);
      expect((await t.call('PUT', '/auth/password', { body: { newPassword: NEWER, token } })).status).toBe(200);
    });
  });

  describe('sign-in by SMS', () => {
    it('opens a session for the account owning the number', async () => {
      const id = await account('sms.login', { contactNumber: '13500000001' });
      const token = await f.smsToken('/captcha/sms/login', '13500000001');
      const res = await t.call('POST', '/login/sms', { body: { token } });
      expect(res.status, res.body.msg).toBe(200);
      const info = await t.call('GET', '/getAccountInfo', { token: res.body.data as string });
      expect(info.body.data).toMatchObject({ id });
      expect((await t.call('POST', '/login/sms', { body: { token } })).status).toBe(400);
    });

    it('tells the holder of a disabled or pending account’s number why it does not sign in, and logs it', async () => {
      await account('sms.disabled', { contactNumber: '13500000002', state: 0 });
      const pendingId = await account('sms.pending', { contactNumber: '13500000003', state: 0 });
      await t.database.db.updateTable('account').set({ pending_approval: 1 }).where('id', '=', pendingId).execute();
      // From an address of its own: the file's other tests have used this minute's captchas of the default one.
      const ip = '192.0.2.70';
      const disabled = await t.call('POST', '/login/sms', {
        body: { token: await f.smsToken('/captcha/sms/login', '13500000002', { ip }) },
      });
      expect([disabled.status, disabled.body.msg]).toEqual([400, '账号已禁用']);
      const pending = await t.call('POST', '/login/sms', {
        body: { token: await f.smsToken('/captcha/sms/login', '13500000003', { ip }) },
      });
      expect([pending.status, pending.body.msg]).toEqual([400, '账号待审核，请等待管理员启用']);
      const log = await t.call('GET', '/signin-log/s', {
        token: admin,
        query: { p: 1, pageSize: 10, account: '13500000002' },
      });
      expect((log.body.data as { list: Array<{ reason: string }> }).list.map((e) => e.reason)).toEqual(['disabled']);
    });
  });

  describe('GET /user/field', () => {
    it('finds an account by mobile or e-mail for administrators only', async () => {
      const id = await account('field.user', { contactNumber: '13400000001', email: 'field@example.com' });
      expect((await t.call('GET', '/user/field', { query: { mobile: '13400000001' } })).status).toBe(401);
      const byMobile = await t.call('GET', '/user/field', { token: admin, query: { mobile: '13400000001' } });
      expect(byMobile.body.data).toEqual({ id, accountNumber: 'field.user' });
      const byEmail = await t.call('GET', '/user/field', { token: admin, query: { email: 'FIELD@example.com' } });
      expect(byEmail.body.data).toEqual({ id, accountNumber: 'field.user' });
      const none = await t.call('GET', '/user/field', { token: admin, query: { mobile: '13400000002' } });
      expect(none.status).toBe(200);
      expect(none.body.data).toBeNull();
      const neither = await t.call('GET', '/user/field', { token: admin });
      expect(neither.body.msg).toBe('请提供手机号或邮箱中的一项');
      const plain = await t.login('field.user', STRONG);
      expect((await t.call('GET', '/user/field', { token: plain, query: { mobile: '13400000001' } })).status).toBe(403);
    });
  });
});

describe.each(lanes)('limits and options on %s', (lane) => {
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('with sign-in captcha on and tight limits', () => {
    let t: TestApp;
    const f = flows(() => t);
    beforeAll(async () => {
      t = await startTestApp(lane, {
        loginCaptcha: true,
        verification: {
          captchaTtlSeconds: 300,
          codeTtlSeconds: 600,
          tokenTtlSeconds: 600,
          codeAttempts: 5,
          resendSeconds: 0,
          perRecipientHour: 2,
          perRecipientDay: 3,
          perClientHour: 4,
          perClientDay: 10,
          captchasPerClientMinute: 12,
        },
      });
    });
    afterAll(() => t.close());

    it('reports the options the pages need', async () => {
      expect((await t.call('GET', '/auth/options')).body.data).toEqual({
        loginCaptcha: true,
        registration: true,
        accessControl: false,
        permissionInterceptor: false,
        encryption: false,
        verifyResendSeconds: 0,
        passwordMinLength: 8,
        passwordClasses: 2,
      });
    });

    it('tells how long a captcha lives, so the page can load a new one before it expires', async () => {
      expect((await t.call('GET', '/captcha/image')).body.data).toMatchObject({ expiresIn: 300 });
    });

    it('requires a captcha token to sign in, spends it, and refuses a replay', async () => {
      const without = await t.call('POST', '/login', { body: { account: 'admin', password: 'x' } });
      expect(without.body.msg).toBe('请先完成图形验证码');
      const captcha = await f.captchaToken();
      const body = { account: 'admin', password: ADMIN_PASSWORD, captcha };
      expect((await t.call('POST', '/login', { body })).status).toBe(200);
      expect((await t.call('POST', '/login', { body })).status).toBe(400);
    });

    it('caps codes per number per hour, and per client address', async () => {
      expect((await f.send('/captcha/sms/register', '13800000001', { ip: '10.0.0.1' })).status).toBe(200);
      expect((await f.send('/captcha/sms/register', '13800000001', { ip: '10.0.0.1' })).status).toBe(200);
      const third = await f.send('/captcha/sms/register', '13800000001', { ip: '10.0.0.1' });
      expect(third.status).toBe(429);
      expect(third.body.msg).toBe('该号码本小时接收验证码次数已达上限，请稍后再试');

      expect((await f.send('/captcha/sms/register', '13800000002', { ip: '10.0.0.1' })).status).toBe(200);
      expect((await f.send('/captcha/sms/register', '13800000003', { ip: '10.0.0.1' })).status).toBe(200);
      const client = await f.send('/captcha/sms/register', '13800000004', { ip: '10.0.0.1' });
      expect(client.status).toBe(429);
      expect(client.body.msg).toBe('当前网络发送验证码次数过多，请稍后再试');
      // Another address is not affected.
      expect((await f.send('/captcha/sms/register', '13800000004', { ip: '10.0.0.2' })).status).toBe(200);
    });

    it('answers a taken number 429 like any other once its send limits are reached, the refusals counted', async () => {
      const signIn = await t.call('POST', '/login', {
        body: { account: 'admin', password: ADMIN_PASSWORD, captcha: await f.captchaToken() },
      });
      const admin = signIn.body.data as string;
      const orgs = (await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>;
      for (const mobile of ['13800000099', '13800000095']) {
        const created = await t.call('POST', '/account', {
          token: admin,
          body: {
            accountNumber: `taken.${mobile}`,
            accountName: '已注册',
            password: 'Taken#2026-ok',
            orgId: orgs[0]!.id,
            state: 1,
            contactNumber: mobile,
          },
        });
        expect(created.status, created.body.msg).toBe(200);
      }
      const ip = '10.0.9.1';
      const send = async (mobile: string) => {
        const res = await f.send('/captcha/sms/register', mobile, { ip });
        return [res.status, res.body.msg];
      };
      // Two an hour per number here: the "already registered" answers spend them like sent codes.
      expect([await send('13800000099'), await send('13800000099'), await send('13800000099')]).toEqual([
        [400, '该手机号已注册，请直接登录'],
        [400, '该手机号已注册，请直接登录'],
        [429, '该号码本小时接收验证码次数已达上限，请稍后再试'],
      ]);
      // Those two count for the address too (four an hour): two more sends spend it, and then a taken number
      // not asked about before answers exactly like a free one.
      expect((await send('13800000098'))[0]).toBe(200);
      expect((await send('13800000097'))[0]).toBe(200);
      expect(await send('13800000095')).toEqual([429, '当前网络发送验证码次数过多，请稍后再试']);
      expect(await send('13800000096')).toEqual([429, '当前网络发送验证码次数过多，请稍后再试']);
      expect(t.outbox().filter((line) => ['13800000099', '13800000095'].includes(line.to))).toEqual([]);
    });

    it('caps image captchas per client per minute', async () => {
      // The clock stands still: the 13 captchas fall in one minute however long drawing them takes.
      vi.useFakeTimers({ toFake: ['Date'] });
      const statuses: number[] = [];
      for (let i = 0; i < 13; i++) statuses.push((await t.call('GET', '/captcha/image', { ip: '10.9.9.9' })).status);
      expect(statuses.slice(0, 12).every((s) => s === 200)).toBe(true);
      expect(statuses[12]).toBe(429);
    });
  });

  describe('with registration configured', () => {
    let t: TestApp;
    let configured: TestApp;
    let closed: TestApp;
    let org: number;
    let role: number;
    const f = flows(() => configured);
    beforeAll(async () => {
      t = await startTestApp(lane);
      const admin = await t.login();
      const root = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
      const orgRes = await t.call('POST', '/org', { token: admin, body: { name: '注册用户', pid: root } });
      org = (orgRes.body.data as { id: number }).id;
      const resources = (await t.call('GET', '/resources', { token: admin })).body.data as Array<{ id: number }>;
      const roleRes = await t.call('POST', '/role', {
        token: admin,
        body: { name: '注册用户角色', resources: [resources[0]!.id] },
      });
      role = (roleRes.body.data as { id: number }).id;
      // Servers started on the same database with other registration settings.
      configured = await startTestApp(
        lane,
        { registration: { enabled: true, approval: false, orgId: org, roleId: role } },
        t.database,
      );
      closed = await startTestApp(
        lane,
        { registration: { enabled: false, approval: false, orgId: undefined, roleId: undefined } },
        t.database,
      );
    });
    afterAll(async () => {
      await configured.close();
      await closed.close();
      await t.close();
    });

    it('places new accounts in the configured organisation with the configured role', async () => {
      const mobile = '13300000002';
      const token = await f.smsToken('/captcha/sms/register', mobile);
      const res = await configured.call('POST', '/account/admin/register/noAuth', {
        body: { mobile, token, name: '丙', company: '丁', password: STRONG },
      });
      expect(res.status, res.body.msg).toBe(200);
      const session = await configured.login(mobile, STRONG);
      const info = (await configured.call('GET', '/getAccountInfo', { token: session })).body.data;
      expect(info).toMatchObject({ orgId: org, roleId: role, orgName: '注册用户', roleName: '注册用户角色' });
    });

    it('is refused when switched off, and the options say so', async () => {
      expect((await closed.call('GET', '/auth/options')).body.data).toMatchObject({
        loginCaptcha: false,
        registration: false,
      });
      const captcha = (await closed.call('GET', '/captcha/image')).body.data as { id: string };
      const validated = await closed.call('GET', '/captcha/image/validate', {
        query: { id: captcha.id, userInput: closed.codeFor(captcha.id) },
      });
      const send = await closed.call('POST', '/captcha/sms/register', {
        body: { mobile: '13300000001', captcha: validated.body.data as string },
      });
      expect(send.body.msg).toBe('暂未开放注册');
      const register = await closed.call('POST', '/account/admin/register/noAuth', {
        body: { mobile: '13300000001', token: 'x', name: '甲', company: '乙', password: STRONG },
      });
      expect(register.body.msg).toBe('暂未开放注册');
    });
  });
});
