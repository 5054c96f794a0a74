import { DEFAULT_PASSWORD_POLICY } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN_ACCOUNT } from '../modules/setup/setup.service.js';
import { assertAcceptablePassword, generatePassword, PASSWORD_ALPHABET } from './passwords.js';

// One generator for the first start's admin password and for 重置密码.
describe('a generated password', () => {
  const passwords = Array.from({ length: 2000 }, () => generatePassword());

  it('is 20 letters and digits: nothing a shell would read (no $ ^ # ! \\ quotes or spaces)', () => {
    for (const password of passwords) {
      expect(password).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(password).toHaveLength(20);
    }
    expect(PASSWORD_ALPHABET).toMatch(/^[A-Za-z0-9]+$/);
  });

  it('passes the password rules: two character classes, long enough, not common, not the account name', () => {
    for (const password of passwords) {
      expect(() => assertAcceptablePassword(password, DEFAULT_PASSWORD_POLICY, ADMIN_ACCOUNT)).not.toThrow();
      expect(password).toMatch(/[A-Za-z]/);
      expect(password).toMatch(/\d/);
    }
  });

  it('draws from the whole alphabet and never repeats itself', () => {
    // 40,000 draws over 55 characters: each one shows up (a character missing would mean a skewed draw).
    expect(new Set(passwords.join(''))).toEqual(new Set(PASSWORD_ALPHABET));
    expect(new Set(passwords).size).toBe(passwords.length);
  });
});
