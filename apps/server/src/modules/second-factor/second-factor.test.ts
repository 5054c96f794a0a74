import { VERIFICATION_REQUIRED_HEADER } from '@gatehouse/contract';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../../test/harness.js';
import { createSoftwareAuthenticator } from './testing/software-authenticator.js';

const PASSWORD = 'Tq7!mzP2vw';
const ORIGIN = 'http://localhost:8080';
const SITE = { origin: ORIGIN, host: 'localhost:8080' };

type Challenge = { secondFactor: string[]; ticket: string };

describe.each(lanes)('second factor on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  let rootOrg: number;

  async function newAccount(roleId: number | null = null) {
    const accountNumber = `f${Math.random().toString(36).slice(2, 10)}`;
    const created = await t.call('POST', '/account', {
      token: admin,
      body: {
        accountNumber,
        accountName: '双因素用户',
        password: PASSWORD,
        orgId: rootOrg,
        roleId,
        state: 1,
        mustChangePassword: false,
      },
    });
    expect(created.status, created.body.msg).toBe(200);
    const id = (created.body.data as { id: number }).id;
    return { id, accountNumber, token: await t.login(accountNumber, PASSWORD) };
  }

  /** An account with the authenticator app on: its secret and recovery codes. */
  async function withTotp() {
    const account = await newAccount();
    const setup = await t.call('POST', '/auth/totp/setup', { token: account.token });
    expect(setup.status, setup.body.msg).toBe(200);
    const { secret, otpauthUrl } = setup.body.data as { secret: string; otpauthUrl: string };
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    const enabled = await t.call('POST', '/auth/totp/enable', {
      token: account.token,
      body: { code: await generate({ secret }) },
    });
    expect(enabled.status, enabled.body.msg).toBe(200);
    const { recoveryCodes } = enabled.body.data as { recoveryCodes: string[] };
    return { ...account, secret, recoveryCodes };
  }

  /** Lets the next code of the current 30-second window be used again (a code works once per account). */
  const forgetUsedSteps = (accountId: number) =>
    t.database.db.updateTable('account_totp').set({ last_step: 0 }).where('account_id', '=', accountId).execute();

  async function firstStep(accountNumber: string): Promise<Challenge> {
    const res = await t.call('POST', '/login', { body: { account: accountNumber, password: PASSWORD } });
    expect(res.status, res.body.msg).toBe(200);
    expect(typeof res.body.data).toBe('object');
    return res.body.data as Challenge;
  }

  const secondStep = (body: Record<string, unknown>, headers?: Record<string, string>) =>
    t.call('POST', '/login/second-factor', { body, headers });

  const lastLog = async (accountId: number) =>
    t.database.db
      .selectFrom('signin_log')
      .select(['method', 'reason', 'outcome', 'kind'])
      .where('account_id', '=', accountId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await startTestApp(lane, { tokenTtlSeconds: 600, sessionMaxAgeSeconds: 3600 });
    admin = await t.login();
    const orgs = await t.call('GET', '/orgs', { token: admin });
    rootOrg = (orgs.body.data as Array<{ id: number }>)[0]!.id;
  });
  afterAll(() => t.close());

  it('turns TOTP on only with a right code, answers ten distinct recovery codes, and seals the secret', async () => {
    const account = await newAccount();
    const setup = await t.call('POST', '/auth/totp/setup', { token: account.token });
    const { secret } = setup.body.data as { secret: string };
    const wrong = await t.call('POST', '/auth/totp/enable', { token: account.token, body: { code: '000000' } });
    // A wrong code answers 400 (one in a million is right: then the next assertion would say so).
    if (wrong.status === 200) return;
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('动态验证码错误或已使用');
    const enabled = await t.call('POST', '/auth/totp/enable', {
      token: account.token,
      body: { code: await generate({ secret }) },
    });
    const codes = (enabled.body.data as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await t.database.db
      .selectFrom('account_totp')
      .select('secret')
      .where('account_id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(secret);
    const hashes = await t.database.db
      .selectFrom('account_recovery_code')
      .select('code_hash')
      .where('account_id', '=', account.id)
      .execute();
    expect(hashes.map((h) => h.code_hash)).not.toContain(codes[0]);
    const status = await t.call('GET', '/auth/second-factor', { token: account.token });
    expect(status.body.data).toMatchObject({ totp: true, passkeys: [], recoveryCodesLeft: 10, required: false });
    const again = await t.call('POST', '/auth/totp/setup', { token: account.token });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('身份验证器已启用');
  });

  it('signs in in two steps: a right password alone answers a ticket, not a token', async () => {
    const account = await withTotp();
    const challenge = await firstStep(account.accountNumber);
    expect(challenge.secondFactor).toEqual(['totp', 'recovery']);
    expect(challenge.ticket.length).toBeGreaterThan(30);
    // The ticket is no session token.
    expect((await t.call('GET', '/getAccountInfo', { token: challenge.ticket })).status).toBe(401);

    await forgetUsedSteps(account.id);
    const code = await generate({ secret: account.secret });
    const res = await secondStep({ ticket: challenge.ticket, method: 'totp', code });
    expect(res.status, res.body.msg).toBe(200);
    const token = res.body.data as string;
    expect((await t.call('GET', '/getAccountInfo', { token })).status).toBe(200);
    expect(await lastLog(account.id)).toEqual({ method: 'totp', reason: 'ok', outcome: 'success', kind: 'signin' });

    // The ticket works once; the code works once, even with a fresh ticket.
    expect((await secondStep({ ticket: challenge.ticket, method: 'totp', code })).body.msg).toBe(
      '登录验证已过期或已失效，请重新输入账号和密码',
    );
    const next = await firstStep(account.accountNumber);
    const replay = await secondStep({ ticket: next.ticket, method: 'totp', code });
    expect(replay.status).toBe(400);
    expect(replay.body.msg).toBe('动态验证码错误或已使用');
    expect(await lastLog(account.id)).toEqual({
      method: 'totp',
      reason: 'code_invalid',
      outcome: 'failure',
      kind: 'signin',
    });
  });

  it('takes each recovery code once', async () => {
    const account = await withTotp();
    const code = account.recoveryCodes[3]!;
    const first = await firstStep(account.accountNumber);
    const ok = await secondStep({ ticket: first.ticket, method: 'recovery', code: code.toUpperCase() });
    expect(ok.status, ok.body.msg).toBe(200);
    expect(await lastLog(account.id)).toMatchObject({ method: 'recovery', reason: 'ok' });
    const second = await firstStep(account.accountNumber);
    const again = await secondStep({ ticket: second.ticket, method: 'recovery', code });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('恢复码错误或已使用');
    const status = await t.call('GET', '/auth/second-factor', { token: ok.body.data as string });
    expect((status.body.data as { recoveryCodesLeft: number }).recoveryCodesLeft).toBe(9);
  });

  it('binds a ticket to its account, gives it five attempts and a few minutes, and asks for the code', async () => {
    const a = await withTotp();
    const b = await withTotp();
    // b's right code on a's ticket is wrong: the ticket names the account.
    const ticketA = (await firstStep(a.accountNumber)).ticket;
    await forgetUsedSteps(b.id);
    const cross = await secondStep({ ticket: ticketA, method: 'totp', code: await generate({ secret: b.secret }) });
    expect(cross.status).toBe(400);
    const missing = await secondStep({ ticket: ticketA, method: 'totp' });
    expect(missing.body.msg).toBe('请输入验证码');
    for (let i = 0; i < 4; i++) await secondStep({ ticket: ticketA, method: 'recovery', code: `wrong-${i}` });
    // Five attempts spent (one above, four here): the right code no longer helps this ticket.
    await forgetUsedSteps(a.id);
    const late = await secondStep({ ticket: ticketA, method: 'totp', code: await generate({ secret: a.secret }) });
    expect(late.status).toBe(410);
    expect(late.body.msg).toBe('登录验证已过期或已失效，请重新输入账号和密码');

    await t.database.db
      .updateTable('signin_guard')
      .set({ locked_until: null, failures: 0 })
      .where('account', '=', a.accountNumber)
      .execute();
    const expiring = (await firstStep(a.accountNumber)).ticket;
    await t.database.db
      .updateTable('signin_ticket')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const expired = await secondStep({ ticket: expiring, method: 'totp', code: await generate({ secret: a.secret }) });
    expect(expired.status).toBe(410);
    expect(expired.body.msg).toBe('登录验证已过期或已失效，请重新输入账号和密码');
  });

  it('locks the second step after five wrong codes in a row, from any address, whatever the password does', async () => {
    const account = await withTotp();
    for (let i = 0; i < 5; i++) {
      const { ticket } = await firstStep(account.accountNumber);
      const res = await t.call('POST', '/login/second-factor', {
        body: { ticket, method: 'recovery', code: `nope-${i}` },
        ip: `10.0.0.${i + 1}`,
      });
      expect(res.status).toBe(400);
    }
    // The right password still passes its step (its own streak is not this one) and the right code is refused.
    const { ticket } = await firstStep(account.accountNumber);
    await forgetUsedSteps(account.id);
    const locked = await secondStep({ ticket, method: 'totp', code: await generate({ secret: account.secret }) });
    expect(locked.status).toBe(429);
    expect(locked.body.msg).toMatch(/双因素验证失败次数过多，请 \d+ 分钟后再试/);
    expect(await lastLog(account.id)).toMatchObject({ method: 'totp', reason: 'locked' });
  });

  it('checks at most five of 200 wrong codes sent at once: the lock is counted and set before each check', async () => {
    // M-2 (docs/security.md): read, checked, then counted, 500 concurrent wrong codes were all checked and none locked.
    const account = await withTotp();
    // Codes no step near now accepts (one step of drift either side, and one more should the clock turn meanwhile).
    const near = new Set<string>();
    for (let s = -2; s <= 3; s++) {
      near.add(await generate({ secret: account.secret, epoch: Math.floor(Date.now() / 1000) + s * 30 }));
    }
    const codes: string[] = [];
    for (let n = 100_000; codes.length < 200; n++) if (!near.has(String(n))) codes.push(String(n));
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.call('POST', '/auth/totp/validate', {
          token: account.token,
          body: { code: codes[i]! },
          ip: '10.31.1.1',
        }),
      ),
    );
    const wrong = answers.filter((a) => a.status === 400);
    expect(wrong.every((a) => a.body.msg === '动态验证码错误或已使用')).toBe(true);
    expect(wrong.length).toBeLessThanOrEqual(5);
    const refused = answers.filter((a) => a.status !== 400);
    expect(refused.every((a) => a.status === 429 && /双因素验证失败次数过多/.test(a.body.msg))).toBe(true);
    const checked = await t.database.db
      .selectFrom('signin_log')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('account_id', '=', account.id)
      .where('reason', '=', 'code_invalid')
      .executeTakeFirstOrThrow();
    expect(Number(checked.n)).toBeLessThanOrEqual(5);
  });

  it('makes the authenticator app a method of identity verification that opens sudo mode', async () => {
    const account = await withTotp();
    // Sudo mode long past: turning TOTP off asks for a verification.
    await t.database.db
      .updateTable('session')
      .set({ verified_at: '2000-01-01T00:00:00.000Z' })
      .where('account_id', '=', account.id)
      .execute();
    const refused = await t.call('DELETE', '/auth/totp', { token: account.token });
    expect(refused.status).toBe(400);
    expect(refused.headers[VERIFICATION_REQUIRED_HEADER]).toBe('identity');
    const wrong = await t.call('POST', '/auth/totp/validate', { token: account.token, body: { code: 'abc' } });
    expect(wrong.status).toBe(400);
    await forgetUsedSteps(account.id);
    const verified = await t.call('POST', '/auth/totp/validate', {
      token: account.token,
      body: { code: await generate({ secret: account.secret }) },
    });
    expect(verified.status, verified.body.msg).toBe(200);
    expect(typeof verified.body.data).toBe('string');
    const off = await t.call('DELETE', '/auth/totp', { token: account.token });
    expect(off.status, off.body.msg).toBe(200);
    // No factor left: one-step sign-in again, and the recovery codes are gone.
    const login = await t.call('POST', '/login', { body: { account: account.accountNumber, password: PASSWORD } });
    expect(typeof login.body.data).toBe('string');
    const left = await t.database.db
      .selectFrom('account_recovery_code')
      .select('code_hash')
      .where('account_id', '=', account.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('logs a first step, a sign-in and an identity verification apart, and 今日登录 counts the sign-ins alone', async () => {
    const account = await withTotp();
    const challenge = await firstStep(account.accountNumber);
    await forgetUsedSteps(account.id);
    const signedIn = await secondStep({
      ticket: challenge.ticket,
      method: 'totp',
      code: await generate({ secret: account.secret }),
    });
    expect(signedIn.status, signedIn.body.msg).toBe(200);
    const token = signedIn.body.data as string;
    await forgetUsedSteps(account.id);
    const stepUp = await t.call('POST', '/auth/totp/validate', {
      token,
      body: { code: await generate({ secret: account.secret }) },
    });
    expect(stepUp.status, stepUp.body.msg).toBe(200);
    const wrongCheck = await t.call('POST', '/auth/password/validate', { token, body: { password: 'not-it' } });
    expect(wrongCheck.status).toBe(400);
    const check = await t.call('POST', '/auth/password/validate', { token, body: { password: PASSWORD } });
    expect(check.status, check.body.msg).toBe(200);

    type Entry = { kind: string; method: string; reason: string; outcome: string };
    const log = async (query: string) => {
      const res = await t.call('GET', `/signin-log/s?p=1&pageSize=100&${query}`, { token: admin });
      expect(res.status, res.body.msg).toBe(200);
      return res.body.data as { list: Entry[]; totalCount: number };
    };
    const entries = (await log(`account=${account.accountNumber}`)).list.map(({ kind, method, reason }) =>
      [kind, method, reason].join(' '),
    );
    // Newest first: the creation's sign-in (before the authenticator app), then the two-step sign-in and the checks.
    expect(entries).toEqual([
      'verification password_check ok',
      'verification password_check bad_credentials',
      'verification totp ok',
      'signin totp ok',
      'first_factor password ok',
      'signin password ok',
    ]);
    const verifications = await log(`account=${account.accountNumber}&kind=verification`);
    expect(verifications.list.map((e) => e.method)).toEqual(['password_check', 'password_check', 'totp']);

    // The dashboard's 今日登录 (sessions opened today, UTC+8) is the log's successful sign-ins of the same day.
    const midnight = Date.parse(`${new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10)}T00:00:00Z`);
    const today = await log(`kind=signin&outcome=success&startTime=${midnight - 8 * 3_600_000}`);
    const overview = await t.call('GET', '/stats/overview', { token: admin });
    expect(overview.status, overview.body.msg).toBe(200);
    expect((overview.body.data as { signInsToday: number }).signInsToday).toBe(today.totalCount);
  });

  it('leads an account whose role requires a second factor to enrol before anything else', async () => {
    const { id: roleId } = await t.database.db
      .insertInto('role')
      .values({ name: `需双因素${Date.now()}`, remark: null, builtin: 0, create_time: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db.updateTable('role').set({ require_second_factor: 1 }).where('id', '=', roleId).execute();
    const account = await newAccount(roleId);
    const blocked = await t.call('GET', '/account/sessions', { token: account.token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.msg).toBe('您的角色要求启用双因素认证，请先添加身份验证器或通行密钥');
    const info = await t.call('GET', '/getAccountInfo', { token: account.token });
    expect(info.status).toBe(200);
    const status = await t.call('GET', '/auth/second-factor', { token: account.token });
    expect((status.body.data as { required: boolean }).required).toBe(true);
    const setup = await t.call('POST', '/auth/totp/setup', { token: account.token });
    const { secret } = setup.body.data as { secret: string };
    const enabled = await t.call('POST', '/auth/totp/enable', {
      token: account.token,
      body: { code: await generate({ secret }) },
    });
    expect(enabled.status, enabled.body.msg).toBe(200);
    expect((await t.call('GET', '/account/sessions', { token: account.token })).status).toBe(200);
  });

  it('lets a dominating administrator reset a second factor, and refuses a switched identity the owner’s actions', async () => {
    const account = await withTotp();
    // The administrator acting as the account may not use or change its factors.
    const switched = await t.call('GET', '/account/front/identity/switch', { token: admin, query: { id: account.id } });
    expect(switched.status, switched.body.msg).toBe(200);
    const asOwner = switched.body.data as string;
    const refused = await t.call('DELETE', '/auth/totp', { token: asOwner });
    expect(refused.status).toBe(403);
    // Refused by the guard for the route's security class (credential), before the service's own rule.
    expect(refused.body.msg).toBe('切换身份期间不能执行“停用身份验证器”（会创建或修改凭据），请先返回原身份');
    await t.call('POST', '/account/front/identity/restore', { token: asOwner });

    const reset = await t.call('DELETE', '/account/second-factor', { token: admin, query: { id: account.id } });
    expect(reset.status, reset.body.msg).toBe(200);
    const login = await t.call('POST', '/login', { body: { account: account.accountNumber, password: PASSWORD } });
    expect(typeof login.body.data).toBe('string');
    const flag = await t.database.db
      .selectFrom('account')
      .select('second_factor')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(flag.second_factor).toBe(0);
  });

  it('enrols a passkey, signs in with it alone and as the second step, and verifies identity with it', async () => {
    const account = await newAccount();
    const authenticator = createSoftwareAuthenticator(ORIGIN);
    const options = await t.call('POST', '/auth/passkeys/options', { token: account.token, headers: SITE });
    expect(options.status, options.body.msg).toBe(200);
    const { challengeId, options: creation } = options.body.data as {
      challengeId: string;
      options: { challenge: string; rp: { id: string }; authenticatorSelection: { residentKey: string } };
    };
    expect(creation.rp.id).toBe('localhost');
    expect(creation.authenticatorSelection.residentKey).toBe('required');
    const registered = await t.call('POST', '/auth/passkeys', {
      token: account.token,
      headers: SITE,
      body: { challengeId, name: '测试密钥', credential: authenticator.register(creation) },
    });
    expect(registered.status, registered.body.msg).toBe(200);
    const added = registered.body.data as { passkey: { id: string; name: string }; recoveryCodes: string[] };
    expect(added.passkey).toMatchObject({ id: authenticator.id, name: '测试密钥' });
    // The account's first factor brings its recovery codes.
    expect(added.recoveryCodes).toHaveLength(10);
    // The challenge was spent.
    const reused = await t.call('POST', '/auth/passkeys', {
      token: account.token,
      headers: SITE,
      body: { challengeId, name: 'x', credential: authenticator.register(creation) },
    });
    expect(reused.body.msg).toBe('验证已过期，请重试');

    // Passwordless.
    const loginOptions = await t.call('POST', '/login/passkey/options', { headers: SITE });
    const login = loginOptions.body.data as { challengeId: string; options: { challenge: string } };
    const signedIn = await t.call('POST', '/login/passkey', {
      headers: SITE,
      body: { challengeId: login.challengeId, credential: authenticator.authenticate(login.options) },
    });
    expect(signedIn.status, signedIn.body.msg).toBe(200);
    expect((await t.call('GET', '/getAccountInfo', { token: signedIn.body.data as string })).status).toBe(200);
    expect(await lastLog(account.id)).toMatchObject({ method: 'passkey', reason: 'ok', kind: 'signin' });

    // Another site's answer is refused.
    const phishOptions = (await t.call('POST', '/login/passkey/options', { headers: SITE })).body.data as {
      challengeId: string;
      options: { challenge: string };
    };
    const phished = await t.call('POST', '/login/passkey', {
      headers: SITE,
      body: {
        challengeId: phishOptions.challengeId,
        credential: authenticator.authenticate(phishOptions.options, { origin: 'https://evil.example' }),
      },
    });
    expect(phished.status).toBe(400);
    expect(phished.body.msg).toBe('通行密钥验证失败');

    // As the second step after the password.
    const challenge = await firstStep(account.accountNumber);
    expect(challenge.secondFactor).toEqual(['passkey', 'recovery']);
    const stepOptions = await t.call('POST', '/login/second-factor/options', {
      headers: SITE,
      body: { ticket: challenge.ticket },
    });
    const request = (stepOptions.body.data as { options: { challenge: string; allowCredentials: { id: string }[] } })
      .options;
    expect(request.allowCredentials.map((c) => c.id)).toEqual([authenticator.id]);
    const step = await secondStep(
      { ticket: challenge.ticket, method: 'passkey', credential: authenticator.authenticate(request) },
      SITE,
    );
    expect(step.status, step.body.msg).toBe(200);
    const token = step.body.data as string;

    // Identity verification with the passkey.
    const verifyOptions = await t.call('POST', '/auth/passkeys/verify/options', { token, headers: SITE });
    const verify = verifyOptions.body.data as { challengeId: string; options: { challenge: string } };
    const verified = await t.call('POST', '/auth/passkeys/verify', {
      token,
      headers: SITE,
      body: { challengeId: verify.challengeId, credential: authenticator.authenticate(verify.options) },
    });
    expect(verified.status, verified.body.msg).toBe(200);
    expect(await lastLog(account.id)).toMatchObject({ method: 'passkey', reason: 'ok', kind: 'verification' });

    // Rename, then remove: no factor left, one-step sign-in again.
    const renamed = await t.call('PUT', `/auth/passkeys/${authenticator.id}`, { token, body: { name: '办公室电脑' } });
    expect((renamed.body.data as { name: string }).name).toBe('办公室电脑');
    expect((await t.call('DELETE', `/auth/passkeys/${authenticator.id}`, { token })).status).toBe(200);
    const after = await t.call('POST', '/login', { body: { account: account.accountNumber, password: PASSWORD } });
    expect(typeof after.body.data).toBe('string');
  });

  it('refuses passkey ceremonies whose Origin is missing or names another host', async () => {
    const none = await t.call('POST', '/login/passkey/options');
    expect(none.status).toBe(400);
    expect(none.body.msg).toMatch(/WEBAUTHN_ORIGINS/);
    const other = await t.call('POST', '/login/passkey/options', {
      headers: { origin: 'https://evil.example', host: 'localhost:8080' },
    });
    expect(other.status).toBe(400);
  });

  it('gives one client address at most 30 passkey challenges a minute', async () => {
    const ask = (ip: string) => t.call('POST', '/login/passkey/options', { headers: SITE, ip });
    for (let i = 0; i < 30; i++) expect((await ask('10.9.9.9')).status).toBe(200);
    const refused = await ask('10.9.9.9');
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toBe('通行密钥验证请求过于频繁，请稍后再试');
    expect((await ask('10.9.9.8')).status).toBe(200);
  });

  it('answers an SMS sign-in of an account with a second factor with a ticket too', async () => {
    const account = await withTotp();
    const mobile = `139${String(Date.now()).slice(-8)}`;
    // A number its owner proved (codes go to proven numbers only).
    await t.database.db
      .updateTable('account')
      .set({ contact_number: mobile, contact_verified: 1 })
      .where('id', '=', account.id)
      .execute();
    const captcha = await t.call('GET', '/captcha/image');
    const captchaId = (captcha.body.data as { id: string }).id;
    const captchaToken = await t.call('GET', '/captcha/image/validate', {
      query: { id: captchaId, userInput: t.codeFor(captchaId) },
    });
    const sent = await t.call('POST', '/captcha/sms/login', {
      body: { mobile, captcha: captchaToken.body.data as string },
    });
    expect(sent.status, sent.body.msg).toBe(200);
    const proven = await t.call('GET', '/captcha/sms/validate', {
      query: { id: (sent.body.data as { id: string }).id, userInput: t.codeFor(mobile) },
    });
    const res = await t.call('POST', '/login/sms', { body: { token: proven.body.data as string } });
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ secondFactor: ['totp', 'recovery'] });
  });
});
