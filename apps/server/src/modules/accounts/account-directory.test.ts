// The account as specification §3 nests it (sysRole, sysOrg), 首次登录须修改密码 on accounts an administrator
// creates, and REGISTRATION=approval (self-registered accounts wait, disabled, until an administrator enables them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../../test/harness.js';

interface Nested {
  sysRole: {
    id: number;
    name: string;
    remark: string | null;
    type: number | null;
    resources: Array<{ id: number; name: string; pid: number | null }>;
  } | null;
  sysOrg: {
    id: number;
    name: string;
    fullName: string | null;
    orgCode: string | null;
    pid: number | null;
    remark: null;
    createTime: number;
  };
}
interface AccountOut extends Nested {
  id: number;
  accountNumber: string;
  roleId: number | null;
  roleName: string | null;
  state: boolean;
  pendingApproval: boolean;
  company: string | null;
  createTime: number;
}
interface PageOut {
  list: AccountOut[];
  totalCount: number;
}

const PASSWORD = 'Dir#2026-safe';
const STRONG = 'Reg#2026-strong';

describe.each(lanes)('the account’s sysRole and sysOrg on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  let rootOrg: number;
  let dept: { id: number; name: string; fullName: string | null; orgCode: string | null; createTime: number };
  let roleA: number;
  let roleB: number;
  let resources: Array<{ id: number; name: string; pid: number | null }>;

  const create = async (body: Record<string, unknown>) => {
    const res = await t.call('POST', '/account', {
      token: admin,
      body: { accountName: '成员', password: PASSWORD, orgId: dept.id, state: 1, ...body },
    });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as AccountOut;
  };
  const page = async (query: Record<string, string | number> = {}) =>
    (await t.call('GET', '/account/s', { token: admin, query: { p: 1, pageSize: 50, ...query } })).body.data as PageOut;

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    rootOrg = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
    dept = (
      await t.call('POST', '/org', {
        token: admin,
        body: { name: '研发部', fullName: '研发中心', orgCode: '10000001', pid: rootOrg },
      })
    ).body.data as typeof dept;
    const all = (await t.call('GET', '/resources', { token: admin })).body.data as Array<{
      id: number;
      name: string;
      pid: number | null;
      type: number;
    }>;
    resources = all.map(({ id, name, pid }) => ({ id, name, pid }));
    const menus = all.filter((r) => r.type === 0).slice(0, 3);
    const apis = all.filter((r) => r.type === 1).slice(0, 2);
    const role = async (name: string, ids: number[], remark: string | null) =>
      (
        (await t.call('POST', '/role', { token: admin, body: { name, resources: ids, remark } })).body.data as {
          id: number;
        }
      ).id;
    roleA = await role('角色甲', [...menus.map((r) => r.id), apis[0]!.id], '甲的说明');
    roleB = await role('角色乙', [apis[1]!.id], null);
  });
  afterAll(() => t.close());

  const expectedResources = (ids: number[]) => resources.filter((r) => ids.includes(r.id)).sort((a, b) => a.id - b.id);

  it('answers them on create, edit, each row of a page (every role of the page), and getAccountInfo', async () => {
    const grants = async (roleId: number) =>
      ((await t.call('GET', '/role/s', { token: admin })).body.data as Array<{ id: number; resources: number[] }>).find(
        (r) => r.id === roleId,
      )!.resources;
    const a = await create({ accountNumber: `dir-a-${lane}`, roleId: roleA });
    expect(a.sysRole).toEqual({
      id: roleA,
      name: '角色甲',
      remark: '甲的说明',
      type: 0,
      resources: expectedResources(await grants(roleA)),
    });
    expect(a.sysRole?.resources).toHaveLength(4);
    expect(a.sysOrg).toEqual({
      id: dept.id,
      name: '研发部',
      fullName: '研发中心',
      orgCode: '10000001',
      pid: rootOrg,
      remark: null,
      createTime: dept.createTime,
    });
    // The account's and its organisation's createTime are epoch milliseconds, as the specification's client reads
    // them (ADR 0029): the stored instants, to the millisecond.
    const stored = await t.database.db
      .selectFrom('account')
      .select('create_time')
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(a.createTime).toBe(Date.parse(stored.create_time));
    expect(Number.isInteger(a.sysOrg.createTime)).toBe(true);
    const b = await create({ accountNumber: `dir-b-${lane}`, roleId: roleB });
    const none = await create({ accountNumber: `dir-none-${lane}` });
    expect(none.sysRole).toBeNull();

    const rows = new Map((await page()).list.map((row) => [row.accountNumber, row]));
    expect(rows.get(a.accountNumber)?.sysRole).toEqual(a.sysRole);
    expect(rows.get(b.accountNumber)?.sysRole).toMatchObject({ id: roleB, name: '角色乙', remark: null, type: 0 });
    expect(rows.get(b.accountNumber)?.sysRole?.resources).toEqual(expectedResources(await grants(roleB)));
    expect(rows.get(none.accountNumber)?.sysRole).toBeNull();
    // The super-admin role holds every resource: type 1, all of them.
    const adminRow = rows.get('admin')!;
    expect(adminRow.sysRole).toMatchObject({ name: '超级管理员', type: 1 });
    expect(adminRow.sysRole?.resources).toEqual([...resources].sort((x, y) => x.id - y.id));
    expect(adminRow.sysOrg).toMatchObject({ id: rootOrg, pid: null, remark: null });

    // A sorted page and a filtered one carry them too.
    const sorted = await page({ sort: 'accountNumber', accountNumber: 'dir-' });
    expect(sorted.list.find((r) => r.id === a.id)?.sysRole?.name).toBe('角色甲');

    const edited = await t.call('PUT', '/account', {
      token: admin,
      body: { id: b.id, accountNumber: b.accountNumber, accountName: '乙', orgId: rootOrg, roleId: roleA, state: 1 },
    });
    expect((edited.body.data as AccountOut).sysRole?.id).toBe(roleA);
    expect((edited.body.data as AccountOut).sysOrg).toMatchObject({ id: rootOrg, name: '总公司' });

    const session = await t.login(a.accountNumber, PASSWORD);
    const info = (await t.call('GET', '/getAccountInfo', { token: session })).body.data as AccountOut;
    expect(info.sysRole).toEqual(a.sysRole);
    expect(info.sysOrg.orgCode).toBe('10000001');
  });

  it('follows the organisation’s code and the role’s grants as they change', async () => {
    const c = await create({ accountNumber: `dir-c-${lane}`, roleId: roleB });
    await t.call('PUT', '/org', {
      token: admin,
      body: { id: dept.id, name: '研发部', fullName: '研发中心', orgCode: 'RD-9', pid: rootOrg },
    });
    await t.call('PUT', '/role', { token: admin, body: { id: roleB, name: '角色乙', resources: [resources[0]!.id] } });
    const row = (await page({ accountNumber: c.accountNumber })).list[0]!;
    expect(row.sysOrg.orgCode).toBe('RD-9');
    expect(row.sysRole?.resources).toEqual([resources[0]]);
  });
});

