import { envelopeDigest, envelopeNonce, keySourceOf, openEnvelope, sealEnvelope } from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../../test/harness.js';
import { createScheduler } from '../../platform/scheduler.js';
import { createNonceStore, innerUrl } from './index.js';

type Wrapped = { path: string; method: 'GET' | 'POST' | 'PUT' | 'DELETE'; params?: unknown; ts?: number };

/** Seals a call as the web client does: path, method, params, the time and a fresh nonce. */
async function seal(token: string, request: Wrapped & { nonce?: string }) {
  return sealEnvelope(keySourceOf(token), {
    path: request.path,
    method: request.method,
    params: request.params ?? null,
    ts: request.ts ?? Date.now(),
    nonce: request.nonce ?? envelopeNonce(),
  });
}

/** Posts a sealed envelope to /sapi/<digest> and opens the answer's `data`. */
async function post(t: TestApp, token: string, sealed: string, digest = 'abc') {
  const res = await t.call('POST', `/sapi/${digest}`, { token, body: { data: sealed } });
  const data = typeof res.body.data === 'string' ? await openEnvelope(keySourceOf(token), res.body.data) : undefined;
  return { ...res, data };
}

/** What the web client does when encryption is on: wrap, post to /sapi/<digest>, unwrap `data`. */
async function wrappedCall(t: TestApp, token: string, request: Wrapped) {
  return post(t, token, await seal(token, request), await envelopeDigest(request.path, request.method));
}

