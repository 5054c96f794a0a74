import {
  API_BASE,
  envelopeDigest,
  envelopeNonce,
  keySourceOf,
  openEnvelope,
  PREFERENCE_MAX_BYTES,
  PREFERENCE_MAX_KEYS,
  sealEnvelope,
} from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../../test/harness.js';

const PASSWORD = 'Prefs#2026-safe';

describe.each(lanes)('preferences API on %s', (lane) => {
  let t: TestApp;
  let admin: string;

  /** PUT with the JSON text as sent by a browser (a bare string, number, array or null included). */
  async function put(token: string, key: string, json: string, headers: Record<string, string> = {}) {
    const response = await t.app.fastify.inject({
      method: 'PUT',
      url: `${API_BASE}/preferences/${encodeURIComponent(key)}`,
      headers: { authorization: token, 'content-type': 'application/json', ...headers },
      payload: json,
    });
    return { status: response.statusCode, body: response.json() as { code: number; msg: string; data?: unknown } };
  }
  const get = async (token: string, key: string) => t.call('GET', `/preferences/${encodeURIComponent(key)}`, { token });

  async function account(accountNumber: string) {
    const res = await t.call('POST', '/account', {
      token: admin,
      body: { accountNumber, accountName: accountNumber, password: PASSWORD, orgId: 1, state: 1 },
    });
    expect(res.status, res.body.msg).toBe(200);
    return { id: (res.body.data as { id: number }).id, token: await t.login(accountNumber, PASSWORD) };
  }

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
  });
  afterAll(() => t.close());

  it('answers null for a key never stored, and the stored value after a PUT, of any JSON type', async () => {
    expect((await get(admin, 'table.accounts')).body).toEqual({ code: 200, msg: '操作成功', data: null });
    const value = {
      columns: [
        { key: 'accountNumber', visible: true },
        { key: 'email', visible: false },
      ],
      d: 'small',
    };
    const saved = await put(admin, 'table.accounts', JSON.stringify(value));
    expect(saved).toEqual({ status: 200, body: { code: 200, msg: '操作成功', data: value } });
    expect((await get(admin, 'table.accounts')).body.data).toEqual(value);
    for (const bare of ['"compact"', '42', 'true', '[1,"二",{"三":3}]', '{}', '"中文 ✓"']) {
      expect((await put(admin, 'bare.value', bare)).status, bare).toBe(200);
      expect((await get(admin, 'bare.value')).body.data, bare).toEqual(JSON.parse(bare));
    }
  });

  it('removes the key on null', async () => {
    await put(admin, 'to.remove', '{"a":1}');
    expect(await put(admin, 'to.remove', 'null')).toMatchObject({ status: 200, body: { data: null } });
    expect((await get(admin, 'to.remove')).body.data).toBeNull();
    const rows = await t.database.db.selectFrom('account_preference').select('pref_key').execute();
    expect(rows.map((r) => r.pref_key)).not.toContain('to.remove');
    // Removing what is not there is fine too.
    expect((await put(admin, 'never.stored', 'null')).status).toBe(200);
  });

  it('keeps each account’s preferences its own', async () => {
    const a = await account(`prefs.a.${lane}`);
    const b = await account(`prefs.b.${lane}`);
    await put(a.token, 'table.dicts', '{"owner":"a"}');
    expect((await get(b.token, 'table.dicts')).body.data).toBeNull();
    await put(b.token, 'table.dicts', '{"owner":"b"}');
    expect((await get(a.token, 'table.dicts')).body.data).toEqual({ owner: 'a' });
    expect((await get(b.token, 'table.dicts')).body.data).toEqual({ owner: 'b' });
    // Deleting the account deletes its preferences.
    expect((await t.call('DELETE', '/account', { token: admin, query: { id: b.id } })).status).toBe(200);
    const left = await t.database.db
      .selectFrom('account_preference')
      .selectAll()
      .where('account_id', '=', b.id)
      .execute();
    expect(left).toEqual([]);
  });

  it(`refuses a value over ${PREFERENCE_MAX_BYTES} bytes of UTF-8 JSON text with a message naming the limit`, async () => {
    // 16 KiB exactly fits: a string of 16,382 ASCII characters is 16,384 bytes with its quotes.
    const fits = JSON.stringify('x'.repeat(PREFERENCE_MAX_BYTES - 2));
    expect((await put(admin, 'size.limit', fits)).status).toBe(200);
    const over = JSON.stringify('x'.repeat(PREFERENCE_MAX_BYTES - 1));
    expect(await put(admin, 'size.limit', over)).toEqual({
      status: 400,
      body: { code: 400, msg: '偏好设置的内容不能超过 16 KiB（按 UTF-8 编码的 JSON 文本计）' },
    });
    // Counted in UTF-8 bytes, not characters: 5,462 Chinese characters are 16,386 bytes.
    const wide = JSON.stringify('字'.repeat(5462));
    expect((await put(admin, 'size.limit', wide)).status).toBe(400);
    const english = await put(admin, 'size.limit', over, { 'accept-language': 'en-US' });
    expect(english.body.msg).toBe('A preference may hold at most 16 KiB (its JSON text in UTF-8)');
    // The stored value is the one that fitted.
    expect((await get(admin, 'size.limit')).body.data).toBe(JSON.parse(fits));
  });

  it(`refuses a key beyond the ${PREFERENCE_MAX_KEYS}th of one account, but lets it replace or remove one`, async () => {
    const owner = await account(`prefs.many.${lane}`);
    for (let i = 0; i < PREFERENCE_MAX_KEYS; i++) {
      expect((await put(owner.token, `k${i}`, String(i))).status).toBe(200);
    }
    expect(await put(owner.token, 'one.more', '1')).toEqual({
      status: 400,
      body: { code: 400, msg: '每个账号最多保存 100 项偏好设置，请先删除不用的设置' },
    });
    expect((await put(owner.token, 'k0', '"replaced"')).status).toBe(200);
    expect((await put(owner.token, 'k1', 'null')).status).toBe(200);
    expect((await put(owner.token, 'one.more', '1')).status).toBe(200);
    // Another account is not affected by this one's count.
    expect((await put(admin, 'one.more', '1')).status).toBe(200);
  });

  it.each([
    ['1starts.with.digit', '偏好设置名称格式不正确'],
    ['has space', '偏好设置名称格式不正确'],
    ['中文', '偏好设置名称格式不正确'],
    ['a'.repeat(65), '偏好设置名称长度不能超过 64 个字符'],
  ])('refuses the key %j with 400 naming 偏好设置名称', async (key, message) => {
    expect((await get(admin, key)).body).toEqual({ code: 400, msg: message });
    expect((await put(admin, key, '1')).body).toEqual({ code: 400, msg: message });
  });

  it('answers 400, never 5xx, to bodies that are not JSON, and 401 without a session; no body removes', async () => {
    expect((await put(admin, 'bad.body', '{"a":')).status).toBe(400);
    expect((await put(admin, 'bad.body', '')).status).toBe(400);
    await put(admin, 'no.body', '{"a":1}');
    // A PUT without a body (as the request envelope carries a null body) removes the key, as null does.
    const empty = await t.app.fastify.inject({
      method: 'PUT',
      url: `${API_BASE}/preferences/no.body`,
      headers: { authorization: admin },
    });
    expect(empty.statusCode).toBe(200);
    expect((await get(admin, 'no.body')).body.data).toBeNull();
    const deep = `${'['.repeat(40)}${']'.repeat(40)}`;
    expect((await put(admin, 'too.deep', deep)).status).toBe(400);
    expect((await t.call('GET', '/preferences/table.accounts')).status).toBe(401);
    const anonymous = await t.app.fastify.inject({
      method: 'PUT',
      url: `${API_BASE}/preferences/table.accounts`,
      headers: { 'content-type': 'application/json' },
      payload: '1',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it.each([
    '"\\u0000"',
    '"\\ud800"',
    '"\\u202e"',
    '1e400',
    '-0',
    '1.5e-300',
    '[[[[]]]]',
    '{"":""}',
    '{"constructor":{"prototype":1}}',
    '{"__proto__":{"x":1}}',
    '"\'; drop table account_preference; --"',
    `{"a":${'1'.repeat(400)}}`,
  ])('answers the schema-valid body %s without a 5xx, and reads back what it stored', async (json) => {
    const res = await put(admin, 'odd.value', json);
    expect(res.status, res.body.msg).toBeLessThan(500);
    if (res.status !== 200) return;
    const read = (await get(admin, 'odd.value')).body.data;
    expect(read).toEqual(res.body.data);
    expect(JSON.stringify(read)).toBe(JSON.stringify(JSON.parse(json)));
  });

  it('gives an identity-switched session the preferences of the account acted as', async () => {
    const target = await account(`prefs.switch.${lane}`);
    await put(target.token, 'table.roles', '{"mine":"target"}');
    await put(admin, 'table.roles', '{"mine":"admin"}');
    const switched = await t.call('GET', '/account/front/identity/switch', {
      token: admin,
      query: { id: target.id },
    });
    expect(switched.status, switched.body.msg).toBe(200);
    const asTarget = switched.body.data as string;
    expect((await get(asTarget, 'table.roles')).body.data).toEqual({ mine: 'target' });
    await put(asTarget, 'table.roles', '{"mine":"changed while switched"}');
    expect((await get(target.token, 'table.roles')).body.data).toEqual({ mine: 'changed while switched' });
    expect((await get(admin, 'table.roles')).body.data).toEqual({ mine: 'admin' });
  });

  it('records a saved preference in the audit trail without its value', async () => {
    await put(admin, 'audited.key', '{"secretish":"value"}');
    const entry = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('route_name', '=', 'putPreference')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ url: '/api/preferences/audited.key', outcome: 'success', diff: '[]' });
  });
});

