import { type DataScopeKind, resourceKey, routes, SESSION_END_HEADER } from '@gatehouse/contract';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../../test/harness.js';
import { createTokenIssuer } from '../auth/tokens.js';

const PASSWORD = 'Sess!on-2026x';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

interface Listed {
  id: string;
  accountNumber: string;
  accountName: string;
  orgName: string;
  ip: string | null;
  userAgent: string | null;
  signedInAt: number;
  lastSeenAt: number;
  switchedBy: { accountNumber: string; accountName: string } | null;
  current: boolean;
}

const sid = (token: string) => String(decodeJwt(token).sid);

describe.each(lanes)('online sessions on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  let rootOrg: number;

  async function account(accountNumber: string, roleId: number | null = null) {
    const res = await t.call('POST', '/account', {
      token: admin,
      body: { accountNumber, accountName: `名-${accountNumber}`, password: PASSWORD, orgId: rootOrg, roleId, state: 1 },
    });
    expect(res.status, res.body.msg).toBe(200);
    return (res.body.data as { id: number }).id;
  }

  /** Signs in from a given address with a browser's User-Agent. */
  async function signIn(accountNumber: string, ip = '127.0.0.1') {
    const res = await t.app.fastify.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: ip,
      headers: { 'user-agent': CHROME },
      payload: { account: accountNumber, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as string;
  }

  const online = async (query: Record<string, string | number> = {}, token = admin) => {
    const res = await t.call('GET', '/online/s', { token, query: { p: 1, pageSize: 100, ...query } });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as { list: Listed[]; totalCount: number; totalPage: number };
  };

  beforeAll(async () => {
    t = await startTestApp(lane, { sessionMaxPerAccount: 3 });
    admin = await t.login();
    rootOrg = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
  });
  afterAll(() => t.close());

  it('lists live sessions only, with account, organisation, address, browser and times', async () => {
    await account('on.live');
    const live = await signIn('on.live', '10.1.2.3');
    const ended = await signIn('on.live', '10.9.9.9');
    await t.call('POST', '/logout', { token: ended });
    const expired = await signIn('on.live', '10.8.8.8');
    await t.database.db
      .updateTable('session')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', sid(expired))
      .execute();
    const idle = await signIn('on.live', '10.7.7.7');
    // Unused for longer than a token lives: no valid token is left, so the session is not online.
    await t.database.db
      .updateTable('session')
      .set({ last_seen_at: new Date(Date.now() - (t.config.tokenTtlSeconds + 120) * 1000).toISOString() })
      .where('id', '=', sid(idle))
      .execute();

    const { list, totalCount } = await online({ account: 'on.live' });
    expect(totalCount).toBe(1);
    expect(list).toHaveLength(1);
    const row = list[0]!;
    expect(row).toMatchObject({
      id: sid(live),
      accountNumber: 'on.live',
      accountName: '名-on.live',
      orgName: '总公司',
      ip: '10.1.2.3',
      userAgent: CHROME,
      switchedBy: null,
      current: false,
    });
    // Times answer as epoch milliseconds, the stored instants to the millisecond (ADR 0029).
    const stored = await t.database.db
      .selectFrom('session')
      .select(['created_at', 'last_seen_at'])
      .where('id', '=', sid(live))
      .executeTakeFirstOrThrow();
    expect(row.signedInAt).toBe(Date.parse(stored.created_at));
    expect(row.lastSeenAt).toBe(Date.parse(stored.last_seen_at));
    expect(row.lastSeenAt).toBeGreaterThanOrEqual(row.signedInAt);
  });

  it('marks the caller’s own session and filters by account name and address', async () => {
    const mine = (await online({ account: 'admin' })).list.find((s) => s.current);
    expect(mine?.id).toBe(sid(admin));
    expect((await online({ account: '名-on.li' })).list.map((s) => s.accountNumber)).toEqual(['on.live']);
    expect((await online({ ip: '10.1.' })).list.map((s) => s.ip)).toEqual(['10.1.2.3']);
    expect((await online({ ip: '10.1.%' })).totalCount).toBe(0);
  });

  it('forces a session off: its next request is 401, and identity switches opened from it end too', async () => {
    const id = await account('on.victim');
    const victim = await signIn('on.victim');
    const operator = await t.login();
    const switched = (await t.call('GET', '/account/front/identity/switch', { token: operator, query: { id } })).body
      .data as string;
    const listed = (await online({ account: 'on.victim' })).list;
    expect(listed.map((s) => s.switchedBy?.accountNumber ?? null).sort()).toEqual(['admin', null]);

    const res = await t.call('DELETE', '/online', { token: admin, query: { id: sid(victim) } });
    expect(res.status, res.body.msg).toBe(200);
    expect((await t.call('GET', '/getAccountInfo', { token: victim })).status).toBe(401);

    // Ending the operator's session ends the switched session hanging off it.
    expect((await t.call('GET', '/getAccountInfo', { token: switched })).status).toBe(200);
    expect((await t.call('DELETE', '/online', { token: admin, query: { id: sid(operator) } })).status).toBe(200);
    expect((await t.call('GET', '/getAccountInfo', { token: switched })).status).toBe(401);
    const row = await t.database.db
      .selectFrom('session')
      .select('ended_at')
      .where('id', '=', sid(switched))
      .executeTakeFirstOrThrow();
    expect(row.ended_at).not.toBeNull();
    expect((await online({ account: 'on.victim' })).totalCount).toBe(0);
  });

  it('tells in the 401 why a session ended, so the sign-in page can say it', async () => {
    const ended = async (token: string) => {
      const res = await t.call('GET', '/getAccountInfo', { token });
      return { status: res.status, reason: res.headers[SESSION_END_HEADER] ?? null, msg: res.body.msg };
    };
    const id = await account('on.why');
    const forced = await signIn('on.why');
    expect((await t.call('DELETE', '/online', { token: admin, query: { id: sid(forced) } })).status).toBe(200);
    expect(await ended(forced)).toEqual({ status: 401, reason: 'forced', msg: '您已被管理员强制下线，请重新登录' });

    const current = await signIn('on.why');
    const elsewhere = await signIn('on.why');
    await t.call('DELETE', '/account/sessions', { token: current, query: { id: sid(elsewhere) } });
    expect(await ended(elsewhere)).toMatchObject({ status: 401, reason: 'elsewhere' });

    // Past the session's absolute end, and a token past its own life.
    await t.database.db
      .updateTable('session')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', sid(current))
      .execute();
    expect(await ended(current)).toEqual({ status: 401, reason: 'expired', msg: '登录已过期，请重新登录' });
    const old = await createTokenIssuer(t.app.setup.jwtSecret).sign(sid(admin), 1, Math.floor(Date.now() / 1000) - 5);
    expect(await ended(old)).toMatchObject({ status: 401, reason: 'expired' });

    // Disabled by an administrator (its sessions end at once), or found disabled by a live session.
    const disabled = await signIn('on.why');
    const batch = await t.call('PUT', '/account/batch-state', { token: admin, body: { ids: [id], state: 0 } });
    expect(batch.body.data).toMatchObject({ done: [id] });
    expect(await ended(disabled)).toMatchObject({ status: 401, reason: 'disabled' });
    await t.call('PUT', '/account/batch-state', { token: admin, body: { ids: [id], state: 1 } });
    const stale = await signIn('on.why');
    await t.database.db.updateTable('account').set({ state: 0 }).where('id', '=', id).execute();
    expect(await ended(stale)).toMatchObject({ status: 401, reason: 'disabled' });
    await t.database.db.updateTable('account').set({ state: 1 }).where('id', '=', id).execute();

    // A password reset by an administrator (sudo: admin signed in just now).
    const reset = await signIn('on.why');
    expect((await t.call('PUT', '/account/reset', { token: admin, body: { id } })).status).toBe(200);
    expect(await ended(reset)).toEqual({ status: 401, reason: 'password', msg: '密码已修改，请用新密码重新登录' });

    // No token, or one this server never signed: no reason to tell.
    expect((await ended('forged.token.value')).reason).toBeNull();
    expect((await t.call('GET', '/getAccountInfo')).headers[SESSION_END_HEADER]).toBeUndefined();
  });

  it('refuses to force off the caller’s own session, or the one it switched from, or one already gone', async () => {
    const own = await t.call('DELETE', '/online', { token: admin, query: { id: sid(admin) } });
    expect(own.status).toBe(400);
    expect(own.body.msg).toBe('不能强制下线当前会话，请使用退出登录');
    // A second super-administrator, switched into by admin: its requests pass the permission check, and the
    // session it switched from is still the caller's own.
    const superRole = await t.database.db
      .selectFrom('role')
      .select('id')
      .where('builtin', '=', 1)
      .executeTakeFirstOrThrow();
    const id = await account('on.target', superRole.id);
    const operator = await t.login();
    const switched = (await t.call('GET', '/account/front/identity/switch', { token: operator, query: { id } })).body
      .data as string;
    const origin = await t.call('DELETE', '/online', { token: switched, query: { id: sid(operator) } });
    expect(origin.status).toBe(400);
    expect(origin.body.msg).toBe('不能强制下线当前会话，请使用退出登录');
    const gone = await t.call('DELETE', '/online', { token: admin, query: { id: 'no-such-session' } });
    expect(gone.status).toBe(400);
    expect(gone.body.msg).toBe('会话不存在或已下线');
    expect((await t.call('GET', '/getAccountInfo', { token: admin })).status).toBe(200);
  });

  it('lets an account list its own sessions, end one, and end all the others', async () => {
    await account('on.self');
    const first = await signIn('on.self', '10.0.0.1');
    const second = await signIn('on.self', '10.0.0.2');
    const current = await signIn('on.self', '10.0.0.3');
    const mine = (await t.call('GET', '/account/sessions', { token: current })).body.data as Listed[];
    expect(mine.map((s) => s.id)).toEqual([sid(current), sid(second), sid(first)]);
    expect(mine.map((s) => s.current)).toEqual([true, false, false]);

    const refused = await t.call('DELETE', '/account/sessions', { token: current, query: { id: sid(current) } });
    expect(refused.status).toBe(400);
    // Another account's session looks like a missing one.
    const foreign = await t.call('DELETE', '/account/sessions', { token: current, query: { id: sid(admin) } });
    expect(foreign.status).toBe(400);
    expect((await t.call('GET', '/getAccountInfo', { token: admin })).status).toBe(200);

    expect((await t.call('DELETE', '/account/sessions', { token: current, query: { id: sid(first) } })).status).toBe(
      200,
    );
    expect((await t.call('GET', '/getAccountInfo', { token: first })).status).toBe(401);
    expect((await t.call('GET', '/getAccountInfo', { token: second })).status).toBe(200);

    const others = await t.call('DELETE', '/account/sessions/others', { token: current });
    expect(others.body.data).toEqual({ ended: 1 });
    expect((await t.call('GET', '/getAccountInfo', { token: second })).status).toBe(401);
    expect((await t.call('GET', '/getAccountInfo', { token: current })).status).toBe(200);
    const left = (await t.call('GET', '/account/sessions', { token: current })).body.data as Listed[];
    expect(left.map((s) => s.id)).toEqual([sid(current)]);
  });

  it('lists only the sessions of accounts within the caller’s data scope', async () => {
    const org = async (name: string, pid: number) => {
      const res = await t.call('POST', '/org', { token: admin, body: { name, pid } });
      expect(res.status, res.body.msg).toBe(200);
      return (res.body.data as { id: number }).id;
    };
    const a = await org(`on-scope-A-${lane}`, rootOrg);
    const a1 = await org(`on-scope-A1-${lane}`, a);
    const b = await org(`on-scope-B-${lane}`, rootOrg);
    const resources = (await t.call('GET', '/resources', { token: admin })).body.data as Array<{
      id: number;
      method: string | null;
      url: string | null;
    }>;
    const listOnline = resources.find(
      (r) => r.method && r.url && resourceKey(r.method, r.url) === resourceKey('GET', routes.listOnline.path),
    )!.id;
    const role = async (dataScope: DataScopeKind) => {
      const body = { name: `on-scope-${dataScope}-${lane}`, resources: [listOnline], dataScope };
      const res = await t.call('POST', '/role', { token: admin, body });
      expect(res.status, res.body.msg).toBe(200);
      return (res.body.data as { id: number }).id;
    };
    const member = async (accountNumber: string, orgId: number, roleId: number | null = null) => {
      const body = { accountNumber, accountName: accountNumber, password: PASSWORD, orgId, roleId, state: 1 };
      const res = await t.call('POST', '/account', { token: admin, body });
      expect(res.status, res.body.msg).toBe(200);
      return signIn(accountNumber);
    };
    await member('on.ds.a', a);
    await member('on.ds.a1', a1);
    await member('on.ds.b', b);
    const tree = await member('on.ds.tree', a, await role('orgTree'));
    const self = await member('on.ds.self', a, await role('self'));
    const all = await member('on.ds.all', b, await role('all'));
    const seen = async (token: string) => {
      const { list, totalCount } = await online({ account: 'on.ds.' }, token);
      expect(totalCount).toBe(list.length);
      return list.map((s) => s.accountNumber).sort();
    };

    // 本组织及以下 in A: the sessions of A and A1, not those of the sibling B.
    expect(await seen(tree)).toEqual(['on.ds.a', 'on.ds.a1', 'on.ds.self', 'on.ds.tree']);
    // 仅本人: its own sessions only.
    expect(await seen(self)).toEqual(['on.ds.self']);
    // 全部: every account's (those whose roles it covers).
    expect(await seen(all)).toEqual(['on.ds.a', 'on.ds.a1', 'on.ds.all', 'on.ds.b', 'on.ds.self', 'on.ds.tree']);
    expect(await seen(admin)).toEqual(['on.ds.a', 'on.ds.a1', 'on.ds.all', 'on.ds.b', 'on.ds.self', 'on.ds.tree']);
  });

  it('ends the oldest live session when a sign-in goes beyond the per-account cap', async () => {
    await account('on.cap');
    const tokens = [];
    for (let i = 0; i < 3; i += 1) tokens.push(await signIn('on.cap'));
    for (const token of tokens) expect((await t.call('GET', '/getAccountInfo', { token })).status).toBe(200);
    const fourth = await signIn('on.cap');
    const replaced = await t.call('GET', '/getAccountInfo', { token: tokens[0]! });
    expect([replaced.status, replaced.headers[SESSION_END_HEADER]]).toEqual([401, 'replaced']);
    for (const token of [tokens[1]!, tokens[2]!, fourth]) {
      expect((await t.call('GET', '/getAccountInfo', { token })).status).toBe(200);
    }
    expect((await online({ account: 'on.cap' })).totalCount).toBe(3);
    // A signed-out session does not count: after one logout a new sign-in ends nothing.
    await t.call('POST', '/logout', { token: tokens[1]! });
    const fifth = await signIn('on.cap');
    for (const token of [tokens[2]!, fourth, fifth]) {
      expect((await t.call('GET', '/getAccountInfo', { token })).status).toBe(200);
    }
  });
});

