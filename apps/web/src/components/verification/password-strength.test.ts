import { describe, expect, it } from 'vitest';
import { passwordScore, strengthLevel } from './password-strength';

describe('passwordScore', () => {
  it('scores nothing for an empty password or one using a single character class', () => {
    expect(passwordScore('')).toBe(0);
    expect(passwordScore('password')).toBe(0);
    expect(passwordScore('PASSWORDS')).toBe(0);
    expect(passwordScore('1234567890')).toBe(0);
    expect(passwordScore('!@#$%^&*')).toBe(0);
  });

  it('follows the classic password-meter arithmetic', () => {
    // 3×4 + (3−2)×2 lower + 1×4 digit − 1×2 consecutive lower = 16
    expect(passwordScore('ab1')).toBe(16);
    // 4×4 + 3×2 + 3×2 + 1×4 + 1×6 + 1×2 middle digit = 40; 4 requirements are not more than 4 (short)
    expect(passwordScore('Ab1!')).toBe(40);
    // 8×4 + 4×2 lower + 4×4 digits + 3×2 middle digits = 62; 3 requirements are not more than 3
    expect(passwordScore('a1b2c3d4')).toBe(62);
    // 4×4 + 2×2 + 2×4 + 1×2 middle = 30, − 11 repeats − 2 consecutive lower − 2 consecutive digits = 15
    expect(passwordScore('aa11')).toBe(15);
  });

  it('deducts sequences and adds the requirements bonus', () => {
    // Same classes and length; the second has the runs "abc" and "123".
    expect(passwordScore('Xq7!mZ4p')).toBeGreaterThan(passwordScore('Abc123!x'));
    // 8×4 + 6×2 + 5×2 + 2×4 + 1×6 + 3×2 middle = 74, plus 5 requirements (> 3 for 8+ characters) ×2 = 84.
    expect(passwordScore('Xq7!mZ4p')).toBe(84);
  });

  it('never leaves 0-100', () => {
    expect(passwordScore('Tr0ub4dor&3x!Q#9zW')).toBe(100);
    expect(passwordScore('aaaaaaaaaaaaaaaaaaa1')).toBeGreaterThanOrEqual(0);
  });
});

describe('strengthLevel', () => {
  it('maps scores to 弱 / 中 / 强 / 很强 at 40, 60 and 80', () => {
    expect([0, 39, 40, 59, 60, 79, 80, 100].map(strengthLevel)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
    expect(strengthLevel(passwordScore('ab1'))).toBe(0);
    expect(strengthLevel(passwordScore('Ab1!'))).toBe(1);
    expect(strengthLevel(passwordScore('a1b2c3d4'))).toBe(2);
    expect(strengthLevel(passwordScore('Xq7!mZ4p'))).toBe(3);
  });
});
