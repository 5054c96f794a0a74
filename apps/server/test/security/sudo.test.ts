import { type RouteDef, routes, VERIFICATION_REQUIRED_HEADER } from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, lanes, proven, startTestApp, type TestApp, testConfig } from '../harness.js';

const PASSWORD = 'Sudo#2026-safe';

/**
 * Sudo mode: sensitive changes need an identity verification within SUDO_SECONDS; a sign-in counts as
 * one. A session is made "old" by moving its verification time back in the database (no clock waits).
 */
describe.each(lanes)('sudo mode on %s', (lane) => {
  let t: TestApp;
  let rootOrg: number;
  let serial = 0;

  async function account(extra: Record<string, unknown> = {}) {
    const number = `sudo${lane}${++serial}`;
    const res = await t.call('POST', '/account', {
      token: await t.login(),
      body: { accountNumber: number, accountName: number, password: PASSWORD, orgId: rootOrg, state: 1, ...extra },
    });
    expect(res.status, res.body.msg).toBe(200);
    return { id: (res.body.data as { id: number }).id, number };
  }

  const sessionOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

  /**
   * The session behind a token, as if its last verification and its last sensitive action were two hours ago (the
   * tests' window is an hour).
   */
  async function age(token: string) {
    await t.database.db
      .updateTable('session')
      .set({ verified_at: minutesAgo(120), sudo_used_at: minutesAgo(120) })
      .where('id', '=', sessionOf(token))
      .execute();
  }

  async function staleAdmin() {
    const token = await t.login();
    await age(token);
    return token;
  }

  function expectVerificationRequired(res: Awaited<ReturnType<TestApp['call']>>) {
    expect(res.status, res.body.msg).toBe(400);
    expect(res.body.msg).toBe('该操作需要在 60 分钟内验证过身份，请先验证身份');
    expect(res.headers[VERIFICATION_REQUIRED_HEADER]).toBe('identity');
  }

  /** The token of a code sent to a new mobile number or e-mail, validated in the session. */
  async function prove(token: string, kind: 'mobile' | 'email', to: string): Promise<string> {
    const sent = await t.call('POST', `/account/profile/${kind}/code`, { token, body: { [kind]: to } });
    expect(sent.status, sent.body.msg).toBe(200);
    const { id } = sent.body.data as { id: string };
    const res = await t.call('GET', kind === 'mobile' ? '/captcha/sms/validate' : '/emailValidCode/valid', {
      token,
      query: { id, userInput: t.codeFor(kind === 'mobile' ? to.replace(/^\+86/, '') : to.toLowerCase()) },
    });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as string;
  }

  beforeAll(async () => {
    const base = testConfig();
    // Two accounts prove the same number one after the other here; the wait between codes is not under test.
    t = await startTestApp(lane, { verification: { ...base.verification, resendSeconds: 0 } });
    rootOrg = ((await t.call('GET', '/orgs', { token: await t.login() })).body.data as Array<{ id: number }>)[0]!.id;
  });
  afterAll(() => t.close());

  it('the contract marks the sensitive routes', () => {
    const sudo = (Object.entries(routes) as Array<[string, RouteDef]>).filter(([, r]) => r.sudo).map(([n]) => n);
    expect(sudo.sort()).toEqual(
      [
        'applyConfigBundle',
        'deleteOrg',
        'deletePasskey',
        'passkeyRegisterOptions',
        'regenerateRecoveryCodes',
        'registerPasskey',
        'resetSecondFactor',
        'totpDisable',
        'totpSetup',
        'deleteRole',
        'exportAccounts',
        'exportAudit',
        'exportConfigBundle',
        'exportDicts',
        'exportOrgs',
        'exportPosts',
        'exportRoles',
        'exportSigninLog',
        'resetAccountPassword',
        'switchIdentity',
      ].sort(),
    );
  });

  it('refuses each sensitive route after the window and changes nothing; a password check opens it again', async () => {
    const target = await account();
    const role = (
      (await t.call('POST', '/role', { token: await t.login(), body: { name: `sudo-role-${lane}`, resources: [1] } }))
        .body.data as { id: number }
    ).id;
    const org = (
      (await t.call('POST', '/org', { token: await t.login(), body: { name: `sudo-org-${lane}`, pid: rootOrg } })).body
        .data as { id: number }
    ).id;
    const token = await staleAdmin();
    expectVerificationRequired(await t.call('PUT', '/account/reset', { token, body: { id: target.id } }));
    expectVerificationRequired(await t.call('DELETE', '/role', { token, query: { id: role } }));
    expectVerificationRequired(await t.call('DELETE', '/org', { token, query: { id: org } }));
    expectVerificationRequired(
      await t.call('GET', '/account/front/identity/switch', { token, query: { id: target.id } }),
    );
    expectVerificationRequired(await t.call('GET', '/audit/export', { token }));
    expectVerificationRequired(await t.call('GET', '/signin-log/export', { token }));
    for (const path of ['/org/export', '/role/export', '/dict/export']) {
      expectVerificationRequired(await t.call('GET', path, { token }));
    }
    expectVerificationRequired(await t.call('GET', '/config/bundle', { token }));
    // One's own second factor changes, and the administrator's reset of another's.
    expectVerificationRequired(await t.call('POST', '/auth/totp/setup', { token }));
    expectVerificationRequired(await t.call('DELETE', '/auth/totp', { token }));
    expectVerificationRequired(await t.call('POST', '/auth/recovery-codes', { token }));
    expectVerificationRequired(await t.call('POST', '/auth/passkeys/options', { token }));
    expectVerificationRequired(await t.call('DELETE', '/auth/passkeys/abc', { token }));
    expectVerificationRequired(await t.call('DELETE', '/account/second-factor', { token, query: { id: target.id } }));
    expectVerificationRequired(
      await t.call('POST', '/config/bundle/apply', {
        token,
        body: {
          bundle: { format: 'gatehouse-config', version: 1, resources: [], roles: [], dicts: [], orgs: [] },
          changeIds: [`org:["sudo-org-${lane}"]`],
        },
      }),
    );
    // Nothing changed: the old password still signs in, the role and the organisation are there.
    expect(await t.login(target.number, PASSWORD)).toBeTruthy();
    const roles = (await t.call('GET', '/role/s', { token: await t.login() })).body.data as Array<{ id: number }>;
    expect(roles.some((r) => r.id === role)).toBe(true);

    // Proving the password opens the window for this session.
    const check = await t.call('POST', '/auth/password/validate', { token, body: { password: ADMIN_PASSWORD } });
    expect(check.status, check.body.msg).toBe(200);
    expect((await t.call('PUT', '/account/reset', { token, body: { id: target.id } })).status).toBe(200);
    expect((await t.call('DELETE', '/role', { token, query: { id: role } })).status).toBe(200);
    expect((await t.call('DELETE', '/org', { token, query: { id: org } })).status).toBe(200);
    expect((await t.call('GET', '/audit/export', { token })).status).toBe(200);
    expect((await t.call('GET', '/org/export', { token })).status).toBe(200);
  });

  it('renews the window with each sensitive action, up to the longest verification (ADR 0035)', async () => {
    // The tests' window is an hour (SUDO_SECONDS 3600), the longest two (SUDO_MAX_SECONDS' default, 7200).
    const admin = await t.login();
    const session = sessionOf(admin);
    const set = (verified: number, used: number | null) =>
      t.database.db
        .updateTable('session')
        .set({ verified_at: minutesAgo(verified), sudo_used_at: used === null ? null : minutesAgo(used) })
        .where('id', '=', session)
        .execute();
    const usedAt = async () =>
      (await t.database.db.selectFrom('session').select('sudo_used_at').where('id', '=', session).executeTakeFirst())
        ?.sudo_used_at ?? null;
    const exportRoles = () => t.call('GET', '/role/export', { token: admin });

    // Verified 50 minutes ago: open; the action is recorded.
    await set(50, null);
    expect((await exportRoles()).status).toBe(200);
    const recorded = await usedAt();
    expect(recorded).not.toBeNull();
    expect(Date.parse(recorded!)).toBeGreaterThan(Date.parse(minutesAgo(1)));
    // Verified 100 minutes ago, past the window, but used 5 minutes ago: still open (a working session).
    await set(100, 5);
    expect((await exportRoles()).status).toBe(200);
    // Idle: verified 70 and last used 65 minutes ago, both past the window.
    await set(70, 65);
    expectVerificationRequired(await exportRoles());
    // Busy, but the verification is older than the longest: asked again, and a refusal renews nothing.
    await set(130, 5);
    expectVerificationRequired(await exportRoles());
    expect(Date.parse((await usedAt())!)).toBeLessThan(Date.parse(minutesAgo(4)));
    // A new verification opens it again.
    const checked = await t.call('POST', '/auth/password/validate', {
      token: admin,
      body: { password: ADMIN_PASSWORD },
    });
    expect(checked.status, checked.body.msg).toBe(200);
    expect((await exportRoles()).status).toBe(200);
  });

  it('a code to the account’s own mobile number counts as a verification; a captcha does not', async () => {
    const me = await account({ contactNumber: '13900000001' });
    const token = await t.login(me.number, PASSWORD);
    await age(token);
    const change = () =>
      t.call('PUT', '/account/profile', { token, body: { accountName: me.number, contactNumber: null } });
    expectVerificationRequired(await change());
    // The number an administrator set is not proven: it opens nothing (H-1, a planted number).
    const planted = await t.call('POST', '/captcha/sms', { token, body: { mobile: '13900000001' } });
    expect(planted.status).toBe(400);
    expect(planted.body.msg).toBe('该手机号不是当前账号已验证的手机号');
    await proven(t, me.id);
    const sent = await t.call('POST', '/captcha/sms', { token, body: { mobile: '13900000001' } });
    expect(sent.status, sent.body.msg).toBe(200);
    const { id } = sent.body.data as { id: string };
    const ok = await t.call('GET', '/captcha/sms/validate', {
      token,
      query: { id, userInput: t.codeFor('13900000001') },
    });
    expect(ok.status, ok.body.msg).toBe(200);
    expect((await change()).status).toBe(200);
  });

  it('a stolen token cannot move the account’s e-mail or mobile: new address proven by a code, and a recent verification', async () => {
    const me = await account({ email: 'owner@example.com' });
    const token = await t.login(me.number, PASSWORD);
    const body = (extra: Record<string, unknown>) => ({
      accountName: me.number,
      email: 'thief@example.com',
      ...extra,
    });
    // Fresh sign-in, but no proof for the new address.
    const unproven = await t.call('PUT', '/account/profile', { token, body: body({}) });
    expect(unproven.body).toEqual({ code: 400, msg: '更换邮箱需要先向新邮箱发送验证码并完成验证' });
    // A proof for another address does not do.
    const other = await prove(token, 'email', 'other@example.com');
    const wrong = await t.call('PUT', '/account/profile', { token, body: body({ emailToken: other }) });
    expect(wrong.body).toEqual({ code: 400, msg: '邮箱验证码不是发往该邮箱的，请重新获取' });
    // The thief proves the new address, but the session's last verification is old.
    const proof = await prove(token, 'email', 'thief@example.com');
    await age(token);
    expectVerificationRequired(await t.call('PUT', '/account/profile', { token, body: body({ emailToken: proof }) }));
    const info = (await t.call('GET', '/getAccountInfo', { token })).body.data as { email: string };
    expect(info.email).toBe('owner@example.com');
    // The owner, who knows the password, can.
    await t.call('POST', '/auth/password/validate', { token, body: { password: PASSWORD } });
    const done = await t.call('PUT', '/account/profile', { token, body: body({ emailToken: proof }) });
    expect(done.status, done.body.msg).toBe(200);
    expect((done.body.data as { email: string }).email).toBe('thief@example.com');
    // The token was spent with the change.
    const again = await t.call('PUT', '/account/profile', {
      token,
      body: body({ email: 'x@example.com', emailToken: proof }),
    });
    expect(again.status).toBe(400);
  });

  it('a proven mobile number or e-mail belongs to one account only', async () => {
    const first = await account();
    const firstToken = await t.login(first.number, PASSWORD);
    const mobileToken = await prove(firstToken, 'mobile', '13900000042');
    const bound = await t.call('PUT', '/account/profile', {
      token: firstToken,
      body: { accountName: first.number, contactNumber: '13900000042', mobileToken },
    });
    expect(bound.status, bound.body.msg).toBe(200);
    // Another account cannot copy it into its own profile, even with a code (say, a shared phone).
    const second = await account();
    const secondToken = await t.login(second.number, PASSWORD);
    const copy = await prove(secondToken, 'mobile', '+8613900000042');
    const refused = await t.call('PUT', '/account/profile', {
      token: secondToken,
      body: { accountName: second.number, contactNumber: '+8613900000042', mobileToken: copy },
    });
    expect(refused.body).toEqual({ code: 400, msg: '该手机号已被其他账号使用', field: 'contactNumber' });
    // Nor can an administrator give it to another account.
    const given = await t.call('PUT', '/account', {
      token: await t.login(),
      body: {
        id: second.id,
        accountNumber: second.number,
        accountName: second.number,
        orgId: rootOrg,
        state: 1,
        contactNumber: '13900000042',
      },
    });
    expect(given.body).toEqual({ code: 400, msg: '该手机号已被其他账号使用', field: 'contactNumber' });
    // Recovery codes still reach the owner: the number names exactly one account.
    const owner = await t.database.db
      .selectFrom('account')
      .select(['id', 'contact_verified'])
      .where('contact_number', '=', '13900000042')
      .execute();
    expect(owner).toEqual([{ id: first.id, contact_verified: 1 }]);
  });

  it('a switched session carries the verification of the session it came from', async () => {
    const target = await account();
    const token = await t.login();
    const switched = (await t.call('GET', '/account/front/identity/switch', { token, query: { id: target.id } })).body
      .data as string;
    const sid = (tok: string) => JSON.parse(Buffer.from(tok.split('.')[1]!, 'base64url').toString()).sid as string;
    const rows = await t.database.db
      .selectFrom('session')
      .select(['id', 'verified_at'])
      .where('id', 'in', [sid(token), sid(switched)])
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]!.verified_at).toBe(rows[1]!.verified_at);
  });
});
