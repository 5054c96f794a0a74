import { Segmented } from 'antd';
import type { CSSProperties } from 'react';
import { LOCALE_NAMES, LOCALES, type Locale, t } from '../../lib/i18n';
import { usePreferences } from '../../stores/preferences';

/** 中文 / English: remembers the choice and reloads the page in that language. */
export function LanguageSwitch({ style }: { style?: CSSProperties }) {
  const locale = usePreferences((state) => state.locale);
  const setLocale = usePreferences((state) => state.setLocale);
  return (
    <Segmented<Locale>
      size="small"
      aria-label={t('header.language')}
      data-testid="language-switch"
      value={locale}
      options={LOCALES.map((value) => ({ value, label: <span lang={value}>{LOCALE_NAMES[value]}</span> }))}
      onChange={setLocale}
      style={style}
    />
  );
}
