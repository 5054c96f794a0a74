import { envelopeDigest, keySourceOf, openEnvelope, sealEnvelope } from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';

/** What the web client does when encryption is on: wrap, post to /sapi/<digest>, unwrap `data`. */
async function wrappedCall(
  t: TestApp,
  token: string,
  request: { path: string; method: 'GET' | 'POST' | 'PUT' | 'DELETE'; params?: unknown; ts?: number },
) {
  const key = keySourceOf(token);
  const sealed = await sealEnvelope(key, {
    path: request.path,
    method: request.method,
    params: request.params ?? null,
    ts: request.ts ?? Date.now(),
  });
  const digest = await envelopeDigest(request.path, request.method);
  const res = await t.call('POST', `/sapi/${digest}`, { token, body: { data: sealed } });
  const data = typeof res.body.data === 'string' ? await openEnvelope(key, res.body.data) : undefined;
  return { ...res, data };
}

describe('request envelopes', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { requestEncryption: true });
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
    const sealed = await sealEnvelope(keySourceOf(other), {
      path: '/account/s',
      method: 'GET',
      params: null,
      ts: Date.now(),
    });
    const wrongKey = await t.call('POST', '/sapi/abc', { token: admin, body: { data: sealed } });
    expect(wrongKey.status).toBe(400);

    const nested = await wrappedCall(t, admin, { path: '/sapi/abc', method: 'POST', params: { data: 'x' } });
    expect(nested.status).toBe(400);
    expect((await t.call('POST', '/sapi/abc', { body: { data: sealed } })).status).toBe(401);
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