describe.each(lanes)('首次登录须修改密码 on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  let rootOrg: number;

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    rootOrg = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
  });
  afterAll(() => t.close());

  const create = (accountNumber: string, extra: Record<string, unknown>) =>
    t.call('POST', '/account', {
      token: admin,
      body: { accountNumber, accountName: '新人', password: PASSWORD, orgId: rootOrg, state: 1, ...extra },
    });

  it('an account created with mustChangePassword is served only a password change until it sets its own', async () => {
    expect((await create(`first-${lane}`, { mustChangePassword: true })).status).toBe(200);
    const token = await t.login(`first-${lane}`, PASSWORD);
    const info = await t.call('GET', '/getAccountInfo', { token });
    expect((info.body.data as { mustChangePassword: boolean }).mustChangePassword).toBe(true);
    const refused = await t.call('GET', '/account/sessions', { token });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('请先修改初始密码');

    const proof = await t.call('POST', '/auth/password/validate', { token, body: { password: PASSWORD } });
    expect(proof.status, proof.body.msg).toBe(200);
    const changed = await t.call('PUT', '/auth/password', {
      token,
      body: { newPassword: 'Own#Choice-2026', token: proof.body.data },
    });
    expect(changed.status, changed.body.msg).toBe(200);
    const after = await t.call('GET', '/getAccountInfo', { token });
    expect((after.body.data as { mustChangePassword: boolean }).mustChangePassword).toBe(false);
    expect((await t.call('GET', '/account/sessions', { token })).status).toBe(200);
    // The new password signs in straight to work.
    const again = await t.login(`first-${lane}`, 'Own#Choice-2026');
    expect((await t.call('GET', '/account/sessions', { token: again })).status).toBe(200);
  });

  it('unticked (false), the administrator’s password is kept and the account works at once', async () => {
    expect((await create(`kept-${lane}`, { mustChangePassword: false })).status).toBe(200);
    const token = await t.login(`kept-${lane}`, PASSWORD);
    expect((await t.call('GET', '/account/sessions', { token })).status).toBe(200);
  });

  it('refuses a mustChangePassword that is not a boolean, naming the field', async () => {
    const res = await create(`bad-${lane}`, { mustChangePassword: 'yes' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('首次登录须修改密码');
  });
});

