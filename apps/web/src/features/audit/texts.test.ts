import { auditedFields, labelOf, orgEntity, WORDS } from '@gatehouse/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { setTextLocale } from '@/lib/i18n';
import { LOCALES } from '@/lib/i18n/locale';
import { fieldLabel } from './components/audit-view';
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

describe('audit field names of a declared entity', () => {
  afterEach(() => setTextLocale('zh-CN'));

  it.each(LOCALES)('%s: an organisation entry’s fields are named as orgEntity labels them', async (locale) => {
    await setTextLocale(locale);
    for (const { key } of auditedFields(orgEntity)) {
      const label = labelOf(orgEntity, key as keyof typeof orgEntity.fields, locale);
      expect(fieldLabel(key, 'org')).toBe(label);
      // An entry without its target (a write refused before it had one) names them alike; pid is the screen's own
      // 上级 there, shared with resources and dictionary items.
      if (key !== 'pid') expect(fieldLabel(key)).toBe(label);
    }
    expect(fieldLabel('pid', 'resource')).toBe(tx('audit.field.pid'));
  });
});
