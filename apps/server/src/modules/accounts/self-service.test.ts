import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../../test/harness.js';

interface InfoOut {
  id: number;
  accountNumber: string;
  accountName: string;
  avatar: string | null;
  contactNumber: string | null;
  email: string | null;
  address: string | null;
  introduction: string | null;
  roleId: number | null;
  state: boolean;
  orgId: number;
  originalAccount: { id: number; accountNumber: string; accountName: string } | null;
  secondFactor: boolean;
  mustEnrolSecondFactor: boolean;
}

describe.each(lanes)('personal page and identity switch on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  let rootOrg: number;
  const info = async (token: string) => (await t.call('GET', '/getAccountInfo', { token })).body.data as InfoOut;

  async function roleWith(name: string, keys: string[], requireSecondFactor = false) {
    const all = (await t.call('GET', '/resources', { token: admin })).body.data as Array<{
      id: number;
      method: string | null;
      url: string | null;
    }>;
    const resources = keys.map((k) => all.find((r) => `${r.method},${r.url}` === k)!.id);
    const body = { name, resources, requireSecondFactor };
    return ((await t.call('POST', '/role', { token: admin, body })).body.data as { id: number }).id;
  }
  async function account(accountNumber: string, roleId: number | null) {
    const res = await t.call('POST', '/account', {
      token: admin,
      body: { accountNumber, accountName: accountNumber, password: 'Sw#2026-safe', orgId: rootOrg, roleId, state: 1 },
    });
    return (res.body.data as { id: number }).id;
  }

  /** The token of a code sent to a new mobile number or e-mail, validated in the account's session. */
  async function prove(token: string, kind: 'mobile' | 'email', to: string): Promise<string> {
    const sent = await t.call('POST', `/account/profile/${kind}/code`, { token, body: { [kind]: to } });
    expect(sent.status, sent.body.msg).toBe(200);
    const { id } = sent.body.data as { id: string };
    const res = await t.call('GET', kind === 'mobile' ? '/captcha/sms/validate' : '/emailValidCode/valid', {
      token,
      query: { id, userInput: t.codeFor(to) },
    });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as string;
  }

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    rootOrg = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
  });
  afterAll(() => t.close());

  it('lets an account edit its own name and contact details, nothing else', async () => {
    await account('self', null);
    const token = await t.login('self', 'Sw#2026-safe');
    // A new number and address are proven by codes sent to them.
    const mobileToken = await prove(token, 'mobile', '13800138000');
    const emailToken = await prove(token, 'email', 'me@example.com');
    const profile = {
      accountName: '新名字',
      contactNumber: '13800138000',
      email: 'me@example.com',
      address: '苏州',
      introduction: '你好',
    };
    const res = await t.call('PUT', '/account/profile', { token, body: { ...profile, mobileToken, emailToken } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      ...profile,
      roleId: null,
      accountNumber: 'self',
    });
    // Fields the personal page does not write are dropped before the handler: nothing of them changes.
    const before = await info(token);
    for (const field of ['roleId', 'state', 'orgId', 'accountNumber', 'password', 'dataScope', 'builtin']) {
      const sneaky = await t.call('PUT', '/account/profile', {
        token,
        body: { ...profile, [field]: field === 'accountNumber' || field === 'password' ? 'Sneaky#2026x' : 0 },
      });
      expect(sneaky.status).toBe(200);
    }
    expect(await info(token)).toEqual(before);
    expect(await t.login('self', 'Sw#2026-safe')).toEqual(expect.any(String));
    const bad = await t.call('PUT', '/account/profile', { token, body: { accountName: 'x', email: 'nope' } });
    expect(bad.body).toEqual({ code: 400, msg: '邮箱格式不正确' });
    expect((await info(token)).accountName).toBe('新名字');
  });

  it('saves the avatar on its own; a profile save without one keeps it', async () => {
    await account('self-avatar', null);
    const token = await t.login('self-avatar', 'Sw#2026-safe');
    const url = '/api/file/raw/abc/me.jpg';
    const set = await t.call('PUT', '/account/profile', { token, body: { accountName: '头像', avatar: url } });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ avatar: url });
    await t.call('PUT', '/account/profile', { token, body: { accountName: '头像 2' } });
    expect((await info(token)).avatar).toBe(url);
    await t.call('PUT', '/account/profile', { token, body: { accountName: '头像 2', avatar: null } });
    expect((await info(token)).avatar).toBeNull();
  });

  it('asks an account to enrol a second factor while its role requires one and it has none, not a switched one', async () => {
    const strict = await roleWith(`需双因素-${lane}`, ['get,/account/s'], true);
    const strictId = await account(`strict-${lane}`, strict);
    const token = await t.login(`strict-${lane}`, 'Sw#2026-safe');
    expect(await info(token)).toMatchObject({ id: strictId, secondFactor: false, mustEnrolSecondFactor: true });
    expect((await info(admin)).mustEnrolSecondFactor).toBe(false);

    // An identity switch acts as the account without being it: nothing to enrol in that session.
    const switched = await t.call('GET', '/account/front/identity/switch', { token: admin, query: { id: strictId } });
    expect(switched.status, switched.body.msg).toBe(200);
    const acting = await info(switched.body.data as string);
    expect(acting).toMatchObject({ id: strictId, secondFactor: false, mustEnrolSecondFactor: false });
    expect(acting.originalAccount).toMatchObject({ accountNumber: 'admin' });

    // With a second factor (kept by modules/second-factor; set here directly), nothing is asked.
    await t.database.db.updateTable('account').set({ second_factor: 1 }).where('id', '=', strictId).execute();
    expect(await info(token)).toMatchObject({ secondFactor: true, mustEnrolSecondFactor: false });

    // The role's requirement lifted: an account without a second factor is not asked either.
    await t.database.db.updateTable('account').set({ second_factor: 0 }).where('id', '=', strictId).execute();
    await t.database.db.updateTable('role').set({ require_second_factor: 0 }).where('id', '=', strict).execute();
    expect(await info(token)).toMatchObject({ secondFactor: false, mustEnrolSecondFactor: false });

    // An account without a role has no requirement.
    await account(`no-role-${lane}`, null);
    const loose = await info(await t.login(`no-role-${lane}`, 'Sw#2026-safe'));
    expect(loose).toMatchObject({ roleId: null, secondFactor: false, mustEnrolSecondFactor: false });
  });

  it('switches identity: a token acting as the target, remembered original, and a way back', async () => {
    const targetId = await account(`target-${lane}`, await roleWith(`被切换-${lane}`, ['get,/account/s']));
    const switched = await t.call('GET', '/account/front/identity/switch', { token: admin, query: { id: targetId } });
    expect(switched.status).toBe(200);
    const token = switched.body.data as string;
    const me = await info(token);
    expect(me.id).toBe(targetId);
    expect(me.originalAccount).toMatchObject({ accountNumber: 'admin' });
    expect((await t.call('GET', '/role/s', { token })).status).toBe(403);

    const nested = await t.call('GET', '/account/front/identity/switch', { token, query: { id: targetId } });
    expect(nested.status).not.toBe(200);

    const back = await t.call('POST', '/account/front/identity/restore', { token });
    const original = back.body.data as string;
    expect((await info(original)).accountNumber).toBe('admin');
    expect((await info(original)).originalAccount).toBeNull();
    expect((await t.call('GET', '/getAccountInfo', { token })).status).toBe(401);
    const notSwitched = await t.call('POST', '/account/front/identity/restore', { token: original });
    expect(notSwitched.body).toEqual({ code: 400, msg: '当前未切换身份' });
  });

  it('ends a switched identity when the original session ends', async () => {
    const targetId = await account(`t2-${lane}`, null);
    const adminToken = await t.login();
    const token = (
      await t.call('GET', '/account/front/identity/switch', { token: adminToken, query: { id: targetId } })
    ).body.data as string;
    expect((await t.call('GET', '/getAccountInfo', { token })).status).toBe(200);
    await t.call('POST', '/logout', { token: adminToken });
    expect((await t.call('GET', '/getAccountInfo', { token })).status).toBe(401);
  });

  it('refuses a switch to an account that holds more than the caller, to oneself, or without the permission', async () => {
    const switcherRole = await roleWith(`切换者-${lane}`, ['get,/account/front/identity/switch', 'get,/account/s']);
    await account(`switcher-${lane}`, switcherRole);
    const switcher = await t.login(`switcher-${lane}`, 'Sw#2026-safe');
    const biggerId = await account(
      `bigger-${lane}`,
      await roleWith(`更大-${lane}`, ['get,/account/s', 'delete,/account']),
    );
    const smallerId = await account(`smaller-${lane}`, await roleWith(`更小-${lane}`, ['get,/account/s']));

    const up = await t.call('GET', '/account/front/identity/switch', { token: switcher, query: { id: biggerId } });
    expect(up.body).toEqual({ code: 403, msg: `账号“bigger-${lane}”拥有您没有的权限，您不能对其执行“切换身份”` });
    const toAdmin = await t.call('GET', '/account/front/identity/switch', { token: switcher, query: { id: 1 } });
    expect(toAdmin.status).toBe(403);
    const down = await t.call('GET', '/account/front/identity/switch', { token: switcher, query: { id: smallerId } });
    expect(down.status).toBe(200);

    const self = await t.call('GET', '/account/front/identity/switch', { token: admin, query: { id: 1 } });
    expect(self.body).toEqual({ code: 400, msg: '不能切换为当前登录的账号' });
    const plain = await t.login(`smaller-${lane}`, 'Sw#2026-safe');
    expect(
      (await t.call('GET', '/account/front/identity/switch', { token: plain, query: { id: biggerId } })).status,
    ).toBe(403);
  });
});

describe('contact address region', () => {
  it('keeps the region of the personal page, names its path, refuses unknown codes', async () => {
    const t = await startTestApp('sqlite');
    try {
      const token = await t.login();
      const body = { accountName: '系统管理员', regionId: 320506, address: '吴中大道 1188 号' };
      const res = await t.call('PUT', '/account/profile', { token, body });
      expect(res.status, res.body.msg).toBe(200);
      expect(res.body.data).toMatchObject({ regionId: 320506, regionName: '江苏省 / 苏州市 / 吴中区' });
      const kept = await t.call('PUT', '/account/profile', { token, body: { accountName: '系统管理员' } });
      expect(kept.body.data).toMatchObject({ regionId: 320506 });
      const unknown = await t.call('PUT', '/account/profile', { token, body: { accountName: 'x', regionId: 1 } });
      expect(unknown.status).toBe(400);
      expect(unknown.body.msg).toBe('地区不存在');
    } finally {
      await t.close();
    }
  });
});
