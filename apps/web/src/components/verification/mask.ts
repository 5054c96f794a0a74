import { normaliseMobile } from '@gatehouse/contract';

/** 'alice@example.com' -> 'a***e@example.com': the first and last character of the local part are kept. */
export function maskEmail(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  const local = at < 0 ? trimmed : trimmed.slice(0, at);
  const domain = at < 0 ? '' : trimmed.slice(at);
  const chars = [...local];
  if (chars.length <= 1) return `${local}***${domain}`;
  return `${chars[0]}***${chars[chars.length - 1]}${domain}`;
}

/** '13812345621' (or '+8613812345621') -> '138****21': the first 3 and last 2 digits are kept. */
export function maskMobile(mobile: string): string {
  const number = normaliseMobile(mobile);
  if (number.length <= 5) return number;
  return `${number.slice(0, 3)}****${number.slice(-2)}`;
}
