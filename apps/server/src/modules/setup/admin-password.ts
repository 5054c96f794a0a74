import { randomInt } from 'node:crypto';

/**
 * Letters and digits without look-alikes (0/O, 1/l/I): the password printed at the first start can be typed from
 * the screen and pasted into any shell or config file unquoted (no `$ ! # ^ & * \ " '`, no spaces).
 */
export const ADMIN_PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 20 characters of 55: about 115 bits. */
export const ADMIN_PASSWORD_LENGTH = 20;

/**
 * The generated password of `admin`. Each character is drawn with `crypto.randomInt`, which rejects out-of-range
 * draws instead of taking a remainder, so every character of the alphabet is equally likely. The password rules
 * want two character classes: a draw without a letter or without a digit is thrown away and drawn again, so every
 * acceptable password stays equally likely.
 */
export function generateAdminPassword(): string {
  for (;;) {
    let password = '';
    for (let i = 0; i < ADMIN_PASSWORD_LENGTH; i++) {
      password += ADMIN_PASSWORD_ALPHABET[randomInt(ADMIN_PASSWORD_ALPHABET.length)];
    }
    if (/[a-zA-Z]/.test(password) && /\d/.test(password)) return password;
  }
}
