import { describe, expect, it } from 'vitest';
import { maskEmail, maskMobile } from './mask';

describe('maskEmail / maskMobile', () => {
  it('keeps the first and last character of the local part', () => {
    expect(maskEmail('alice@example.com')).toBe('a***e@example.com');
    expect(maskEmail('ab@x.cn')).toBe('a***b@x.cn');
    expect(maskEmail('a@x.cn')).toBe('a***@x.cn');
  });

  it('keeps the first 3 and last 2 digits, without the +86 prefix', () => {
    expect(maskMobile('13812345621')).toBe('138****21');
    expect(maskMobile('+8613812345621')).toBe('138****21');
    expect(maskMobile('008613812345621')).toBe('138****21');
  });
});
