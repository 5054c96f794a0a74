import { routes } from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp, testConfig } from '../harness.js';
import { uploadPreview } from '../import-upload.js';

// The December review's contact findings (docs/security.md, "Security classes", contact): a mobile number or e-mail
// proves identity only after its owner proved it (H-1, L-3); one's own contact costs sudo mode and a code on every
// route that writes it (personal page, PUT /account, the import); binding codes are capped per account (L-5); the
// permission preview and the lookups stay inside the caller's scope (M-1, L-1).

const PASSWORD = 'Contact#2026-proof';

describe.each(lanes)('contacts prove identity only once proven, on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  let rootOrg: number;
  let serial = 0;

  const ok = (res: { status: number; body: { msg?: string; data?: unknown } }) => {
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data;
  };

  async function account(extra: Record<string, unknown> = {}) {
    const number = `proof${lane}${++serial}`;
    const body = { accountNumber: number, accountName: number, password: PASSWORD, orgId: rootOrg, state: 1, ...extra };
    const created = ok(await t.call('POST', '/account', { token: admin, body })) as Record<string, unknown>;
    return { id: created.id as number, number, created };
  }

  const captchaToken = async () => {
    const { id } = ok(await t.call('GET', '/captcha/image')) as { id: string };
    return ok(await t.call('GET', '/captcha/image/validate', { query: { id, userInput: t.codeFor(id) } })) as string;
  };
  const delivered = (to: string) => t.outbox().some((line) => line.channel !== 'captcha' && line.to === to);

  /** The token of a binding code sent to `to` from the session `token` (the personal page's round trip). */
  async function bindToken(token: string, kind: 'mobile' | 'email', to: string) {
    const sent = ok(await t.call('POST', `/account/profile/${kind}/code`, { token, body: { [kind]: to } })) as {
      id: string;
    };
    const check = kind === 'mobile' ? '/captcha/sms/validate' : '/emailValidCode/valid';
    return ok(await t.call('GET', check, { token, query: { id: sent.id, userInput: t.codeFor(to) } })) as string;
  }

  beforeAll(async () => {
    const base = testConfig();
    t = await startTestApp(lane, { verification: { ...base.verification, resendSeconds: 0 } });
    admin = await t.login();
    rootOrg = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
  });
  afterAll(() => t.close());

  it('H-1: a number an administrator set is unproven; recovery and SMS sign-in codes do not reach it until its owner proves it', async () => {
    const mobile = `1371000${lane === 'sqlite' ? '0001' : '0002'}`;
    const email = `owner.${lane}@example.com`;
    const me = await account({ contactNumber: mobile, email });
    expect(me.created).toMatchObject({ contactVerified: false, emailVerified: false });

    for (const path of ['/captcha/sms/reset-password', '/captcha/sms/login']) {
      const sent = await t.call('POST', path, { body: { mobile, captcha: await captchaToken() } });
      // The same answer as for a number nobody holds (no directory of numbers), and nothing is delivered.
      expect(sent.status, sent.body.msg).toBe(200);
      expect(delivered(mobile)).toBe(false);
    }
    const mail = await t.call('GET', '/emailValidCode', { query: { email, captcha: await captchaToken() } });
    expect(mail.status, mail.body.msg).toBe(200);
    expect(delivered(email)).toBe(false);

    // The owner proves the stored number on the personal page: sudo (a fresh sign-in) and a code to it.
    const token = await t.login(me.number, PASSWORD);
    const mobileToken = await bindToken(token, 'mobile', mobile);
    const saved = ok(
      await t.call('PUT', '/account/profile', {
        token,
        body: { accountName: me.number, contactNumber: mobile, email, mobileToken },
      }),
    );
    expect(saved).toMatchObject({ contactVerified: true, emailVerified: false });
    const reset = await t.call('POST', '/captcha/sms/reset-password', {
      body: { mobile, captcha: await captchaToken() },
    });
    expect(reset.status, reset.body.msg).toBe(200);
    expect(delivered(mobile)).toBe(true);

    // An administrator who changes it makes it unproven again: 编辑账号 is not 重置密码.
    const other = `1371000${lane === 'sqlite' ? '0003' : '0004'}`;
    const edited = ok(
      await t.call('PUT', '/account', {
        token: admin,
        body: {
          id: me.id,
          accountNumber: me.number,
          accountName: me.number,
          orgId: rootOrg,
          state: 1,
          contactNumber: other,
        },
      }),
    );
    expect(edited).toMatchObject({ contactNumber: other, contactVerified: false });
    await t.call('POST', '/captcha/sms/login', { body: { mobile: other, captcha: await captchaToken() } });
    expect(delivered(other)).toBe(false);
  });

  it('H-1: one’s own contact through PUT /account costs what it costs on the personal page', async () => {
    const me = await account({ roleId: 1 });
    const token = await t.login(me.number, PASSWORD);
    const mobile = `1372000${lane === 'sqlite' ? '0001' : '0002'}`;
    const body = { id: me.id, accountNumber: me.number, accountName: me.number, orgId: rootOrg, roleId: 1, state: 1 };
    const bare = await t.call('PUT', '/account', { token, body: { ...body, contactNumber: mobile } });
    expect(bare.status).toBe(400);
    expect(bare.body.msg).toBe('更换手机号需要先向新手机号发送验证码并完成验证');
    const mobileToken = await bindToken(token, 'mobile', mobile);
    const done = ok(await t.call('PUT', '/account', { token, body: { ...body, contactNumber: mobile, mobileToken } }));
    expect(done).toMatchObject({ contactNumber: mobile, contactVerified: true });
  });

  it('H-1: the import does not change one’s own contact, and another’s it sets stays unproven', async () => {
    const me = await account({ roleId: 1 });
    const them = await account();
    const token = await t.login(me.number, PASSWORD);
    const sheet = (rows: string[][]) =>
      Buffer.from(`${[['账号', '用户名', '所属组织', '手机号码'], ...rows].map((r) => r.join(',')).join('\n')}\n`);
    const root = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ name: string }>)[0]!.name;
    const own = await uploadPreview(
      t,
      '/account/import/preview',
      token,
      'own.csv',
      sheet([[me.number, 'x', root, '13730000001']]),
    );
    expect(own.status, own.msg).toBe(200);
    const refused = await t.call('POST', '/account/import/commit', {
      token,
      body: { previewId: own.data.previewId, mode: 'upsert', initialPassword: PASSWORD },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(
      `账号 ${me.number} 是您自己的账号：手机号和邮箱只能在“个人信息”中验证后修改，不能通过导入修改`,
    );
    const theirs = await uploadPreview(
      t,
      '/account/import/preview',
      token,
      'theirs.csv',
      sheet([[them.number, 'y', root, '13730000002']]),
    );
    ok(
      await t.call('POST', '/account/import/commit', {
        token,
        body: { previewId: theirs.data.previewId, mode: 'upsert', initialPassword: PASSWORD },
      }),
    );
    const row = await t.database.db
      .selectFrom('account')
      .select(['contact_number', 'contact_verified'])
      .where('id', '=', them.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ contact_number: '13730000002', contact_verified: 0 });
  });

  it('L-3: a proven number stays its owner’s way back, whatever an administrator types elsewhere', async () => {
    const owner = await account();
    const mobile = `1374000${lane === 'sqlite' ? '0001' : '0002'}`;
    const token = await t.login(owner.number, PASSWORD);
    const mobileToken = await bindToken(token, 'mobile', mobile);
    ok(
      await t.call('PUT', '/account/profile', {
        token,
        body: { accountName: owner.number, contactNumber: mobile, mobileToken },
      }),
    );
    // Another account cannot be given the proven number, so the recovery still finds exactly its owner.
    const taken = await t.call('POST', '/account', {
      token: admin,
      body: {
        accountNumber: `proofdup${lane}`,
        accountName: 'dup',
        password: PASSWORD,
        orgId: rootOrg,
        state: 1,
        contactNumber: mobile,
      },
    });
    expect(taken.status).toBe(400);
    const before = t.outbox().filter((l) => l.to === mobile).length;
    ok(await t.call('POST', '/captcha/sms/reset-password', { body: { mobile, captcha: await captchaToken() } }));
    expect(t.outbox().filter((l) => l.to === mobile).length).toBe(before + 1);
  });

  it('L-5: codes to new numbers and addresses are capped per account, whatever the recipients', async () => {
    const me = await account();
    const token = await t.login(me.number, PASSWORD);
    const cap = t.config.verification.perRecipientDay;
    for (let i = 0; i < cap; i++) {
      const to = `1375${lane === 'sqlite' ? '1' : '2'}${String(i).padStart(6, '0')}`;
      ok(await t.call('POST', '/account/profile/mobile/code', { token, body: { mobile: to } }));
    }
    const over = await t.call('POST', '/account/profile/email/code', {
      token,
      body: { email: `cap.${lane}@example.com` },
    });
    expect(over.status).toBe(429);
    expect(over.body.msg).toBe('今天向新手机号或邮箱发送的验证码已达上限，请明天再试');
  });
});

