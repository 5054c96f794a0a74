import { brotliDecompressSync } from 'node:zlib';
import { TOKEN_RENEWAL_HEADER } from '@gatehouse/contract';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, lanes, startTestApp, type TestApp } from '../../../test/harness.js';
import { COMPRESS_MIN_BYTES } from '../../platform/compress-json.js';
import { createTokenIssuer } from './tokens.js';

const PASSWORD = 'Tq7!mzP2vw';

describe.each(lanes)('sign-in and sessions on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  let rootOrg: number;

  /** A fresh account (optionally with a role) and its token. */
  async function newAccount(roleId: number | null = null) {
    const accountNumber = `u${Math.random().toString(36).slice(2, 10)}`;
    const created = await t.call('POST', '/account', {
      token: admin,
      body: { accountNumber, accountName: '测试用户', password: PASSWORD, orgId: rootOrg, roleId, state: 1 },
    });
    expect(created.status).toBe(200);
    const id = (created.body.data as { id: number }).id;
    return { id, accountNumber, token: await t.login(accountNumber, PASSWORD) };
  }

  /** A role holding exactly the API resources named `method,url`. */
  async function roleWith(name: string, keys: string[]) {
    const db = t.database.db;
    const { id } = await db
      .insertInto('role')
      .values({ name, remark: null, builtin: 0, create_time: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const key of keys) {
      const [method, url] = key.split(',');
      const resource = await db
        .selectFrom('resource')
        .select('id')
        .where('method', '=', method!)
        .where('url', '=', url!)
        .executeTakeFirstOrThrow();
      await db.insertInto('role_resource').values({ role_id: id, resource_id: resource.id }).execute();
    }
    return id;
  }

  beforeAll(async () => {
    t = await startTestApp(lane, { tokenTtlSeconds: 600, sessionMaxAgeSeconds: 3600 });
    admin = await t.login();
    const orgs = await t.call('GET', '/orgs', { token: admin });
    rootOrg = (orgs.body.data as Array<{ id: number }>)[0]!.id;
  });
  afterAll(() => t.close());

  it('refuses a wrong password, an unknown account and a disabled account with the same message', async () => {
    const wrong = await t.call('POST', '/login', { body: { account: 'admin', password: 'nope-nope' } });
    const unknown = await t.call('POST', '/login', { body: { account: 'nobody', password: ADMIN_PASSWORD } });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body.msg).toBe('账号或密码错误');
    expect(unknown.body.msg).toBe(wrong.body.msg);
  });

  it('names the missing field when signing in without a password', async () => {
    const res = await t.call('POST', '/login', { body: { account: 'admin' } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('请填写密码');
  });

  it('accepts the token raw or with a Bearer prefix, and refuses none or a forged one', async () => {
    expect((await t.call('GET', '/getAccountInfo', { token: admin })).status).toBe(200);
    expect((await t.call('GET', '/getAccountInfo', { token: `Bearer ${admin}` })).status).toBe(200);
    const none = await t.call('GET', '/getAccountInfo');
    expect(none.status).toBe(401);
    expect(none.body.msg).toMatch(/登录/);
    const forged = createTokenIssuer('not-the-secret');
    const claims = decodeJwt(admin);
    const fake = await forged.sign(String(claims.sid), 1, Math.floor(Date.now() / 1000) + 60);
    expect((await t.call('GET', '/getAccountInfo', { token: fake })).status).toBe(401);
  });

  it('ends the session at logout', async () => {
    const token = await t.login();
    expect((await t.call('POST', '/logout', { token })).status).toBe(200);
    expect((await t.call('GET', '/getAccountInfo', { token })).status).toBe(401);
    expect((await t.call('GET', '/getAccountInfo', { token: admin })).status).toBe(200);
  });

  it('renews a token in the second half of its life, never past the session’s absolute end', async () => {
    const token = await t.login();
    const { sid } = decodeJwt(token) as { sid: string };
    const fresh = await t.call('GET', '/getAccountInfo', { token });
    expect(fresh.headers[TOKEN_RENEWAL_HEADER]).toBeUndefined();

    const issuer = createTokenIssuer(t.app.setup.jwtSecret);
    const now = Math.floor(Date.now() / 1000);
    const ageing = await issuer.sign(sid, 1, now + 60);
    const renewed = await t.call('GET', '/getAccountInfo', { token: ageing });
    const next = String(renewed.headers[TOKEN_RENEWAL_HEADER]);
    expect(decodeJwt(next).exp).toBeGreaterThanOrEqual(now + 590);
    expect((await t.call('GET', '/getAccountInfo', { token: next })).status).toBe(200);

    const end = new Date((now + 120) * 1000).toISOString();
    await t.database.db.updateTable('session').set({ expires_at: end }).where('id', '=', sid).execute();
    const capped = await t.call('GET', '/getAccountInfo', { token: ageing });
    expect(decodeJwt(String(capped.headers[TOKEN_RENEWAL_HEADER])).exp).toBeLessThanOrEqual(now + 120);

    await t.database.db
      .updateTable('session')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', sid)
      .execute();
    expect((await t.call('GET', '/getAccountInfo', { token: next })).status).toBe(401);
  });

  it('guards every permission route by the role’s API resources, and a role change applies at once', async () => {
    const reader = await roleWith(`只读-${lane}`, ['get,/account/s']);
    const user = await newAccount(reader);
    expect((await t.call('GET', '/account/s', { token: user.token, query: { p: 1, pageSize: 10 } })).status).toBe(200);
    const refused = await t.call('GET', '/role/s', { token: user.token });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toContain('角色列表');

    const permissions = (await t.call('GET', '/getPermissions', { token: user.token })).body.data as Array<{
      method: string | null;
      url: string | null;
    }>;
    const keys = permissions.map((p) => `${p.method},${p.url}`);
    expect(keys).toContain('get,/account/s');
    expect(keys).toContain('get,/getAccountInfo');
    expect(keys).not.toContain('get,/role/s');
    // The personal page and home are every signed-in account's, granted or not; other menus are not.
    const routesHeld = (permissions as Array<{ route?: string | null }>).flatMap((p) => (p.route ? [p.route] : []));
    expect(routesHeld).toEqual(expect.arrayContaining(['/', '/system/Profile']));
    expect(routesHeld).not.toContain('/user/Role');

    const roleReader = await roleWith(`角色读-${lane}`, ['get,/role/s']);
    const account = (await t.call('GET', '/getAccountInfo', { token: user.token })).body.data as Record<
      string,
      unknown
    >;
    const edit = await t.call('PUT', '/account', {
      token: admin,
      body: {
        id: user.id,
        accountNumber: account.accountNumber,
        accountName: '测试用户',
        orgId: rootOrg,
        roleId: roleReader,
        state: 1,
      },
    });
    expect(edit.status).toBe(200);
    expect((await t.call('GET', '/role/s', { token: user.token })).status).toBe(200);
    expect((await t.call('GET', '/account/s', { token: user.token, query: { p: 1, pageSize: 10 } })).status).toBe(403);
  });

  it('an account without a role reaches only open and signed-in routes', async () => {
    const user = await newAccount(null);
    expect((await t.call('GET', '/getAccountInfo', { token: user.token })).status).toBe(200);
    expect((await t.call('GET', '/orgs', { token: user.token })).status).toBe(403);
  });

  it('disabling an account ends its sessions on the very next request, and re-enabling does not revive them', async () => {
    const user = await newAccount(null);
    const body = { id: user.id, accountNumber: user.accountNumber, accountName: '测试用户', orgId: rootOrg, state: 0 };
    expect((await t.call('PUT', '/account', { token: admin, body })).status).toBe(200);
    expect((await t.call('GET', '/getAccountInfo', { token: user.token })).status).toBe(401);
    const signIn = await t.call('POST', '/login', { body: { account: user.accountNumber, password: PASSWORD } });
    expect(signIn.status).toBe(400);
    await t.call('PUT', '/account', { token: admin, body: { ...body, state: 1 } });
    expect((await t.call('GET', '/getAccountInfo', { token: user.token })).status).toBe(401);
    expect((await t.call('POST', '/login', { body: { account: user.accountNumber, password: PASSWORD } })).status).toBe(
      200,
    );
  });

  it('deleting an account ends its sessions', async () => {
    const user = await newAccount(null);
    expect((await t.call('DELETE', '/account', { token: admin, query: { id: user.id } })).status).toBe(200);
    expect((await t.call('GET', '/getAccountInfo', { token: user.token })).status).toBe(401);
  });

  it('answers the super-admin every resource', async () => {
    const all = await t.database.db.selectFrom('resource').select('id').execute();
    const permissions = (await t.call('GET', '/getPermissions', { token: admin })).body.data as unknown[];
    expect(permissions).toHaveLength(all.length);
  });

  it('sends that list compressed to a browser that accepts it (the first screen waits for it)', async () => {
    const plain = await t.app.fastify.inject({
      method: 'GET',
      url: '/api/getPermissions',
      headers: { authorization: admin },
    });
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const res = await t.app.fastify.inject({
      method: 'GET',
      url: '/api/getPermissions',
      headers: { authorization: admin, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(plain.json());
  });
});

describe('menus in access-control mode', () => {
  it('grants no menu implicitly; an account whose role permits no screen gets no session, and loses it', async () => {
    const t = await startTestApp('sqlite', { accessControl: true });
    try {
      const admin = await t.login();
      const root = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
      const all = (await t.call('GET', '/resources', { token: admin })).body.data as Array<{
        id: number;
        route: string | null;
        method: string | null;
        url: string | null;
      }>;
      const menu = all.find((r) => r.route === '/user/Account')!.id;
      const api = all.find((r) => r.method === 'get' && r.url === '/account/s')!.id;
      const role = (
        (await t.call('POST', '/role', { token: admin, body: { name: '只看账号', resources: [menu, api] } })).body
          .data as { id: number }
      ).id;
      for (const [accountNumber, roleId] of [
        ['norole', null],
        ['onescreen', role],
      ] as const) {
        const res = await t.call('POST', '/account', {
          token: admin,
          body: { accountNumber, accountName: accountNumber, password: 'Nr#2026-safe', orgId: root, roleId, state: 1 },
        });
        expect(res.status, res.body.msg).toBe(200);
      }
      // No permitted screen: no session at all, so the API is as closed as the browser.
      const refused = await t.call('POST', '/login', { body: { account: 'norole', password: 'Nr#2026-safe' } });
      expect(refused.body).toEqual({ code: 403, msg: '账号访问受限, 请联系系统管理员！' });
      // The sign-in log says so: a right password that opened no session is no 登录成功.
      const logged = await t.database.db
        .selectFrom('signin_log')
        .select(['outcome', 'reason', 'kind'])
        .where('account', '=', 'norole')
        .execute();
      expect(logged).toEqual([{ outcome: 'failure', reason: 'no_access', kind: 'signin' }]);
      // One screen: a session holding exactly that menu.
      const token = await t.login('onescreen', 'Nr#2026-safe');
      const permissions = (await t.call('GET', '/getPermissions', { token })).body.data as Array<{
        type: number;
        route: string | null;
      }>;
      expect(permissions.filter((p) => p.type === 0).map((p) => p.route)).toEqual(['/user/Account']);
      expect((await t.call('GET', '/auth/options')).body.data).toMatchObject({ accessControl: true });
      // The role loses its last screen: the open session ends on its next request.
      await t.call('PUT', '/role', { token: admin, body: { id: role, name: '只看账号', resources: [api] } });
      const after = await t.call('GET', '/account/s', { token, query: { p: 1, pageSize: 10 } });
      expect(after.body).toEqual({ code: 401, msg: '账号访问受限, 请联系系统管理员！' });
      await t.call('PUT', '/role', { token: admin, body: { id: role, name: '只看账号', resources: [menu, api] } });
      expect((await t.call('GET', '/account/s', { token, query: { p: 1, pageSize: 10 } })).status).toBe(401);
    } finally {
      await t.close();
    }
  });
});
