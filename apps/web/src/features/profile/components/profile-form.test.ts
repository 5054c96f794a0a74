import { describe, expect, it } from 'vitest';
import type { Account } from '../../../stores/session';
import { MOBILE_PATTERN, toProfileBody, toProfileFormValues } from './profile-form';

describe('profile form', () => {
  it('accepts mainland mobile numbers with or without +86', () => {
    for (const ok of ['13812345678', '+8613812345678', '+86 13812345678']) expect(MOBILE_PATTERN.test(ok)).toBe(true);
    for (const bad of ['1381234567', '23812345678', '138123456789', '+1 4155550100', 'abc'])
      expect(MOBILE_PATTERN.test(bad)).toBe(false);
  });

  it('trims, clears empty optional fields and drops separators from the phone number', () => {
    expect(
      toProfileBody({
        accountName: ' 张三 ',
        contactNumber: '+86 13812345678',
        email: '  ',
        regionId: 320506,
        address: ' 吴中大道 1188 号 ',
        introduction: '',
      }),
    ).toEqual({
      accountName: '张三',
      contactNumber: '+8613812345678',
      email: null,
      regionId: 320506,
      address: '吴中大道 1188 号',
      introduction: null,
    });
  });

  it('starts from the account, with empty strings for missing values', () => {
    const user = {
      accountName: '管理员',
      contactNumber: null,
      email: 'a@b.cn',
      regionId: null,
      address: null,
      introduction: '你好',
    } as Account;
    expect(toProfileFormValues(user)).toEqual({
      accountName: '管理员',
      contactNumber: '',
      email: 'a@b.cn',
      regionId: null,
      address: '',
      introduction: '你好',
    });
  });
});
