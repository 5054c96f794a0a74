import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import { PASSWORD_MAX, type PasswordPolicy, passwordPolicyBreach } from '@gatehouse/contract';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { AppError, fieldError } from './errors.js';
import { t } from './i18n.js';

const require = createRequire(import.meta.url);
/** Mozilla's list of ~10,000 most common passwords (the one Firefox Accounts refuses). */
const commonPasswords: { test(password: string): boolean } = require('fxa-common-password-list');

/** OWASP's argon2id recommendation: m=19 MiB, t=2, p=1. (2 is Algorithm.Argon2id, a const enum.) */
const ARGON2_OPTIONS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2id costs ~19 MiB and tens of milliseconds per call on libuv's small thread pool, which file and DNS
 * work share: a sign-in flood must not occupy it. At most `concurrency` computations run at once, at most
 * `queue` more wait; past that a call is refused at once with 429 系统繁忙 (ADR 0011).
 */
const hashing = { concurrency: 2, queue: 32, running: 0, waiting: [] as Array<() => void> };

/** Counts of argon2 work, read by tests (e.g. every sign-in outcome costs exactly one verification). */
export const passwordWork = { hashes: 0, verifies: 0, refused: 0 };

export function configurePasswordHashing(limits: { concurrency: number; queue: number }): void {
  hashing.concurrency = limits.concurrency;
  hashing.queue = limits.queue;
}

async function bounded<T>(task: () => Promise<T>): Promise<T> {
  if (hashing.running < hashing.concurrency) {
    hashing.running++;
  } else {
    if (hashing.waiting.length >= hashing.queue) {
      passwordWork.refused++;
      throw new AppError(429, t('signin.busy'));
    }
    // The finishing task hands its slot over: `running` stays as it is.
    await new Promise<void>((resolve) => hashing.waiting.push(resolve));
  }
  try {
    return await task();
  } finally {
    const next = hashing.waiting.shift();
    if (next) next();
    else hashing.running--;
  }
}

/** Throws 429 (系统繁忙) when the hashing queue is full. */
export function hashPassword(password: string): Promise<string> {
  return bounded(() => {
    passwordWork.hashes++;
    return hash(password, ARGON2_OPTIONS);
  });
}

/** False for a wrong password or a malformed hash; throws 429 (系统繁忙) when the hashing queue is full. */
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return bounded(async () => {
    passwordWork.verifies++;
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

/**
 * A hash of a random string: verified against when the account is unknown, so timing does not tell. Made
 * once, outside the queue (a refused first attempt must not leave a rejected promise behind).
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hash(generatePassword(), ARGON2_OPTIONS);
  return decoyHash;
}

/** Throws a 400 naming the rule a new password breaks: the policy in force (系统参数), a common password, the account. */
export function assertAcceptablePassword(password: string, policy: PasswordPolicy, accountNumber?: string): void {
  const breach = passwordPolicyBreach(password, policy);
  if (breach === 'length') {
    throw fieldError('password', t('password.length', { min: policy.minLength, max: PASSWORD_MAX }));
  }
  if (breach === 'classes') throw fieldError('password', t('password.classes', { classes: policy.classes }));
  if (commonPasswords.test(password) || commonPasswords.test(password.toLowerCase())) {
    throw fieldError('password', t('password.common'));
  }
  if (accountNumber && password.toLowerCase() === accountNumber.toLowerCase()) {
    throw fieldError('password', t('password.sameAsAccount'));
  }
}

/**
 * Letters and digits without look-alikes (0/O, 1/l/I): a generated password (the first start's `admin`, 重置密码)
 * can be typed from the screen and pasted into any shell or config file unquoted (no `$ ! # ^ & * \ " '`, no
 * spaces).
 */
export const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A random password of `length` characters of PASSWORD_ALPHABET (20: about 115 bits). Each character is drawn with
 * `crypto.randomInt`, which rejects out-of-range draws instead of taking a remainder, so every character is equally
 * likely. The password rules want two character classes: a draw without a letter or without a digit is thrown away
 * and drawn again, so every acceptable password stays equally likely.
 */
export function generatePassword(length = 20): string {
  for (;;) {
    let password = '';
    for (let i = 0; i < length; i++) password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
    if (/[a-zA-Z]/.test(password) && /\d/.test(password)) return password;
  }
}
