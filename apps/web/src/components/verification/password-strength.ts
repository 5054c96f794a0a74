/**
 * Password strength (reference UI §1.13): the classic "password meter" scoring (passwordmeter.com), 0-100.
 *
 * Additions: length ×4; (length − uppercase) ×2 and (length − lowercase) ×2 when the password mixes them;
 * digits ×4 unless it is digits only; symbols ×6; digits or symbols in the middle ×2; requirements met ×2
 * when more than 3 (8+ characters) or 4 (shorter) of {length ≥ 8, uppercase, lowercase, digit, symbol} hold.
 * Deductions: letters only or digits only −length; repeated characters (proximity-weighted); consecutive
 * uppercase, lowercase or digits ×2 each; sequences of 3+ letters, digits or shifted-digit symbols (forward or
 * backward) ×3 each. A password using fewer than two character classes scores 0.
 *
 * Deliberate differences from the original script: "symbol" is any character that is not an ASCII letter or
 * digit (the original ignored `_`), repeats compare case-insensitively, and the letter sequences include
 * "xyz" (the original stopped at "wxy").
 */

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '01234567890';
const SHIFTED_DIGITS = ')!@#$%^&*()';
const MIN_LENGTH = 8;

type CharClass = 'upper' | 'lower' | 'digit' | 'symbol';

const classOf = (char: string): CharClass => {
  if (/[A-Z]/.test(char)) return 'upper';
  if (/[a-z]/.test(char)) return 'lower';
  if (/[0-9]/.test(char)) return 'digit';
  return 'symbol';
};

/** How many 3-character windows of `alphabet` occur in `text`, forwards or backwards. */
const sequences = (text: string, alphabet: string): number => {
  let found = 0;
  for (let start = 0; start + 3 <= alphabet.length; start += 1) {
    const forward = alphabet.slice(start, start + 3);
    const backward = [...forward].reverse().join('');
    if (text.includes(forward) || text.includes(backward)) found += 1;
  }
  return found;
};

export function passwordScore(password: string): number {
  const chars = [...password.replace(/\s+/g, '')];
  const length = chars.length;
  if (length === 0) return 0;

  const counts: Record<CharClass, number> = { upper: 0, lower: 0, digit: 0, symbol: 0 };
  const consecutive: Record<CharClass, number> = { upper: 0, lower: 0, digit: 0, symbol: 0 };
  let middle = 0;
  let repeated = 0;
  let repeatDeduction = 0;

  chars.forEach((char, index) => {
    const kind = classOf(char);
    counts[kind] += 1;
    if (index > 0 && classOf(chars[index - 1]!) === kind) consecutive[kind] += 1;
    if ((kind === 'digit' || kind === 'symbol') && index > 0 && index < length - 1) middle += 1;

    // Repeats: the closer an identical character, the bigger the deduction.
    let exists = false;
    const lower = char.toLowerCase();
    chars.forEach((other, otherIndex) => {
      if (otherIndex !== index && other.toLowerCase() === lower) {
        exists = true;
        repeatDeduction += Math.abs(length / (otherIndex - index));
      }
    });
    if (exists) {
      repeated += 1;
      const unique = length - repeated;
      repeatDeduction = unique ? Math.ceil(repeatDeduction / unique) : Math.ceil(repeatDeduction);
    }
  });

  const classes = Object.values(counts).filter((n) => n > 0).length;
  if (classes < 2) return 0;

  let score = length * 4;
  if (counts.upper > 0 && counts.upper < length) score += (length - counts.upper) * 2;
  if (counts.lower > 0 && counts.lower < length) score += (length - counts.lower) * 2;
  if (counts.digit > 0 && counts.digit < length) score += counts.digit * 4;
  score += counts.symbol * 6;
  score += middle * 2;

  const letters = counts.upper + counts.lower;
  if (letters > 0 && counts.digit === 0 && counts.symbol === 0) score -= length;
  if (letters === 0 && counts.symbol === 0 && counts.digit > 0) score -= length;
  if (repeated > 0) score -= repeatDeduction;
  score -= (consecutive.upper + consecutive.lower + consecutive.digit) * 2;

  const text = chars.join('').toLowerCase();
  score -= sequences(text, LETTERS) * 3;
  score -= sequences(text, DIGITS) * 3;
  score -= sequences(text, SHIFTED_DIGITS) * 3;

  const requirements =
    (length >= MIN_LENGTH ? 1 : 0) +
    (counts.upper > 0 ? 1 : 0) +
    (counts.lower > 0 ? 1 : 0) +
    (counts.digit > 0 ? 1 : 0) +
    (counts.symbol > 0 ? 1 : 0);
  if (requirements > (length >= MIN_LENGTH ? 3 : 4)) score += requirements * 2;

  return Math.max(0, Math.min(100, Math.round(score)));
}

/** 0 弱 (< 40), 1 中 (40-59), 2 强 (60-79), 3 很强 (80+): passwordmeter's bands with "very weak" folded into 弱. */
export type StrengthLevel = 0 | 1 | 2 | 3;

export function strengthLevel(score: number): StrengthLevel {
  if (score >= 80) return 3;
  if (score >= 60) return 2;
  if (score >= 40) return 1;
  return 0;
}

/** The meter's colours (reference UI §1.13): 弱 red, 中 orange, 强 light green, 很强 green. */
export const STRENGTH_COLOURS: Record<StrengthLevel, string> = {
  0: '#F56C6C',
  1: '#E6A23C',
  2: '#9fcc8a',
  3: '#67c23a',
};
