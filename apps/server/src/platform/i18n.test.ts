import { API_BASE } from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { catalogues, pickLocale, t as text } from './i18n.js';

const HAN = /\p{Script=Han}/u;

describe('server catalogues', () => {
  it('has an en-US text for every key, non-empty, English where the zh-CN text is Chinese, same parameters', () => {
    const zh = catalogues['zh-CN'];
    const en = catalogues['en-US'];
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    const params = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, zhText] of Object.entries(zh) as [keyof typeof zh, string][]) {
      const enText = en[key];
      expect(enText.trim(), key).not.toBe('');
      expect(HAN.test(enText), `${key}: ${enText}`).toBe(false);
      if (HAN.test(zhText)) expect(enText, key).not.toBe(zhText);
      expect(params(enText), key).toEqual(params(zhText));
    }
  });

  it('picks the locale from Accept-Language: English -> en-US, Chinese or nothing usable -> zh-CN', () => {
    expect(pickLocale(undefined)).toBe('zh-CN');
    expect(pickLocale('')).toBe('zh-CN');
    expect(pickLocale('en-US')).toBe('en-US');
    expect(pickLocale('en')).toBe('en-US');
    expect(pickLocale('en-GB,en;q=0.9')).toBe('en-US');
    expect(pickLocale('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh-CN');
    expect(pickLocale('fr-FR, en;q=0.5, zh;q=0.4')).toBe('en-US');
    expect(pickLocale('zh;q=0.5, en;q=0.9')).toBe('en-US');
    expect(pickLocale('fr, de')).toBe('zh-CN');
    expect(pickLocale('en;q=0, zh-TW')).toBe('zh-CN');
  });

  it('answers zh-CN outside a request', () => {
    expect(text('auth.badCredentials')).toBe('账号或密码错误');
    expect(text('auth.badCredentials', {}, 'en-US')).toBe('Wrong account or password');
  });
});

describe('server messages follow Accept-Language', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    admin = await t.login();
  });
  afterAll(() => t.close());

  const send = (
    method: 'GET' | 'POST',
    path: string,
    options: { language?: string; token?: string; body?: unknown } = {},
  ) =>
    t.app.fastify
      .inject({
        method,
        url: API_BASE + path,
        headers: {
          ...(options.language ? { 'accept-language': options.language } : {}),
          ...(options.token ? { authorization: options.token } : {}),
        },
        ...(options.body === undefined ? {} : { payload: options.body as object }),
      })
      .then((res) => ({ status: res.statusCode, body: res.json() as { code: number; msg: string; data?: unknown } }));

  it('refuses a duplicate account number in zh-CN by default and in en-US when asked', async () => {
    const orgs = (await send('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>;
    const body = { accountNumber: 'admin', accountName: 'Dup', password: 'Lx9#qwe-rty', orgId: orgs[0]?.id, state: 1 };
    const zh = await send('POST', '/account', { token: admin, body });
    expect(zh).toMatchObject({ status: 400, body: { msg: '账号“admin”已存在' } });
    const en = await send('POST', '/account', { token: admin, body, language: 'en-US,en;q=0.9' });
    expect(en).toMatchObject({ status: 400, body: { msg: 'Account “admin” already exists' } });
    const zhAsked = await send('POST', '/account', { token: admin, body, language: 'zh-CN' });
    expect(zhAsked.body.msg).toBe('账号“admin”已存在');
  });

  it('answers refusals before the body (401), after it (wrong password) and validation in the language', async () => {
    expect((await send('GET', '/getAccountInfo', { language: 'en-US' })).body.msg).toBe(
      'Not signed in or the session expired; please sign in again',
    );
    expect((await send('GET', '/getAccountInfo')).body.msg).toBe('未登录或登录已过期，请重新登录');
    const wrong = { account: 'admin', password: 'not-the-password' };
    expect((await send('POST', '/login', { body: wrong, language: 'en-US' })).body.msg).toBe(
      'Wrong account or password',
    );
    expect((await send('POST', '/login', { body: wrong })).body.msg).toBe('账号或密码错误');
    // The contract's field titles are Chinese: en-US names the field by its property.
    const missing = await send('POST', '/login', { body: { account: 'admin' }, language: 'en-US' });
    expect(missing).toMatchObject({ status: 400, body: { msg: 'Please fill in password' } });
    expect((await send('POST', '/login', { body: { account: 'admin' } })).body.msg).toMatch(/^请填写/);
    // Success texts too.
    expect((await send('GET', '/getAccountInfo', { token: admin, language: 'en' })).body.msg).toBe('Success');
  });
});
