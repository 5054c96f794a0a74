import { describe, expect, it } from 'vitest';
import { assertAcceptablePassword } from '../../platform/passwords.js';
import { ADMIN_PASSWORD_ALPHABET, generateAdminPassword } from './admin-password.js';
import { ADMIN_ACCOUNT } from './setup.service.js';

describe('the generated admin password', () => {
  const passwords = Array.from({ length: 2000 }, generateAdminPassword);

  it('is 20 letters and digits: nothing a shell would read (no $ ^ # ! \\ quotes or spaces)', () => {
    for (const password of passwords) {
      expect(password).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(password).toHaveLength(20);
    }
    expect(ADMIN_PASSWORD_ALPHABET).toMatch(/^[A-Za-z0-9]+$/);
  });

  it('passes the password rules: two character classes, long enough, not common, not the account name', () => {
    for (const password of passwords) {
      expect(() => assertAcceptablePassword(password, ADMIN_ACCOUNT)).not.toThrow();
      expect(password).toMatch(/[A-Za-z]/);
      expect(password).toMatch(/\d/);
    }
  });

  it('draws from the whole alphabet and never repeats itself', () => {
    // 40,000 draws over 55 characters: each one shows up (a character missing would mean a skewed draw).
    expect(new Set(passwords.join(''))).toEqual(new Set(ADMIN_PASSWORD_ALPHABET));
    expect(new Set(passwords).size).toBe(passwords.length);
  });
});