describe.each(lanes)('REGISTRATION=approval on %s', (lane) => {
  let t: TestApp;
  let approving: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    // A second server on the same database, registering for approval.
    approving = await startTestApp(
      lane,
      { registration: { enabled: true, approval: true, orgId: undefined, roleId: undefined } },
      t.database,
    );
  });
  afterAll(async () => {
    await approving.close();
    await t.close();
  });

  async function register(app: TestApp, mobile: string) {
    const captcha = (await app.call('GET', '/captcha/image')).body.data as { id: string };
    const captchaToken = (
      await app.call('GET', '/captcha/image/validate', {
        query: { id: captcha.id, userInput: app.codeFor(captcha.id) },
      })
    ).body.data as string;
    const sent = await app.call('POST', '/captcha/sms/register', { body: { mobile, captcha: captchaToken } });
    expect(sent.status, sent.body.msg).toBe(200);
    const smsToken = (
      await app.call('GET', '/captcha/sms/validate', {
        query: { id: (sent.body.data as { id: string }).id, userInput: app.codeFor(mobile) },
      })
    ).body.data as string;
    return app.call('POST', '/account/admin/register/noAuth', {
      body: { mobile, token: smsToken, name: '待审', company: '门楼科技', password: STRONG },
    });
  }
  const pending = async (query: Record<string, string | number> = {}) =>
    (await t.call('GET', '/account/s', { token: admin, query: { p: 1, pageSize: 20, pendingApproval: 1, ...query } }))
      .body.data as PageOut;

  it('creates a self-registered account disabled and pending; the answer says so', async () => {
    const res = await register(approving, '13500000001');
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ accountNumber: '13500000001', pendingApproval: true });
    const waiting = await pending();
    expect(waiting.totalCount).toBe(1);
    expect(waiting.list[0]).toMatchObject({
      accountNumber: '13500000001',
      state: false,
      pendingApproval: true,
      company: '门楼科技',
    });
    // It cannot sign in yet.
    const signIn = await t.call('POST', '/login', { body: { account: '13500000001', password: STRONG } });
    expect(signIn.status).not.toBe(200);
  });

  it('registers enabled and not pending with REGISTRATION=on', async () => {
    const res = await register(t, '13500000009');
    expect(res.body.data).toMatchObject({ pendingApproval: false });
    expect((await t.login('13500000009', STRONG)).length).toBeGreaterThan(0);
    expect((await pending()).list.map((a) => a.accountNumber)).not.toContain('13500000009');
  });

  it('enabling an account (edit or batch) approves it: it leaves the pending filter and signs in', async () => {
    const earlier = (await pending()).list[0]!;
    const first = (await register(approving, '13500000002')).body.data as { id: number };
    const second = (await register(approving, '13500000003')).body.data as { id: number };
    const third = (await register(approving, '13500000004')).body.data as { id: number };
    expect((await pending()).totalCount).toBe(4);
    // Filters combine: the waiting ones by number prefix.
    expect((await pending({ accountNumber: '1350000000' })).totalCount).toBe(4);
    expect((await pending({ accountNumber: '13500000002' })).list.map((a) => a.id)).toEqual([first.id]);

    const row = (await pending({ accountNumber: '13500000002' })).list[0]!;
    const edited = await t.call('PUT', '/account', {
      token: admin,
      body: { id: row.id, accountNumber: row.accountNumber, accountName: '已审', orgId: row.sysOrg.id, state: 1 },
    });
    expect(edited.body.data).toMatchObject({ state: true, pendingApproval: false });

    // Disabling keeps a pending one pending; enabling in a batch approves.
    const kept = await t.call('PUT', '/account/batch-state', { token: admin, body: { ids: [third.id], state: 0 } });
    expect(kept.status).toBe(200);
    expect((await pending()).list.map((a) => a.id)).toEqual([third.id, second.id, earlier.id]);
    const batch = await t.call('PUT', '/account/batch-state', {
      token: admin,
      body: { ids: [second.id, third.id], state: 1 },
    });
    expect(batch.status, batch.body.msg).toBe(200);
    expect((await pending()).list.map((a) => a.accountNumber)).toEqual(['13500000001']);
    expect((await t.login('13500000003', STRONG)).length).toBeGreaterThan(0);
    // The whole list still has them all, approved or not.
    const all = (await t.call('GET', '/account/s', { token: admin, query: { p: 1, pageSize: 50 } })).body
      .data as PageOut;
    expect(all.list.filter((a) => a.pendingApproval).map((a) => a.accountNumber)).toEqual(['13500000001']);
  });

  it('the pending filter is the account list’s: the same permission, a clear message for a bad value', async () => {
    const bad = await t.call('GET', '/account/s', { token: admin, query: { p: 1, pageSize: 20, pendingApproval: 2 } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('待审核');
    // An account without 账号列表 is refused the count as it is the list.
    const orgs = (await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>;
    await t.call('POST', '/account', {
      token: admin,
      body: { accountNumber: `plain-${lane}`, accountName: '普通', password: PASSWORD, orgId: orgs[0]!.id, state: 1 },
    });
    const plain = await t.login(`plain-${lane}`, PASSWORD);
    const refused = await t.call('GET', '/account/s', {
      token: plain,
      query: { p: 1, pageSize: 1, pendingApproval: 1 },
    });
    expect(refused.status).toBe(403);
  });

  it('refuses a registration into a disabled organisation, saying so; enabled again, it registers', async () => {
    const [root] = (await t.call('GET', '/orgs', { token: admin })).body.data as { id: number }[];
    const made = await t.call('POST', '/org', {
      token: admin,
      body: { name: `注册组织-${lane}`, pid: root!.id, state: 0 },
    });
    const org = made.body.data as { id: number; name: string };
    const set = (value: string) =>
      t.call('PUT', '/system/param', { token: admin, body: { key: 'registrationOrgId', value } });
    expect((await set(String(org.id))).status).toBe(200);
    try {
      const refused = await register(t, '13500000077');
      expect(refused.body).toMatchObject({ code: 400, msg: '注册账号所属的组织不存在或已禁用，请联系管理员' });
      const enabled = await t.call('PUT', '/org', {
        token: admin,
        body: { id: org.id, name: org.name, pid: root!.id, state: 1 },
      });
      expect(enabled.status, enabled.body.msg).toBe(200);
      const res = await register(t, '13500000078');
      expect(res.status, res.body.msg).toBe(200);
    } finally {
      await set(String(root!.id));
    }
  });
});