describe.each(lanes)('request envelopes on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(lane, { requestEncryption: true });
    admin = await t.login();
  });
  afterAll(() => t.close());

  it('announces the mode to the web app', async () => {
    expect((await t.call('GET', '/auth/options')).body.data).toMatchObject({ encryption: true, accessControl: false });
  });

  it('runs a wrapped GET and seals the answer with the caller’s key', async () => {
    const res = await wrappedCall(t, admin, { path: '/account/s?p=1&pageSize=10', method: 'GET' });
    expect(res.status).toBe(200);
    expect(typeof res.body.data).toBe('string');
    expect(JSON.stringify(res.body)).not.toContain('admin');
    expect(res.data).toMatchObject({ totalCount: 1, list: [{ accountNumber: 'admin' }] });
  });

  it('runs a wrapped write with its body, and passes a refusal through with its status and message', async () => {
    const root = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
    const created = await wrappedCall(t, admin, {
      path: '/org',
      method: 'POST',
      params: { name: '加密创建', pid: root },
    });
    expect(created.status, created.body.msg).toBe(200);
    expect(created.data).toMatchObject({ name: '加密创建', pid: root });
    const refused = await wrappedCall(t, admin, { path: '/org', method: 'POST', params: { name: '' } });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('请填写名称');
  });

  it('passes sudo mode’s refusal marker through, so the web can ask for the identity verification', async () => {
    const token = await t.login();
    const sid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
    await t.database.db
      .updateTable('session')
      .set({ verified_at: new Date(Date.now() - 2 * 3600_000).toISOString() })
      .where('id', '=', sid)
      .execute();
    const refused = await wrappedCall(t, token, { path: '/audit/export', method: 'GET' });
    expect(refused.status).toBe(400);
    expect(refused.headers['x-verification-required']).toBe('identity');
  });

  it('keeps the session’s permissions: a limited account is refused inside the envelope too', async () => {
    const root = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
    await t.call('POST', '/account', {
      token: admin,
      body: { accountNumber: 'plain', accountName: 'plain', password: 'Plain#2026-ok', orgId: root, state: 1 },
    });
    const plain = await t.login('plain', 'Plain#2026-ok');
    const res = await wrappedCall(t, plain, { path: '/role/s', method: 'GET' });
    expect(res.status).toBe(403);
    expect(res.body.msg).toContain('角色列表');
  });

  it('refuses stale envelopes, another session’s key, nesting and anonymous callers', async () => {
    const stale = await wrappedCall(t, admin, {
      path: '/account/s?p=1&pageSize=10',
      method: 'GET',
      ts: Date.now() - 600_000,
    });
    expect(stale.status).toBe(400);
    expect(stale.body.msg).toBe('加密请求已过期，请检查本机时间后重试');

    const other = await t.login();
    const sealed = await seal(other, { path: '/account/s', method: 'GET' });
    const wrongKey = await t.call('POST', '/sapi/abc', { token: admin, body: { data: sealed } });
    expect(wrongKey.status).toBe(400);

    const nested = await wrappedCall(t, admin, { path: '/sapi/abc', method: 'POST', params: { data: 'x' } });
    expect(nested.status).toBe(400);
    expect((await t.call('POST', '/sapi/abc', { body: { data: sealed } })).status).toBe(401);
  });

  it('refuses the envelope route however its path is spelled, and paths outside the API', async () => {
    // Each would otherwise reach POST /api/sapi/:digest again (the injected request resolves dot segments).
    const inner = await seal(admin, { path: '/account/s?p=1&pageSize=10', method: 'GET' });
    for (const path of ['/./sapi/abc', '/x/../sapi/abc', '/%73api/abc', '/.%2e/api/sapi/abc', '/SAPI/abc', '/..']) {
      const res = await wrappedCall(t, admin, { path, method: 'POST', params: { data: inner } });
      expect(res.status, path).toBe(400);
      expect(res.body.msg, path).toBe('加密请求无法解析，请重新登录后再试');
    }
    // Whatever the router makes of a path, a request run by an envelope cannot open another one.
    const marked = await t.app.fastify.inject({
      method: 'POST',
      url: '/api/sapi/abc',
      headers: { authorization: admin, 'x-gatehouse-envelope': '1', 'content-type': 'application/json' },
      payload: JSON.stringify({ data: inner }),
    });
    expect(marked.statusCode).toBe(400);
  });

  it('runs each envelope once: a replay answers 409 and runs nothing, also on a second server process', async () => {
    const root = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
    const sealed = await seal(admin, { path: '/org', method: 'POST', params: { name: '只建一次', pid: root } });
    expect((await post(t, admin, sealed)).status).toBe(200);
    const replay = await post(t, admin, sealed);
    expect(replay.status).toBe(409);
    expect(replay.body.msg).toBe('加密请求已处理过，请勿重复提交');

    // Another process on the same database knows the nonce too.
    const second = await startTestApp(lane, { requestEncryption: true }, t.database);
    try {
      expect((await post(second, admin, sealed)).status).toBe(409);
    } finally {
      await second.close();
    }
    const made = await t.database.db.selectFrom('org').select('id').where('name', '=', '只建一次').execute();
    expect(made).toHaveLength(1);
  });

  it('lets exactly one of concurrent replays through', async () => {
    const sealed = await seal(admin, { path: '/account/s?p=1&pageSize=10', method: 'GET' });
    const statuses = (await Promise.all(Array.from({ length: 8 }, () => post(t, admin, sealed)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
  });

  it('refuses an envelope without a well-formed nonce', async () => {
    for (const nonce of [undefined, '', 'short', 'x'.repeat(65), 'has space in it!!!']) {
      const sealed = await sealEnvelope(keySourceOf(admin), {
        path: '/account/s',
        method: 'GET',
        params: null,
        ts: Date.now(),
        ...(nonce === undefined ? {} : { nonce }),
      });
      expect((await post(t, admin, sealed)).status, String(nonce)).toBe(400);
    }
  });

  it('forgets nonces once their envelope is stale anyway (the minutely job the server declares)', async () => {
    const store = createNonceStore(t.database.db);
    // An hour on: the job is due on that clock whatever this server's own scheduler ran since it started.
    const now = Date.now() + 3_600_000;
    expect(await store.claim('old-nonce-0000000001', new Date(now - 1))).toBe(true);
    expect(await store.claim('new-nonce-0000000001', new Date(now + 60_000))).toBe(true);
    expect(await store.claim('new-nonce-0000000001', new Date(now + 60_000))).toBe(false);
    const expiry = t.app.jobs.filter((job) => job.name === 'envelope-nonce-expiry');
    expect(expiry.map((job) => job.everyMs)).toEqual([60_000]);
    const scheduler = createScheduler({ db: t.database.db, jobs: expiry, log: t.app.fastify.log, clock: () => now });
    try {
      expect(await scheduler.runDue()).toEqual(['envelope-nonce-expiry']);
    } finally {
      await scheduler.stop();
    }
    // The expired row is gone, the live one kept.
    const left = await t.database.db.selectFrom('envelope_nonce').select('nonce').execute();
    expect(left.map((r) => r.nonce)).not.toContain('old-nonce-0000000001');
    expect(left.map((r) => r.nonce)).toContain('new-nonce-0000000001');
  });
});

describe('the inner url of an envelope', () => {
  it('is the normalised path below the API, never the envelope route', () => {
    expect(innerUrl('/account/s?p=1&pageSize=10')).toBe('/api/account/s?p=1&pageSize=10');
    expect(innerUrl('/x/../account/s')).toBe('/api/account/s');
    expect(innerUrl('/../login')).toBeUndefined();
    expect(innerUrl('/%2e%2e/login')).toBeUndefined();
    expect(innerUrl('/./sapi/abc')).toBeUndefined();
    expect(innerUrl('/.\\sapi/abc')).toBeUndefined();
    expect(innerUrl('/%73api/abc')).toBeUndefined();
    expect(innerUrl('/%E0%A4%A')).toBeUndefined();
  });
});

describe.each(lanes)('forced password change through envelopes on %s', (lane) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(lane, { requestEncryption: true, adminPassword: undefined });
  });
  afterAll(() => t.close());

  it('lets a generated password be changed in encryption mode, and nothing else until then', async () => {
    const generated = t.app.setup.generatedAdminPassword!;
    const token = await t.login('admin', generated);
    const info = await wrappedCall(t, token, { path: '/getAccountInfo', method: 'GET' });
    expect(info.status, info.body.msg).toBe(200);
    expect(info.data).toMatchObject({ mustChangePassword: true });
    // The envelope is admitted, the call it carries is not.
    const held = await wrappedCall(t, token, { path: '/account/s?p=1&pageSize=10', method: 'GET' });
    expect(held.status).toBe(403);
    expect(held.body.msg).toBe('请先修改初始密码');

    const proof = await wrappedCall(t, token, {
      path: '/auth/password/validate',
      method: 'POST',
      params: { password: generated },
    });
    expect(proof.status, proof.body.msg).toBe(200);
    const changed = await wrappedCall(t, token, {
      path: '/auth/password',
      method: 'PUT',
      params: { newPassword: 'Chosen#Admin2026', token: proof.data },
    });
    expect(changed.status, changed.body.msg).toBe(200);
    const after = await wrappedCall(t, token, { path: '/account/s?p=1&pageSize=10', method: 'GET' });
    expect(after.status, after.body.msg).toBe(200);
  });
});

describe('request envelopes switched off (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('answers 404 with a message', async () => {
    const admin = await t.login();
    const res = await t.call('POST', '/sapi/abc', { token: admin, body: { data: 'x' } });
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe('未启用请求加密');
  });
});
