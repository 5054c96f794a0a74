// The verification calls over HTTP, answered by the mock API (src/mocks): the routes they reach, what they send,
// the tokens they answer, and that a refusal is left to the component (no toast of the http client's own).
import { routes } from '@gatehouse/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp, type HttpEffect, HttpError } from '@/lib/http';
import { MOCK_PASSWORD } from '@/mocks/seed';
import { setupMockApi } from '@/testing/mock-api';
import { verificationApi } from './verify.api';

const api = setupMockApi();
let effects: HttpEffect[] = [];

beforeEach(() => {
  effects = [];
  configureHttp({ onEffect: (effect) => effects.push(effect) });
});
afterEach(() => configureHttp({ onEffect: () => undefined }));

/** A captcha token as a person who read the image gets it (the mock accepts any answer). */
async function captchaToken(): Promise<string> {
  const { id } = await verificationApi.loadCaptcha({ width: 76, height: 38 });
  return verificationApi.checkCaptcha(id, 'ABCD');
}

describe('verificationApi', () => {
  it('loads a captcha image of the asked size, and turns an answer into a token', async () => {
    const image = await verificationApi.loadCaptcha({ width: 76, height: 38 });
    expect(image.content).toMatch(/^data:image\//);
    const [sent] = await api.sent(routes.imageCaptcha);
    expect(Object.fromEntries(sent?.query ?? [])).toEqual({ width: '76', height: '38' });
    const token = await verificationApi.checkCaptcha(image.id, 'ABCD');
    expect(api.store.tokens.get(token)).toMatchObject({ purpose: 'captcha' });
  });

  it('sends each SMS flavour to its own route, with the captcha token only when given', async () => {
    const mobile = '13812345678';
    expect(await verificationApi.sendSms('register', mobile, await captchaToken())).toEqual(expect.any(String));
    await verificationApi.sendSms('login', '13910000000', await captchaToken());
    await verificationApi.sendSms('reset', '13910000000', await captchaToken());
    expect((await api.sent(routes.sendSmsRegister)).map((r) => r.body)).toEqual([
      { mobile, captcha: expect.any(String) },
    ]);
    expect(await api.sent(routes.sendSmsLogin)).toHaveLength(1);
    expect(await api.sent(routes.sendSmsReset)).toHaveLength(1);

    // Signed in, the common flavour goes to the account's own number, without a captcha.
    api.signInAs('zhangwei');
    const own = api.store.accounts.find((a) => a.accountNumber === 'zhangwei')?.contactNumber ?? '';
    const id = await verificationApi.sendSms('common', own);
    expect((await api.sent(routes.sendSms)).map((r) => r.body)).toEqual([{ mobile: own }]);
    expect(api.store.tokens.get(await verificationApi.checkSms(id, '123456'))).toMatchObject({ purpose: 'sms' });
  });

  it('sends an e-mail code and checks it; checks the signed-in account’s password', async () => {
    const id = await verificationApi.sendEmail('someone@gatehouse.cn', await captchaToken());
    const [sent] = await api.sent(routes.sendEmailCode);
    expect(sent?.query.get('email')).toBe('someone@gatehouse.cn');
    expect(sent?.query.get('captcha')).toEqual(expect.any(String));
    expect(api.store.tokens.get(await verificationApi.checkEmail(id, '123456'))).toMatchObject({ purpose: 'email' });

    api.signInAs('admin');
    const token = await verificationApi.checkPassword(MOCK_PASSWORD);
    expect(api.store.tokens.get(token)).toMatchObject({ purpose: 'password' });
  });

  it('a refusal rejects with the server’s message and raises no toast: the component tells it', async () => {
    api.signInAs('admin');
    const refusal = await verificationApi.checkPassword('not-the-password').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({ kind: 'bad-request', message: '密码错误', status: 400 });
    // A used-up captcha id is refused too.
    const { id } = await verificationApi.loadCaptcha({ width: 76, height: 38 });
    await verificationApi.checkCaptcha(id, 'ABCD');
    await expect(verificationApi.checkCaptcha(id, 'ABCD')).rejects.toMatchObject({
      message: '图形验证码已失效，请刷新后重试',
    });
    expect(effects).toEqual([]);
  });

  it('a server fault or a lost network of a captcha load or a code send stays on the page: no /500, no toast', async () => {
    api.fail(routes.imageCaptcha, 503, '服务维护中');
    await expect(verificationApi.loadCaptcha({ width: 76, height: 38 })).rejects.toMatchObject({ kind: 'server' });
    api.fail(routes.sendSmsRegister, 500);
    await expect(verificationApi.sendSms('register', '13812345678', 'token')).rejects.toMatchObject({
      kind: 'server',
    });
    api.breakNetwork(routes.sendEmailCode);
    await expect(verificationApi.sendEmail('someone@gatehouse.cn', 'token')).rejects.toMatchObject({
      kind: 'network',
    });
    expect(effects).toEqual([]);
  });
});
