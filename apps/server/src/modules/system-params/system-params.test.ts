import { type LiveParamKey, SYSTEM_PARAMS } from '@gatehouse/contract/system-params';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../../test/harness.js';
import { loadConfig } from '../../config.js';
import { liveBindings, textOf } from './bindings.js';

interface Param {
  key: string;
  value: string;
  defaultValue: string;
  source: 'env' | 'default' | 'database';
  restart: boolean;
}

describe('the declarations of the 系统参数', () => {
  it('are what the server reads from the environment: each default is the configuration without the variable', () => {
    const config = loadConfig({});
    for (const def of SYSTEM_PARAMS) {
      if (def.restart) continue;
      expect(textOf(liveBindings[def.key as LiveParamKey].read(config)), def.key).toBe(def.defaultValue);
    }
  });

  it('read the environment by the declared limits, naming the variable', () => {
    expect(() => loadConfig({ LOGIN_LOCK_AFTER: '0' })).toThrow(
      'LOGIN_LOCK_AFTER must be an integer between 1 and 10000',
    );
    expect(() => loadConfig({ REGISTRATION: 'maybe' })).toThrow('REGISTRATION must be on, off or approval');
    expect(loadConfig({ SUDO_SECONDS: '7200' }).sudoSeconds).toBe(7200);
    expect(loadConfig({ REGISTRATION: 'false' }).registration.enabled).toBe(false);
  });
});

