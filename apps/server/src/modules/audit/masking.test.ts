import { AUDIT_MASK } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { AUDIT_FIELDS_MAX, AUDIT_VALUE_MAX, diffOf, isSecretField, maskUrl, maskValue } from './masking.js';

describe('secret field names', () => {
  it.each([
    'password',
    'newPassword',
    'password_hash',
    'passwordHash',
    'token',
    'captcha',
    'code',
    'authCode',
    'smsCode',
    'userInput',
    'jwt_secret',
    'salt',
    'apiKey',
    'storage_key',
    'Authorization',
    'otp',
  ])('masks %s', (name) => expect(isSecretField(name)).toBe(true));

  it.each([
    'dictCode',
    'dict_code',
    'accountNumber',
    'accountName',
    'mobile',
    'email',
    'contactNumber',
    'remark',
    'id',
  ])('keeps %s', (name) => expect(isSecretField(name)).toBe(false));
});

describe('masked values', () => {
  it('masks nested secrets, cuts long strings and large documents', () => {
    expect(maskValue({ a: 1, inner: { token: 'abc', list: [{ password: 'x', ok: 'y' }] } })).toEqual({
      a: 1,
      inner: { token: AUDIT_MASK, list: [{ password: AUDIT_MASK, ok: 'y' }] },
    });
    const long = maskValue('x'.repeat(AUDIT_VALUE_MAX + 10)) as string;
    expect(long).toHaveLength(AUDIT_VALUE_MAX + 1);
    expect(long.endsWith('…')).toBe(true);
    const big = maskValue({ items: Array.from({ length: 500 }, (_, i) => `item-${i}`) });
    expect(typeof big).toBe('string');
    expect((big as string).length).toBeLessThanOrEqual(2001);
  });

  it('masks secret query parameters of a url', () => {
    expect(maskUrl('/api/emailValidCode?email=a%40b.c&captcha=tok123')).toBe(
      `/api/emailValidCode?email=a%40b.c&captcha=${encodeURIComponent(AUDIT_MASK)}`,
    );
    expect(maskUrl('/api/account?id=3')).toBe('/api/account?id=3');
  });

  it('diffs changed fields only, compares secrets before masking, leaves out the id', () => {
    expect(
      diffOf({ id: 1, name: 'a', password: 'h1', same: 2 }, { id: 1, name: 'b', password: 'h2', same: 2 }),
    ).toEqual([
      { field: 'name', before: 'a', after: 'b' },
      { field: 'password', before: AUDIT_MASK, after: AUDIT_MASK },
    ]);
    expect(diffOf({ password: 'h1' }, { password: 'h1' })).toEqual([]);
    expect(diffOf(undefined, { name: 'n', email: null })).toEqual([{ field: 'name', before: null, after: 'n' }]);
    expect(diffOf({ name: 'n' }, undefined)).toEqual([{ field: 'name', before: 'n', after: null }]);
    const wide = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`f${i}`, i]));
    expect(diffOf(undefined, wide)).toHaveLength(AUDIT_FIELDS_MAX);
  });
});
