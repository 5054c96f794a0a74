import type { CSSProperties } from 'react';
import { LOCALE_NAMES, LOCALES, t } from '@/lib/i18n';
import { usePreferences } from '@/stores/preferences';
import '@/components/lite/lite-base.css';

/**
 * 中文 / English: remembers the choice and reloads the page in that language. Radio buttons in antd Segmented's
 * small look, without antd: it sits on the sign-in page, which loads none of antd (docs/adr/0014).
 */
export function LanguageSwitch({ style }: { style?: CSSProperties }) {
  const locale = usePreferences((state) => state.locale);
  const setLocale = usePreferences((state) => state.setLocale);
  return (
    <fieldset className="gh-lite gh-segmented" data-testid="language-switch" style={style}>
      <legend className="gh-visually-hidden">{t('header.language')}</legend>
      {LOCALES.map((value) => (
        <label key={value} lang={value}>
          <input
            type="radio"
            name="gh-language"
            value={value}
            checked={value === locale}
            onChange={() => setLocale(value)}
          />
          {LOCALE_NAMES[value]}
        </label>
      ))}
    </fieldset>
  );
}