describe.each(lanes)('系统参数 on %s', (lane) => {
  let a: TestApp;
  /** A second instance on the same database, as behind nginx. */
  let b: TestApp;
  let admin: string;

  const list = async (t: TestApp, token: string) => {
    const res = await t.call('GET', '/system/param/s', { token });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as Param[];
  };
  const param = async (t: TestApp, key: string) => (await list(t, await t.login())).find((p) => p.key === key)!;
  const put = (t: TestApp, token: string, body: Record<string, unknown>) =>
    t.call('PUT', '/system/param', { token, body });

  beforeAll(async () => {
    a = await startTestApp(lane);
    b = await startTestApp(lane, {}, a.database);
    admin = await a.login();
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('lists every declared parameter with its value in effect, default and source', async () => {
    const params = await list(a, admin);
    expect(params.map((p) => p.key)).toEqual(SYSTEM_PARAMS.map((p) => p.key));
    // The tests' environment sets REGISTRATION=on and SUDO_SECONDS=3600; the rest are defaults.
    expect(params.find((p) => p.key === 'registration')).toEqual({
      key: 'registration',
      value: 'on',
      defaultValue: 'approval',
      source: 'env',
      restart: false,
    });
    expect(params.find((p) => p.key === 'loginLockAfter')).toMatchObject({ value: '10', source: 'default' });
    expect(params.find((p) => p.key === 'port')).toMatchObject({ restart: true });
    expect(params.find((p) => p.key === 'database')).toMatchObject({ restart: true });
    // The database's URL is never shown with its password.
    expect(JSON.stringify(params)).not.toMatch(/postgres:\/\/[^@/]*:[^@*/]+@/);
  });

  it('closes registration on every instance at its next request, and opens it again with a reset', async () => {
    expect((await b.call('GET', '/auth/options')).body.data).toMatchObject({ registration: true });
    const res = await put(a, admin, { key: 'registration', value: 'off' });
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ key: 'registration', value: 'off', source: 'database' });
    // The other instance: the sign-in page's options and the registration code are refused there.
    expect((await b.call('GET', '/auth/options')).body.data).toMatchObject({ registration: false });
    const image = (await b.call('GET', '/captcha/image')).body.data as { id: string };
    const captcha = (
      await b.call('GET', '/captcha/image/validate', { query: { id: image.id, userInput: b.codeFor(image.id) } })
    ).body.data as string;
    const sms = await b.call('POST', '/captcha/sms/register', { body: { mobile: '13900007777', captcha } });
    expect(sms.status).toBe(400);
    expect(sms.body.msg).toContain('注册');

    const reset = await put(b, await b.login(), { key: 'registration', value: '', reset: true });
    expect(reset.status, reset.body.msg).toBe(200);
    expect(reset.body.data).toMatchObject({ value: 'on', source: 'env' });
    expect((await a.call('GET', '/auth/options')).body.data).toMatchObject({ registration: true });
  });

  it('takes a sign-in threshold at once: a captcha after one wrong password', async () => {
    expect((await put(a, admin, { key: 'loginCaptchaAfter', value: '1' })).status).toBe(200);
    const wrong = await b.call('POST', '/login', { body: { account: 'admin', password: 'not-it-1' } });
    expect(wrong.status).toBe(400);
    const state = await b.call('GET', '/login/captcha', { query: { account: 'admin' } });
    expect(state.body.data, JSON.stringify(state.body)).toMatchObject({ required: true });
    expect((await put(a, admin, { key: 'loginCaptchaAfter', value: '', reset: true })).status).toBe(200);
    const after = await b.call('GET', '/login/captcha', { query: { account: 'admin' } });
    expect(after.body.data).toMatchObject({ required: false });
  });

  it('takes the upload quota at once', async () => {
    expect((await put(a, admin, { key: 'uploadQuotaMb', value: '1' })).status).toBe(200);
    // An Ogg file by its first bytes (the upload checks them against the extension), 1.05 MiB.
    const big = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(1_100_000, 0)]);
    const boundary = 'paramtest';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.ogg"\r\nContent-Type: audio/ogg\r\n\r\n`,
      ),
      big,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await b.app.fastify.inject({
      method: 'POST',
      url: '/api/file/upload',
      headers: { authorization: await b.login(), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(JSON.parse(res.body).msg).toContain('1');
    expect((await put(a, admin, { key: 'uploadQuotaMb', value: '', reset: true })).status).toBe(200);
  });

  it('refuses a wrong value on its field, a restart setting and an unknown key, changing nothing', async () => {
    const before = await param(a, 'loginLockAfter');
    const wrong = await put(a, admin, { key: 'loginLockAfter', value: '0' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ field: 'value', msg: '“失败几次后锁定”取值不正确：应为 1 到 10000 的整数' });
    const mode = await put(a, admin, { key: 'registration', value: 'sometimes' });
    expect(mode.body).toMatchObject({ field: 'value', msg: '“自助注册”取值不正确：应为 on、off、approval 之一' });
    const restart = await put(a, admin, { key: 'port', value: '9090' });
    expect(restart.status).toBe(400);
    expect(restart.body).toMatchObject({ field: 'key', msg: '“端口”需要重启才能生效，只能在环境变量 PORT 中设置' });
    const unknown = await put(a, admin, { key: 'nope', value: '1' });
    expect(unknown.body).toMatchObject({ field: 'key', msg: '系统参数“nope”不存在' });
    const order = await put(a, admin, { key: 'loginLockBaseSeconds', value: '1000' });
    expect(order.body.msg).toBe('首次锁定时长不能超过最长锁定时长');
    // The registration role is never the super-admin's, and an organisation must exist.
    const superRole = await put(a, admin, { key: 'registrationRoleId', value: '1' });
    expect(superRole.body).toMatchObject({ field: 'value' });
    expect(superRole.body.msg).toContain('超级管理员');
    const noOrg = await put(a, admin, { key: 'registrationOrgId', value: '999999' });
    expect(noOrg.body).toMatchObject({ field: 'value', msg: '组织 999999 不存在' });
    const english = await a.call('PUT', '/system/param', {
      token: admin,
      body: { key: 'loginLockAfter', value: 'x' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(english.body.msg).toBe('“Failures before a lock” is not valid: an integer from 1 to 10000');
    expect(await param(a, 'loginLockAfter')).toEqual(before);
  });

  it('records each change in the operation log with the value before and after', async () => {
    expect((await put(a, admin, { key: 'sessionMaxPerAccount', value: '3' })).status).toBe(200);
    const res = await a.call('GET', '/audit/s', {
      token: admin,
      query: { p: 1, pageSize: 5, title: 'updateSystemParam' },
    });
    const entry = (res.body.data as { list: Array<Record<string, unknown>> }).list[0]!;
    expect(entry).toMatchObject({
      route: 'updateSystemParam',
      targetType: 'param',
      targetId: 'sessionMaxPerAccount',
      outcome: 'success',
    });
    expect(entry.diff).toEqual(
      expect.arrayContaining([
        { field: 'value', before: '10', after: '3' },
        { field: 'source', before: 'default', after: 'database' },
      ]),
    );
    expect((await put(a, admin, { key: 'sessionMaxPerAccount', value: '', reset: true })).status).toBe(200);
  });

  it('takes the password policy at once on every instance: the passwords of accounts follow it', async () => {
    const rootOrg = ((await a.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
    const create = (t: TestApp, number: string, password: string) =>
      t.call('POST', '/account', {
        token: admin,
        body: { accountNumber: number, accountName: number, password, orgId: rootOrg, state: 1 },
      });
    // Ten characters of two kinds pass the default policy.
    expect((await create(b, `pw-${lane}-1`, 'Abcdef1234')).status).toBe(200);
    expect((await put(a, admin, { key: 'passwordMinLength', value: '12' })).status).toBe(200);
    const short = await create(b, `pw-${lane}-2`, 'Abcdef1234');
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ msg: '密码长度应为 12 到 128 个字符', field: 'password' });
    // The forms are told the policy before anybody signs in.
    expect((await b.call('GET', '/auth/options')).body.data).toMatchObject({
      passwordMinLength: 12,
      passwordClasses: 2,
    });
    expect((await put(a, admin, { key: 'passwordClasses', value: '3' })).status).toBe(200);
    const twoKinds = await create(b, `pw-${lane}-3`, 'Abcdefgh123456');
    expect(twoKinds.body).toMatchObject({ msg: '密码至少包含字母、数字、符号中的 3 类', field: 'password' });
    expect((await create(b, `pw-${lane}-4`, 'Abcdefgh-123456')).status).toBe(200);
    // The floor of the contract stays: the policy cannot go below 8.
    const below = await put(a, admin, { key: 'passwordMinLength', value: '6' });
    expect(below.status).toBe(400);
    for (const key of ['passwordMinLength', 'passwordClasses']) {
      expect((await put(a, admin, { key, value: '', reset: true })).status).toBe(200);
    }
    expect((await create(b, `pw-${lane}-5`, 'Abcdef1234')).status).toBe(200);
  });

  it('takes the sudo window at once: a sign-in older than a shortened window asks again', async () => {
    const token = await a.login();
    const sid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
    await a.database.db
      .updateTable('session')
      .set({ verified_at: new Date(Date.now() - 120_000).toISOString() })
      .where('id', '=', sid)
      .execute();
    // Shortened by another session (a change is itself a sensitive action, which renews the session making it).
    expect((await put(a, admin, { key: 'sudoSeconds', value: '60' })).status).toBe(200);
    // Two minutes old: inside the tests' hour, now past the 60 s window, on the other instance too.
    const again = await put(b, token, { key: 'sudoSeconds', value: '', reset: true });
    expect(again.status).toBe(400);
    expect(again.headers['x-verification-required']).toBe('identity');
    expect((await put(a, admin, { key: 'sudoSeconds', value: '', reset: true })).status).toBe(200);
  });
});