describe.each(lanes)('preferences through the request envelope on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(lane, { requestEncryption: true });
    admin = await t.login();
  });
  afterAll(() => t.close());

  /** As the web client does with REQUEST_ENCRYPTION on: wrap the call, post it to /sapi/<digest>, open `data`. */
  async function wrapped(method: 'GET' | 'PUT', path: string, params: unknown = null) {
    const key = keySourceOf(admin);
    const sealed = await sealEnvelope(key, { path, method, params, ts: Date.now(), nonce: envelopeNonce() });
    const res = await t.call('POST', `/sapi/${await envelopeDigest(path, method)}`, {
      token: admin,
      body: { data: sealed },
    });
    expect(res.status, res.body.msg).toBe(200);
    return typeof res.body.data === 'string' ? await openEnvelope(key, res.body.data) : res.body.data;
  }

  it('stores, reads and removes (a null body) a preference of any JSON type', async () => {
    for (const value of [{ columns: ['a', 'b'] }, ['x', 1], 'compact', 7]) {
      expect(await wrapped('PUT', '/preferences/table.accounts', value)).toEqual(value);
      expect(await wrapped('GET', '/preferences/table.accounts')).toEqual(value);
    }
    expect(await wrapped('PUT', '/preferences/table.accounts', null)).toBeNull();
    expect(await wrapped('GET', '/preferences/table.accounts')).toBeNull();
  });
});
