import { describe, expect, it } from 'vitest';
import { containsPattern, likeLiteral, prefixPattern } from './like.js';

describe('LIKE patterns', () => {
  it('escape the wildcards and the escape character, so the text matches literally', () => {
    expect(likeLiteral('50%_off\\x')).toBe('50\\%\\_off\\\\x');
    expect(prefixPattern('a_b')).toBe('a\\_b%');
    expect(containsPattern('研发%')).toBe('%研发\\%%');
  });
});
