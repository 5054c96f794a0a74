import { routes } from '@gatehouse/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const call = vi.fn();
vi.mock('@/lib/http', () => ({ call: (...args: unknown[]) => call(...args) }));

const { verificationApi } = await import('./verify.api');

beforeEach(() => {
  call.mockReset();
});

describe('verificationApi', () => {
  it('sends each SMS flavour to its route, quietly, with the captcha token only when given', async () => {
    call.mockResolvedValue({ id: 'sms-1' });
    await expect(verificationApi.sendSms('common', '13812345678')).resolves.toBe('sms-1');
    await verificationApi.sendSms('register', '13812345678', 'cap');
    await verificationApi.sendSms('login', '13812345678', 'cap');
    await verificationApi.sendSms('reset', '13812345678', 'cap');
    expect(call.mock.calls).toEqual([
      [routes.sendSms, { body: { mobile: '13812345678' }, quiet: true }],
      [routes.sendSmsRegister, { body: { mobile: '13812345678', captcha: 'cap' }, quiet: true }],
      [routes.sendSmsLogin, { body: { mobile: '13812345678', captcha: 'cap' }, quiet: true }],
      [routes.sendSmsReset, { body: { mobile: '13812345678', captcha: 'cap' }, quiet: true }],
    ]);
  });

  it('calls the captcha, e-mail, code and password routes quietly', async () => {
    call.mockResolvedValue({ id: 'x', content: 'data:' });
    await verificationApi.loadCaptcha({ width: 76, height: 38 });
    await verificationApi.sendEmail('a@b.cn', 'cap');
    call.mockResolvedValue('token');
    await verificationApi.checkCaptcha('c1', 'abcd');
    await verificationApi.checkSms('s1', '1234');
    await verificationApi.checkEmail('e1', '1234');
    await expect(verificationApi.checkPassword('secret')).resolves.toBe('token');
    expect(call.mock.calls).toEqual([
      [routes.imageCaptcha, { query: { width: 76, height: 38 }, quiet: true }],
      [routes.sendEmailCode, { query: { email: 'a@b.cn', captcha: 'cap' }, quiet: true }],
      [routes.validateImageCaptcha, { query: { id: 'c1', userInput: 'abcd' }, quiet: true }],
      [routes.validateSms, { query: { id: 's1', userInput: '1234' }, quiet: true }],
      [routes.validateEmailCode, { query: { id: 'e1', userInput: '1234' }, quiet: true }],
      [routes.validatePassword, { body: { password: 'secret' }, quiet: true }],
    ]);
  });
});
