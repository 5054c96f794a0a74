import { WORDS } from '@gatehouse/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { setTextLocale } from '@/lib/i18n';
import { LOCALES } from '@/lib/i18n/locale';
import { tx } from './texts';

describe('audit field names', () => {
  afterEach(() => setTextLocale('zh-CN'));

  it.each(
    LOCALES,
  )('%s: an account’s number is WORDS.mobileNumber in an entry’s changes (docs/glossary.md)', async (locale) => {
    await setTextLocale(locale);
    expect([tx('audit.field.contactNumber'), tx('audit.field.mobile')]).toEqual([
      WORDS[locale].mobileNumber,
      WORDS[locale].mobileNumber,
    ]);
  });
});
