import MoonOutlined from '@ant-design/icons-svg/es/asn/MoonOutlined';
import SunOutlined from '@ant-design/icons-svg/es/asn/SunOutlined';
import type { CSSProperties } from 'react';
import { Icon } from '@/components/lite/Icon';
import { t } from '@/lib/i18n';
import { useEffectiveTheme, usePreferences } from '@/stores/preferences';
import '@/components/lite/lite-base.css';

/**
 * Sun in the dark theme (back to light), moon in the light theme (to dark); the choice is remembered. Without antd:
 * it sits on the sign-in page, which loads none of antd (docs/adr/0014).
 */
export function ThemeToggle({ style }: { style?: CSSProperties }) {
  const theme = useEffectiveTheme();
  const setTheme = usePreferences((state) => state.setTheme);
  const dark = theme === 'dark';
  const label = t(dark ? 'header.themeToLight' : 'header.themeToDark');
  return (
    <button
      type="button"
      className="gh-icon-button"
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
      data-theme-mode={theme}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
      style={style}
    >
      <Icon icon={dark ? SunOutlined : MoonOutlined} />
    </button>
  );
}
