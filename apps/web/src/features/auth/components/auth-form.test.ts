import { characterClasses } from '@gatehouse/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, useServerOptions } from '@/stores/server-options';
import { isMobile, passwordProblem, toRegisterBody } from './auth-form';
import { checkFailure } from './check-failure';

describe('auth form helpers', () => {
  it('accepts mainland mobile numbers with an optional +86 / 0086 prefix', () => {
    for (const ok of ['13900000001', ' 13900000001 ', '+8613900000001', '008613900000001']) {
      expect(isMobile(ok)).toBe(true);
    }
    for (const bad of ['', '1390000000', '23900000001', '139000000012', '+86 13900000001', 'abc', undefined]) {
      expect(isMobile(bad)).toBe(false);
    }
  });

  it('counts letters, digits and other characters', () => {
    expect(characterClasses('abcdefgh')).toBe(1);
    expect(characterClasses('abcd1234')).toBe(2);
    expect(characterClasses('Ab1!')).toBe(3);
    expect(characterClasses('密码密码1234')).toBe(2);
  });

  it('names what the password policy refuses before anything is spent', () => {
    expect(passwordProblem('')).toBeNull(); // left to the required rule
    expect(passwordProblem('Ab1!')).toBe('长度在 8 到 128 个字符');
    expect(passwordProblem(`Ab1!${'x'.repeat(125)}`)).toBe('长度在 8 到 128 个字符');
    expect(passwordProblem('abcdefghij')).toBe('密码至少包含字母、数字、符号中的 2 类');
    expect(passwordProblem('12345678901')).toBe('密码至少包含字母、数字、符号中的 2 类');
    expect(passwordProblem('Spring#2026')).toBeNull();
    expect(passwordProblem('Spring#2026', '13900000001')).toBeNull();
  });

  afterEach(() => useServerOptions.setState({ options: DEFAULT_OPTIONS }));

  it('judges by the policy the server told (系统参数), not a copy of the default', () => {
    useServerOptions.setState({ options: { ...DEFAULT_OPTIONS, passwordMinLength: 12, passwordClasses: 3 } });
    expect(passwordProblem('Spring#2026')).toBe('长度在 12 到 128 个字符');
    expect(passwordProblem('Springtime2026')).toBe('密码至少包含字母、数字、符号中的 3 类');
    expect(passwordProblem('Springtime#2026')).toBeNull();
  });

  it('refuses a password equal to the account number (compared without +86)', () => {
    // Two classes are needed first, so only an account number with letters can collide in practice.
    expect(passwordProblem('admin2026', 'Admin2026')).toBe('密码不能与账号相同');
    expect(passwordProblem('admin2026', ' ')).toBeNull();
  });

  it('builds the registration body: number without prefix, names trimmed', () => {
    expect(
      toRegisterBody(
        {
          mobile: ' +8613900000001 ',
          captcha: 'ab12',
          code: '123456',
          name: ' 张三 ',
          company: ' 苏州示例科技 ',
          password: ' Spring#2026',
          confirm: ' Spring#2026',
        },
        'sms-token',
      ),
    ).toEqual({
      mobile: '13900000001',
      token: 'sms-token',
      name: '张三',
      company: '苏州示例科技',
      password: ' Spring#2026',
    });
  });

  it('shows a failed check under its field, emptying it only when something was checked', () => {
    expect(checkFailure('captcha', new Error('验证失败，请重试'))).toEqual({
      name: 'captcha',
      errors: ['验证失败，请重试'],
      value: '',
    });
    expect(checkFailure('captcha', new Error('loading'))).toEqual({
      name: 'captcha',
      errors: ['验证码加载中，请稍候'],
    });
    expect(checkFailure('code', new Error('请先发送验证码'))).toEqual({ name: 'code', errors: ['请先发送验证码'] });
    expect(checkFailure('code', new Error('请填写验证码'))).toEqual({ name: 'code', errors: ['请填写验证码'] });
  });
});
