import { describe, expect, it } from 'vitest';
import type { Account } from '@/stores/session';
import { MOBILE_PATTERN, newContacts, toProfileBody, toProfileFormValues } from './profile-form';

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

  it('asks for a code only for a new mobile number or e-mail, compared as the server compares them', () => {
    const saved = { contactNumber: '13812345678', email: 'Wang@Example.com' };
    expect(newContacts(saved, { contactNumber: '+86 138-1234-5678', email: ' wang@example.COM ' })).toEqual({
      mobile: null,
      email: null,
    });
    expect(newContacts(saved, { contactNumber: '0086 13900001111', email: 'li@example.com ' })).toEqual({
      mobile: '13900001111',
      email: 'li@example.com',
    });
    // Removing one needs no code (only the identity verification).
    expect(newContacts(saved, { contactNumber: ' ', email: '' })).toEqual({ mobile: null, email: null });
    expect(newContacts({ contactNumber: null, email: null }, { contactNumber: '13900001111' })).toEqual({
      mobile: '13900001111',
      email: null,
    });
  });
});
