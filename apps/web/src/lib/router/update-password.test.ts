import { describe, expect, it } from 'vitest';
import { readAuthCode, updatePasswordPath } from './update-password';

describe('the password page address', () => {
  it('carries the verification token to the password page and reads it back', () => {
    const path = updatePasswordPath('a+b/c=');
    expect(path).toBe('/update-password?authCode=a%2Bb%2Fc%3D');
    expect(readAuthCode(new URLSearchParams(path.split('?')[1]))).toBe('a+b/c=');
    expect(readAuthCode(new URLSearchParams(''))).toBeNull();
    expect(readAuthCode(new URLSearchParams('authCode=%20'))).toBeNull();
  });
});