describe.each(lanes)('forced password change on %s', (lane) => {
  let t: TestApp;

  beforeAll(async () => {
    // No ADMIN_PASSWORD: the first start generates (and would print) the admin's password.
    t = await startTestApp(lane, { adminPassword: undefined });
  });
  afterAll(() => t.close());

  it('serves a generated admin password only what changing it needs, until it is changed', async () => {
    const generated = t.app.setup.generatedAdminPassword;
    expect(generated).toBeTruthy();
    const token = await t.login('admin', generated);
    const info = await t.call('GET', '/getAccountInfo', { token });
    expect(info.status).toBe(200);
    expect((info.body.data as { mustChangePassword: boolean }).mustChangePassword).toBe(true);
    expect((await t.call('GET', '/getPermissions', { token })).status).toBe(200);
    for (const [method, path, query] of [
      ['GET', '/account/s', { p: 1, pageSize: 10 }],
      ['GET', '/orgs', {}],
      ['GET', '/account/sessions', {}],
    ] as const) {
      const res = await t.call(method, path, { token, query });
      expect(res.status, path).toBe(403);
      expect(res.body.msg).toBe('请先修改初始密码');
    }

    const proof = await t.call('POST', '/auth/password/validate', { token, body: { password: generated } });
    expect(proof.status, proof.body.msg).toBe(200);
    const changed = await t.call('PUT', '/auth/password', {
      token,
      body: { newPassword: 'Chosen#Admin2026', token: proof.body.data },
    });
    expect(changed.status, changed.body.msg).toBe(200);
    const after = await t.call('GET', '/getAccountInfo', { token });
    expect((after.body.data as { mustChangePassword: boolean }).mustChangePassword).toBe(false);
    expect((await t.call('GET', '/account/s', { token, query: { p: 1, pageSize: 10 } })).status).toBe(200);
  });

  it('sets the flag when an administrator resets a password, and not for the administrator acting as them', async () => {
    const admin = await t.login('admin', 'Chosen#Admin2026');
    const orgs = (await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>;
    const created = await t.call('POST', '/account', {
      token: admin,
      body: { accountNumber: 'reset.me', accountName: '重置', password: PASSWORD, orgId: orgs[0]!.id, state: 1 },
    });
    const id = (created.body.data as { id: number }).id;
    const before = await t.login('reset.me', PASSWORD);
    expect((await t.call('GET', '/account/sessions', { token: before })).status).toBe(200);

    const reset = await t.call('PUT', '/account/reset', { token: admin, body: { id } });
    const password = (reset.body.data as { password: string }).password;
    const token = await t.login('reset.me', password);
    expect(
      ((await t.call('GET', '/getAccountInfo', { token })).body.data as { mustChangePassword: boolean })
        .mustChangePassword,
    ).toBe(true);
    expect((await t.call('GET', '/account/sessions', { token })).status).toBe(403);

    // The administrator switched into the account is not held to the owner's password change.
    const switched = (await t.call('GET', '/account/front/identity/switch', { token: admin, query: { id } })).body
      .data as string;
    expect((await t.call('GET', '/account/sessions', { token: switched })).status).toBe(200);

    const proof = await t.call('POST', '/auth/password/validate', { token, body: { password } });
    await t.call('PUT', '/auth/password', { token, body: { newPassword: 'Mine#Own-2026', token: proof.body.data } });
    expect((await t.call('GET', '/account/sessions', { token })).status).toBe(200);
  });
});
