import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { CSSProperties } from 'react';
import { t } from '../../lib/i18n';
import { useEffectiveTheme, usePreferences } from '../../stores/preferences';

/** Sun in the dark theme (back to light), moon in the light theme (to dark); the choice is remembered. */
export function ThemeToggle({ style }: { style?: CSSProperties }) {
  const theme = useEffectiveTheme();
  const setTheme = usePreferences((state) => state.setTheme);
  const dark = theme === 'dark';
  const label = t(dark ? 'header.themeToLight' : 'header.themeToDark');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        shape="circle"
        aria-label={label}
        data-testid="theme-toggle"
        data-theme-mode={theme}
        icon={dark ? <SunOutlined aria-hidden /> : <MoonOutlined aria-hidden />}
        onClick={() => setTheme(dark ? 'light' : 'dark')}
        style={{ color: 'inherit', ...style }}
      />
    </Tooltip>
  );
}
