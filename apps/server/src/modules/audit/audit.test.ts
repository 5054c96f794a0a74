import {
  API_BASE,
  AUDIT_MASK,
  type AuditEntry,
  type DataScopeKind,
  envelopeDigest,
  envelopeNonce,
  keySourceOf,
  type RouteName,
  resourceKey,
  routes,
  sealEnvelope,
} from '@gatehouse/contract';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, lanes, proven, startTestApp, type TestApp, testConfig } from '../../../test/harness.js';
import { isAudited } from './audit.recorder.js';

type Entry = Static<typeof AuditEntry>;
interface PageOut {
  list: Entry[];
  totalPage: number;
  totalCount: number;
}

const STRONG = 'Audit#2026-safe';
const NEWER = 'Audit#2027-newer';

describe.each(lanes)('audit trail on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  let rootOrg: number;

  const audit = async (query: Record<string, string | number> = {}) => {
    const res = await t.call('GET', '/audit/s', { token: admin, query: { p: 1, pageSize: 100, ...query } });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as PageOut;
  };
  /** The newest entry of a route (optionally about one target). */
  const latest = async (route: RouteName, targetId?: number | string) => {
    const { list } = await audit({ title: route, ...(targetId === undefined ? {} : { target: String(targetId) }) });
    const entry = list[0];
    if (!entry) throw new Error(`no audit entry for ${route}`);
    return entry;
  };
  const field = (entry: Entry, name: string) => entry.diff.find((c) => c.field === name);
  const createAccount = async (accountNumber: string, extra: Record<string, unknown> = {}) => {
    const res = await t.call('POST', '/account', {
      token: admin,
      body: { accountNumber, accountName: accountNumber, password: STRONG, orgId: rootOrg, state: 1, ...extra },
    });
    expect(res.status, res.body.msg).toBe(200);
    return (res.body.data as { id: number }).id;
  };
  const exportCsv = async (query: Record<string, string> = {}, token = admin) => {
    const res = await t.app.fastify.inject({
      method: 'GET',
      url: `${API_BASE}/audit/export`,
      query,
      headers: { authorization: token },
    });
    return res;
  };
  const captchaToken = async () => {
    const { id } = (await t.call('GET', '/captcha/image')).body.data as { id: string };
    return (await t.call('GET', '/captcha/image/validate', { query: { id, userInput: t.codeFor(id) } })).body
      .data as string;
  };

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    rootOrg = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
  });
  afterAll(() => t.close());

  it('records create, edit and delete of an account with who, when, where and a field-level diff', async () => {
    const started = Date.now();
    const id = await t.call('POST', '/account', {
      token: admin,
      ip: '10.1.2.3',
      body: { accountNumber: 'au.crud', accountName: '审计甲', password: STRONG, orgId: rootOrg, state: 1 },
    });
    const accountId = (id.body.data as { id: number }).id;
    const created = await latest('createAccount', accountId);
    expect(created).toMatchObject({
      actorAccountNumber: 'admin',
      originAccountNumber: null,
      method: 'POST',
      url: '/api/account',
      title: '添加账号',
      targetType: 'account',
      targetId: String(accountId),
      targetLabel: 'au.crud',
      outcome: 'success',
      status: 200,
      message: null,
      ip: '10.1.2.3',
    });
    // A time in an answer is epoch milliseconds (ADR 0029).
    expect(Number.isInteger(created.at)).toBe(true);
    expect(created.at).toBeGreaterThanOrEqual(started);
    expect(field(created, 'accountNumber')).toEqual({ field: 'accountNumber', before: null, after: 'au.crud' });
    expect(field(created, 'accountName')).toEqual({ field: 'accountName', before: null, after: '审计甲' });
    expect(field(created, 'password')).toEqual({ field: 'password', before: null, after: AUDIT_MASK });
    // Fields that stay empty are not listed.
    expect(field(created, 'email')).toBeUndefined();

    const edited = await t.call('PUT', '/account', {
      token: admin,
      body: {
        id: accountId,
        accountNumber: 'au.crud',
        accountName: '审计乙',
        orgId: rootOrg,
        state: 0,
        email: 'au@example.com',
      },
    });
    expect(edited.status, edited.body.msg).toBe(200);
    const update = await latest('updateAccount', accountId);
    expect(update.title).toBe('编辑账号');
    expect(update.diff).toEqual([
      { field: 'accountName', before: '审计甲', after: '审计乙' },
      { field: 'email', before: null, after: 'au@example.com' },
      { field: 'state', before: 1, after: 0 },
    ]);

    expect((await t.call('DELETE', '/account', { token: admin, query: { id: accountId } })).status).toBe(200);
    const removed = await latest('deleteAccount', accountId);
    expect(removed).toMatchObject({ title: '删除账号', targetLabel: 'au.crud', url: `/api/account?id=${accountId}` });
    expect(field(removed, 'accountName')).toEqual({ field: 'accountName', before: '审计乙', after: null });
    expect(field(removed, 'password')).toEqual({ field: 'password', before: AUDIT_MASK, after: null });
  });

  it('records role and dictionary edits field by field, the dictionary code in clear', async () => {
    const resources = (await t.call('GET', '/resources', { token: admin })).body.data as Array<{ id: number }>;
    const role = await t.call('POST', '/role', {
      token: admin,
      body: { name: '审计角色', resources: [resources[1]!.id] },
    });
    const roleId = (role.body.data as { id: number }).id;
    await t.call('PUT', '/role', {
      token: admin,
      body: { id: roleId, name: '审计角色', remark: '备注', resources: [resources[1]!.id, resources[2]!.id] },
    });
    const update = await latest('updateRole', roleId);
    expect(update.diff).toEqual([
      { field: 'remark', before: null, after: '备注' },
      {
        field: 'resources',
        before: [resources[1]!.id],
        after: [resources[1]!.id, resources[2]!.id].sort((a, b) => a - b),
      },
    ]);
    // What the role reaches and demands are privileges: a change of either is a field of the entry.
    const orgs = (await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>;
    await t.call('PUT', '/role', {
      token: admin,
      body: {
        id: roleId,
        name: '审计角色',
        remark: '备注',
        resources: [resources[1]!.id, resources[2]!.id],
        dataScope: 'custom',
        scopeOrgIds: [orgs[0]!.id],
        requireSecondFactor: true,
      },
    });
    expect((await latest('updateRole', roleId)).diff).toEqual([
      { field: 'dataScope', before: 'org', after: 'custom' },
      { field: 'scopeOrgIds', before: [], after: [orgs[0]!.id] },
      { field: 'requireSecondFactor', before: false, after: true },
    ]);

    const dict = await t.call('POST', '/dict', { token: admin, body: { dictName: '审计字典', dictCode: 'auditCode' } });
    expect(dict.status, dict.body.msg).toBe(200);
    const created = await latest('createDict', (dict.body.data as { id: number }).id);
    expect(field(created, 'dictCode')).toEqual({ field: 'dictCode', before: null, after: 'auditCode' });

    // An item's 数据键值, 状态 and 标签颜色 are fields of its entries like the others.
    const item = await t.call('POST', '/dict/item', { token: admin, body: { dictCode: 'auditCode', value: '甲' } });
    const itemId = (item.body.data as { id: number }).id;
    expect(field(await latest('createDictItem', itemId), 'keyValue')).toEqual({
      field: 'keyValue',
      before: null,
      after: '甲',
    });
    await t.call('PUT', '/dict/item', {
      token: admin,
      body: { id: itemId, dictCode: 'auditCode', value: '甲', keyValue: 'A', state: 0, tagColor: 'red' },
    });
    expect((await latest('updateDictItem', itemId)).diff).toEqual([
      { field: 'keyValue', before: '甲', after: 'A' },
      { field: 'state', before: 1, after: 0 },
      { field: 'tagColor', before: null, after: 'red' },
    ]);
  });

  it('masks secrets: an admin password reset, a change with a verification token, an SMS recovery', async () => {
    const accountId = await createAccount('au.secret', { contactNumber: '13900000001' });
    await proven(t, accountId);
    const reset = await t.call('PUT', '/account/reset', { token: admin, body: { id: accountId } });
    const newPassword = (reset.body.data as { password: string }).password;
    const resetEntry = await latest('resetAccountPassword', accountId);
    expect(resetEntry.diff).toEqual([{ field: 'password', before: AUDIT_MASK, after: AUDIT_MASK }]);

    // Signed in: check the password, change it with the token.
    const session = await t.login('au.secret', newPassword);
    const checked = await t.call('POST', '/auth/password/validate', {
      token: session,
      body: { password: newPassword },
    });
    const passwordToken = checked.body.data as string;
    expect((await latest('validatePassword')).diff).toEqual([{ field: 'password', before: null, after: AUDIT_MASK }]);
    const changed = await t.call('PUT', '/auth/password', {
      token: session,
      body: { newPassword: STRONG, token: passwordToken },
    });
    expect(changed.status, changed.body.msg).toBe(200);
    const change = await latest('changePassword', accountId);
    expect(change).toMatchObject({ actorAccountNumber: 'au.secret', targetType: 'account', outcome: 'success' });
    expect(change.diff).toEqual([
      { field: 'newPassword', before: null, after: AUDIT_MASK },
      { field: 'token', before: null, after: AUDIT_MASK },
    ]);

    // Anonymous recovery by SMS: the send keeps the number and masks the captcha token; the change names the account.
    const captcha = await captchaToken();
    const sent = await t.call('POST', '/captcha/sms/reset-password', { body: { mobile: '13900000001', captcha } });
    expect(sent.status, sent.body.msg).toBe(200);
    const sendEntry = await latest('sendSmsReset');
    expect(sendEntry.actorAccountNumber).toBeNull();
    expect(sendEntry.diff).toEqual([
      { field: 'mobile', before: null, after: '13900000001' },
      { field: 'captcha', before: null, after: AUDIT_MASK },
    ]);
    const { id: codeId } = sent.body.data as { id: string };
    const smsToken = (
      await t.call('GET', '/captcha/sms/validate', { query: { id: codeId, userInput: t.codeFor('13900000001') } })
    ).body.data as string;
    expect((await t.call('PUT', '/auth/password', { body: { newPassword: NEWER, token: smsToken } })).status).toBe(200);
    const recovery = await latest('changePassword', accountId);
    expect(recovery).toMatchObject({ actorAccountNumber: null, targetType: 'account', targetId: String(accountId) });

    // Nothing secret anywhere in the stored rows.
    const raw = JSON.stringify(await t.database.db.selectFrom('audit_log').selectAll().execute());
    for (const secret of [newPassword, STRONG, NEWER, passwordToken, captcha, smsToken, ADMIN_PASSWORD]) {
      expect(raw).not.toContain(secret);
    }
    expect(raw).not.toMatch(/argon2/);
  });

  it('records refused writes with their status and message: validation, business rule, 401, 403', async () => {
    await createAccount('au.taken');
    const taken = await t.call('POST', '/account', {
      token: admin,
      body: { accountNumber: 'au.taken', accountName: '重复', password: STRONG, orgId: rootOrg, state: 1 },
    });
    expect(taken.status).toBe(400);
    const refused = await latest('createAccount');
    expect(refused).toMatchObject({
      outcome: 'refused',
      status: 400,
      message: taken.body.msg,
      actorAccountNumber: 'admin',
    });
    expect(field(refused, 'accountNumber')).toEqual({ field: 'accountNumber', before: null, after: 'au.taken' });
    expect(field(refused, 'password')).toEqual({ field: 'password', before: null, after: AUDIT_MASK });

    const invalid = await t.call('PUT', '/org', { token: admin, body: { id: rootOrg, name: 'x'.repeat(500) } });
    expect(invalid.status).toBe(400);
    expect(await latest('updateOrg')).toMatchObject({
      outcome: 'refused',
      status: 400,
      message: invalid.body.msg,
      targetType: 'org',
      targetId: String(rootOrg),
    });

    const anonymous = await t.call('DELETE', '/role', { query: { id: 1 } });
    expect(anonymous.status).toBe(401);
    expect(await latest('deleteRole')).toMatchObject({ outcome: 'refused', status: 401, actorAccountNumber: null });

    await createAccount('au.nobody');
    const nobody = await t.login('au.nobody', STRONG);
    const forbidden = await t.call('DELETE', '/role', { token: nobody, query: { id: 1 } });
    expect(forbidden.status).toBe(403);
    expect(await latest('deleteRole')).toMatchObject({
      outcome: 'refused',
      status: 403,
      message: forbidden.body.msg,
      actorAccountNumber: 'au.nobody',
    });
  });

  it('names the original account during an identity switch, and records the switch itself', async () => {
    const targetId = await createAccount('au.switched');
    const switched = await t.call('GET', '/account/front/identity/switch', { token: admin, query: { id: targetId } });
    expect(switched.status, switched.body.msg).toBe(200);
    expect(await latest('switchIdentity', targetId)).toMatchObject({
      actorAccountNumber: 'admin',
      originAccountNumber: null,
      title: '切换身份',
      targetLabel: 'au.switched',
      diff: [],
    });
    const token = switched.body.data as string;
    const res = await t.call('PUT', '/account/profile', { token, body: { accountName: '代为修改' } });
    expect(res.status, res.body.msg).toBe(200);
    const entry = await latest('updateProfile', targetId);
    expect(entry).toMatchObject({ actorAccountNumber: 'au.switched', originAccountNumber: 'admin' });
    expect(entry.diff).toEqual([{ field: 'accountName', before: 'au.switched', after: '代为修改' }]);
    // The original account's number finds what it did under another identity.
    expect((await audit({ accountNumber: 'admin', title: 'updateProfile' })).list[0]?.id).toBe(entry.id);

    expect((await t.call('POST', '/account/front/identity/restore', { token })).status).toBe(200);
    expect(await latest('restoreIdentity')).toMatchObject({
      actorAccountNumber: 'au.switched',
      originAccountNumber: 'admin',
    });
  });

  it('records a HEAD of an audited GET once, as that route', async () => {
    const targetId = await createAccount('au.head');
    const res = await t.app.fastify.inject({
      method: 'HEAD',
      url: `${API_BASE}/account/front/identity/switch?id=${targetId}`,
      headers: { authorization: admin },
    });
    expect(res.statusCode).toBe(200);
    expect((await audit({ title: 'switchIdentity', target: String(targetId) })).totalCount).toBe(1);
  });

  it('records every write route of the contract once called, and no sign-in, envelope or read', async () => {
    // Every route is called anonymously from one address: more refusals than the per-client cap records.
    const probe = await startTestApp(lane, { audit: { ...testConfig().audit, anonymousRefusalsPerMinute: 1000 } });
    try {
      for (const [name, route] of Object.entries(routes) as [RouteName, (typeof routes)[RouteName]][]) {
        const path = route.path.replace(/:(\w+)/g, 'x');
        const res = await probe.call(route.method, path, {
          body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        expect(res.status, name).toBeGreaterThanOrEqual(200);
      }
      const rows = await probe.database.db.selectFrom('audit_log').select(['route_name', 'method', 'title']).execute();
      const recorded = new Set(rows.map((r) => r.route_name));
      const expected = (Object.keys(routes) as RouteName[]).filter((name) => isAudited(name));
      expect([...recorded].sort()).toEqual([...expected].sort());
      for (const name of ['login', 'smsLogin', 'envelope', 'listAccounts', 'getAccountInfo'] as RouteName[]) {
        expect(recorded.has(name)).toBe(false);
      }
      // Every non-GET route but the sign-ins and the envelope is in the set.
      for (const [name, route] of Object.entries(routes) as [RouteName, (typeof routes)[RouteName]][]) {
        if (route.method !== 'GET' && !['login', 'smsLogin', 'envelope'].includes(name))
          expect(expected).toContain(name);
      }
    } finally {
      await probe.close();
    }
  });

  it('filters by actor, operation, outcome, time and target, and pages newest first', async () => {
    const id = await createAccount('au.filter');
    for (const name of ['一', '二', '三']) {
      await t.call('PUT', '/account', {
        token: admin,
        body: { id, accountNumber: 'au.filter', accountName: `过滤${name}`, orgId: rootOrg, state: 1 },
      });
    }
    const edits = await audit({ title: '编辑账号', target: 'au.filter' });
    expect(edits.totalCount).toBe(3);
    expect(edits.list.map((e) => field(e, 'accountName')?.after)).toEqual(['过滤三', '过滤二', '过滤一']);
    expect((await audit({ target: String(id) })).totalCount).toBe(4);
    expect((await audit({ title: 'updateAccount', target: 'au.filter' })).totalCount).toBe(3);

    const page1 = await audit({ target: 'au.filter', pageSize: 3, p: 1 });
    const page2 = await audit({ target: 'au.filter', pageSize: 3, p: 2 });
    expect(page1).toMatchObject({ totalCount: 4, totalPage: 2 });
    expect(page1.list).toHaveLength(3);
    expect(page2.list).toHaveLength(1);
    expect(page2.list[0]!.title).toBe('添加账号');
    expect(page1.list[0]!.id).toBeGreaterThan(page1.list[2]!.id);

    const refused = await audit({ outcome: 'refused' });
    expect(refused.totalCount).toBeGreaterThan(0);
    expect(refused.list.every((e) => e.outcome === 'refused')).toBe(true);
    expect((await audit({ outcome: 'success' })).list.every((e) => e.outcome === 'success')).toBe(true);
    expect((await audit({ accountNumber: 'au.nobody' })).list.every((e) => e.actorAccountNumber === 'au.nobody')).toBe(
      true,
    );
    expect((await audit({ accountNumber: '%' })).totalCount).toBe(0);

    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await audit({ from: future })).totalCount).toBe(0);
    expect((await audit({ to: future, target: 'au.filter' })).totalCount).toBe(4);
    expect(
      (await audit({ from: new Date(Date.now() - 3_600_000).toISOString(), target: 'au.filter' })).totalCount,
    ).toBe(4);
    const backwards = await t.call('GET', '/audit/s', {
      token: admin,
      query: { p: 1, pageSize: 10, from: future, to: new Date().toISOString() },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.msg).toBe('结束时间不能早于开始时间');
    // The time filters take epoch milliseconds as well as ISO 8601 (ADR 0029); a query string carries them as digits.
    const futureMs = Date.now() + 3_600_000;
    expect((await audit({ from: futureMs })).totalCount).toBe(0);
    expect((await audit({ from: String(futureMs) })).totalCount).toBe(0);
    expect((await audit({ to: futureMs, target: 'au.filter' })).totalCount).toBe(4);
    expect((await audit({ from: Date.now() - 3_600_000, to: futureMs, target: 'au.filter' })).totalCount).toBe(4);
    // An answer's time names the same instant in a request: to the millisecond.
    const at = edits.list[0]!.at;
    const exact = await audit({ from: at, to: at, target: 'au.filter' });
    expect(exact.totalCount).toBeGreaterThan(0);
    expect(exact.list.every((e) => e.at === at)).toBe(true);
    for (const bad of ['yesterday', '2024-13-01T00:00:00Z', '2024-05-01', '-5']) {
      const res = await t.call('GET', '/audit/s', { token: admin, query: { p: 1, pageSize: 10, from: bad } });
      expect(res.status, bad).toBe(400);
      expect(res.body.msg, bad).toBe('开始时间不是有效的日期时间');
    }
    const badOutcome = await t.call('GET', '/audit/s', {
      token: admin,
      query: { p: 1, pageSize: 10, outcome: 'maybe' },
    });
    expect(badOutcome.status).toBe(400);
  });

  it('exports CSV: BOM, Chinese header, quoted cells, formula guard, filters honoured', async () => {
    // Names refuse control characters; the diff cell still spans lines, one per field.
    const id = await createAccount('=cmd|calc', { accountName: '张,"三"' });
    const res = await exportCsv({ target: String(id) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="audit-log\.csv"; filename\*=UTF-8''%E6%93%8D%E4%BD%9C%E6%97%A5%E5%BF%97-\d{8}\.csv$/,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-total-rows']).toBe('1');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    const [header, ...rest] = text.split('\r\n');
    expect(header).toBe(
      '时间,操作人,代操作人,操作,请求方法,请求地址,对象类型,对象ID,对象,结果,状态码,说明,IP,浏览器,变更',
    );
    const body = rest.join('\r\n');
    expect(body).toContain(`,admin,,添加账号,POST,/api/account,account,${id},'=cmd|calc,成功,200,`);
    // The diff cell holds a comma, quotes and line breaks: quoted, quotes doubled.
    expect(body).toContain('accountName:  → 张,""三""\n');
    expect(body).toContain(',"accountNumber:  → =cmd|calc');
    expect(body).toContain(`password:  → ${AUDIT_MASK}`);
    expect(text.endsWith('\r\n')).toBe(true);
    // Only the filtered rows.
    expect(rest.filter((line) => line.startsWith('20'))).toHaveLength(1);

    const english = await t.app.fastify.inject({
      method: 'GET',
      url: `${API_BASE}/audit/export`,
      query: { target: String(id) },
      headers: { authorization: admin, 'accept-language': 'en-US' },
    });
    expect(english.body.slice(1).split('\r\n')[0]).toMatch(/^Time,Actor,On behalf of,Operation/);

    expect((await t.app.fastify.inject({ method: 'GET', url: `${API_BASE}/audit/export` })).statusCode).toBe(401);
  });

  it('writes a text the same way in both exports, the operation log and the sign-in log (one CSV writer)', async () => {
    const odd = '=1+1,"x"';
    const id = await createAccount(odd);
    // A failed sign-in as that account: the sign-in log keeps the account as it was typed.
    const refused = await t.app.fastify.inject({
      method: 'POST',
      url: `${API_BASE}/login`,
      payload: { account: odd, password: 'not-the-password-1' },
    });
    expect(refused.statusCode).toBe(400);

    const operations = await exportCsv({ target: String(id) });
    const signIns = await t.app.fastify.inject({
      method: 'GET',
      url: `${API_BASE}/signin-log/export`,
      query: { account: odd },
      headers: { authorization: admin },
    });
    // Guarded against formulas, then quoted with its quotes doubled, in both.
    const guarded = `"'=1+1,""x"""`;
    const [, operation] = operations.body.slice(1).split('\r\n');
    const [, signIn] = signIns.body.slice(1).split('\r\n');
    expect(operation).toContain(`,account,${id},${guarded},`);
    expect(signIn).toMatch(/^[^,]+,"'=1\+1,""x""",/);
    for (const res of [operations, signIns]) {
      expect(res.statusCode).toBe(200);
      expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(res.body.endsWith('\r\n')).toBe(true);
      expect(res.body).not.toContain(',=1+1');
      expect(res.headers).toMatchObject({
        'content-type': 'text/csv; charset=utf-8',
        'x-content-type-options': 'nosniff',
        'x-total-rows': '1',
      });
      expect(String(res.headers['content-disposition'])).toMatch(
        /^attachment; filename="[ -~]+"; filename\*=UTF-8''\S+$/,
      );
    }
  });

  it('offers no way to change or delete an entry: no write route on the trail, writes to it are 404', async () => {
    const auditRoutes = Object.values(routes).filter((r) => r.path.startsWith('/audit'));
    expect(auditRoutes.map((r) => `${r.method} ${r.path}`).sort()).toEqual(['GET /audit/export', 'GET /audit/s']);
    expect(Object.values(routes).filter((r) => r.method !== 'GET' && /audit/i.test(r.path))).toEqual([]);

    const before = await t.database.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    const first = before[0]!;
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      for (const path of ['/audit', '/audit/s', `/audit/${first.id}`, '/audit/export']) {
        const res = await t.call(method, path, {
          token: admin,
          ...(method === 'DELETE' ? { query: { id: first.id } } : { body: { id: first.id, title: '篡改' } }),
        });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
    }
    const after = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('id', '<=', before[before.length - 1]!.id)
      .orderBy('id')
      .execute();
    expect(after).toEqual(before);
  });

  it('still answers a write when its entry cannot be written (the failure is logged, not answered)', async () => {
    await sql`alter table audit_log rename to audit_log_away`.execute(t.database.db);
    try {
      const res = await t.call('POST', '/dict', { token: admin, body: { dictName: '无日志', dictCode: 'noAudit' } });
      expect(res.status, res.body.msg).toBe(200);
    } finally {
      await sql`alter table audit_log_away rename to audit_log`.execute(t.database.db);
    }
    const created = await t.call('GET', '/dict/s', { token: admin, query: { p: 1, pageSize: 10, dictName: '无日志' } });
    expect((created.body.data as { totalCount: number }).totalCount).toBe(1);
    expect((await audit({ title: 'createDict', target: '无日志' })).totalCount).toBe(0);
  });

  it('lists and exports only the entries about accounts within the caller’s data scope', async () => {
    const from = new Date().toISOString();
    const org = async (name: string, pid: number) => {
      const res = await t.call('POST', '/org', { token: admin, body: { name, pid } });
      expect(res.status, res.body.msg).toBe(200);
      return (res.body.data as { id: number }).id;
    };
    const a = await org('审计-分公司A', rootOrg);
    const a1 = await org('审计-A1', a);
    const b = await org('审计-分公司B', rootOrg);
    const resources = (await t.call('GET', '/resources', { token: admin })).body.data as Array<{
      id: number;
      method: string | null;
      url: string | null;
    }>;
    const held = [routes.listAudit, routes.exportAudit].map(
      (route) =>
        resources.find((r) => r.method && r.url && resourceKey(r.method, r.url) === resourceKey('GET', route.path))!.id,
    );
    const role = async (dataScope: DataScopeKind) => {
      const res = await t.call('POST', '/role', {
        token: admin,
        body: { name: `审计-${dataScope}`, resources: held, dataScope },
      });
      expect(res.status, res.body.msg).toBe(200);
      return (res.body.data as { id: number }).id;
    };
    const member = async (accountNumber: string, orgId: number, roleId: number | null = null) => {
      await createAccount(accountNumber, { orgId, roleId });
      return t.login(accountNumber, STRONG);
    };
    await member('au.ds.a', a);
    const inA1 = await member('au.ds.a1', a1);
    const inB = await member('au.ds.b', b);
    const tree = await member('au.ds.tree', a, await role('orgTree'));
    const self = await member('au.ds.self', a, await role('self'));
    const all = await member('au.ds.all', b, await role('all'));
    // Refused writes: entries whose actor is the account.
    for (const token of [inA1, inB, self]) {
      expect((await t.call('DELETE', '/role', { token, query: { id: 1 } })).status).toBe(403);
    }

    const seen = async (token: string) => {
      const res = await t.call('GET', '/audit/s', { token, query: { p: 1, pageSize: 100, from } });
      expect(res.status, res.body.msg).toBe(200);
      const { list, totalCount } = res.body.data as PageOut;
      expect(totalCount).toBe(list.length);
      return list
        .map((e) => `${e.route} ${e.actorAccountNumber} ${e.targetType === 'account' ? e.targetLabel : '-'}`)
        .sort();
    };
    // 本组织及以下 in A: entries whose actor or target account is in A or A1, none about the sibling B.
    expect(await seen(tree)).toEqual([
      'createAccount admin au.ds.a',
      'createAccount admin au.ds.a1',
      'createAccount admin au.ds.self',
      'createAccount admin au.ds.tree',
      'deleteRole au.ds.a1 -',
      'deleteRole au.ds.self -',
    ]);
    // 仅本人: what it did itself.
    expect(await seen(self)).toEqual(['deleteRole au.ds.self -']);
    // 全部: everything, as the super-admin sees it.
    const everything = await seen(admin);
    expect(everything).toContain('createAccount admin au.ds.b');
    expect(everything).toContain('deleteRole au.ds.b -');
    expect(everything).toContain('createOrg admin -');
    expect(await seen(all)).toEqual(everything);

    const csv = async (token: string) => {
      const res = await exportCsv({ from }, token);
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    const treeCsv = await csv(tree);
    expect(treeCsv).toContain('au.ds.a1');
    expect(treeCsv).not.toContain('au.ds.b');
    expect(treeCsv).not.toContain('审计-分公司B');
    const selfCsv = await csv(self);
    expect(selfCsv).toContain('au.ds.self');
    expect(selfCsv).not.toContain('au.ds.a');
    expect(await csv(all)).toContain('au.ds.b');
  });

  it('records the call inside a request envelope with the caller’s address, not the envelope', async () => {
    const sealed = await startTestApp(lane, { requestEncryption: true });
    try {
      const token = await sealed.login();
      const key = keySourceOf(token);
      const params = { name: '信封组织', pid: 1 };
      const data = await sealEnvelope(key, {
        path: '/org',
        method: 'POST',
        params,
        ts: Date.now(),
        nonce: envelopeNonce(),
      });
      const digest = await envelopeDigest('/org', 'POST');
      const res = await sealed.call('POST', `/sapi/${digest}`, { token, body: { data }, ip: '10.9.8.7' });
      expect(res.status, res.body.msg).toBe(200);
      const rows = await sealed.database.db.selectFrom('audit_log').selectAll().execute();
      expect(rows.map((r) => r.route_name)).toEqual(['createOrg']);
      expect(rows[0]).toMatchObject({ ip: '10.9.8.7', actor_account_number: 'admin', target_label: '信封组织' });
    } finally {
      await sealed.close();
    }
  });
});
