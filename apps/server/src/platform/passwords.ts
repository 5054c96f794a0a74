import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import { PASSWORD_MAX, PASSWORD_MIN } from '@gatehouse/contract';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { badRequest } from './errors.js';
import { t } from './i18n.js';

const require = createRequire(import.meta.url);
/** Mozilla's list of ~10,000 most common passwords (the one Firefox Accounts refuses). */
const commonPasswords: { test(password: string): boolean } = require('fxa-common-password-list');

/** OWASP's argon2id recommendation: m=19 MiB, t=2, p=1. (2 is Algorithm.Argon2id, a const enum.) */
const ARGON2_OPTIONS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of a random string: verified against when the account is unknown, so timing does not tell. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(generatePassword());
  return decoyHash;
}

/** Throws a 400 naming the rule a new password breaks. */
export function assertAcceptablePassword(password: string, accountNumber?: string): void {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw badRequest(t('password.length', { min: PASSWORD_MIN, max: PASSWORD_MAX }));
  }
  const classes = [/[a-zA-Z]/, /\d/, /[^a-zA-Z\d]/].filter((re) => re.test(password)).length;
  if (classes < 2) throw badRequest(t('password.classes'));
  if (commonPasswords.test(password) || commonPasswords.test(password.toLowerCase())) {
    throw badRequest(t('password.common'));
  }
  if (accountNumber && password.toLowerCase() === accountNumber.toLowerCase()) {
    throw badRequest(t('password.sameAsAccount'));
  }
}

const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!@#$%^&*';

/** A random 16-character password with every character class, without look-alike characters. */
export function generatePassword(length = 16): string {
  const all = LOWER + UPPER + DIGITS + SYMBOLS;
  const pick = (set: string) => set[randomInt(set.length)]!;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