describe.each(lanes)('previews and lookups stay inside the caller’s scope, on %s', (lane) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
  });
  afterAll(() => t.close());

  it('M-1 and L-1: a custom-scope administrator previewing a role, or looking up a number, sees nothing outside its scope', async () => {
    const ok = (res: { status: number; body: { msg?: string; data?: unknown } }) => {
      expect(res.status, res.body.msg).toBe(200);
      return res.body.data;
    };
    const id = (data: unknown) => (data as { id: number }).id;
    const root = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
    const org = async (name: string) =>
      id(ok(await t.call('POST', '/org', { token: admin, body: { name, pid: root } })));
    const inside = await org(`范围内-${lane}`);
    const home = await org(`所在地-${lane}`);
    const resources = (await t.call('GET', '/resources', { token: admin })).body.data as Array<{
      id: number;
      url: string | null;
    }>;
    const role = async (body: Record<string, unknown>) =>
      id(
        ok(
          await t.call('POST', '/role', { token: admin, body: { name: `preview-${lane}-${Math.random()}`, ...body } }),
        ),
      );
    const customRole = await role({
      resources: resources.map((r) => r.id),
      dataScope: 'custom',
      scopeOrgIds: [inside],
    });
    // It may load the account list (a role that may not is refused the list in the preview, as in its session).
    const listApi = resources.find((r) => r.url === routes.listAccounts.path)!.id;
    const treeRole = await role({ resources: [listApi], dataScope: 'orgTree' });
    const make = async (number: string, orgId: number, extra: Record<string, unknown> = {}) =>
      ok(
        await t.call('POST', '/account', {
          token: admin,
          body: { accountNumber: number, accountName: number, password: PASSWORD, orgId, state: 1, ...extra },
        }),
      );
    await make(`mgr${lane}`, home, { roleId: customRole });
    await make(`neighbour${lane}`, home, { contactNumber: '13760000001' });
    await make(`member${lane}`, inside);
    const manager = await t.login(`mgr${lane}`, PASSWORD);

    const preview = ok(await t.call('GET', '/authz/view-as', { token: manager, query: { roleId: treeRole } })) as {
      accounts: { list: Array<{ accountNumber: string }> };
    };
    const listed = preview.accounts.list.map((a) => a.accountNumber);
    expect(listed).toContain(`member${lane}`);
    expect(listed).not.toContain(`neighbour${lane}`);
    expect(JSON.stringify(preview)).not.toContain('13760000001');

    const found = ok(await t.call('GET', '/user/field', { token: manager, query: { mobile: '13760000001' } }));
    expect(found).toBeNull();
    expect(ok(await t.call('GET', '/user/field', { token: admin, query: { mobile: '13760000001' } }))).not.toBeNull();
  });
});
