import { WORDS } from '@gatehouse/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { type MessageKey, setTextLocale, t } from '.';
import { LOCALES } from './locale';

/**
 * The web's catalogues keep their own copies of the words the contract declares once (WORDS), so that the sign-in
 * page's bundle does not carry the contract: these copies must say what the contract says, in both languages.
 */
describe('one word per concept', () => {
  afterEach(() => setTextLocale('zh-CN'));

  it.each(LOCALES)('%s: a record’s 状态 is WORDS.enabled / WORDS.disabled on every screen', async (locale) => {
    await setTextLocale(locale);
    expect([t('common.enabled'), t('common.disabled')]).toEqual([WORDS[locale].enabled, WORDS[locale].disabled]);
  });

  it.each(LOCALES)('%s: an account’s contactNumber is WORDS.mobileNumber wherever it is named', async (locale) => {
    await setTextLocale(locale);
    // The account screen names it by the descriptor's label (accounts.entity.ts: WORDS.mobileNumber itself).
    const labels: MessageKey[] = ['profile.contactNumber'];
    for (const key of labels) expect(t(key), key).toBe(WORDS[locale].mobileNumber);
  });
});
