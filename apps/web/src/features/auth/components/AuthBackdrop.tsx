import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { LanguageSwitch, ThemeToggle } from '../../../components/preferences';
import { t } from '../../../lib/i18n';
import { useEffectiveTheme } from '../../../stores/preferences';

const BACKDROP = {
  light: 'linear-gradient(135deg, #dbe8fb 0%, #f4f7fc 55%, #e3ecf9 100%)',
  dark: 'linear-gradient(135deg, #0d1a2d 0%, #141414 55%, #101c2e 100%)',
} as const;

/**
 * The full-screen background of the sign-in and registration pages: content centred, the footer below it
 * (in the flow, so a tall form never slides under it). The language switch and theme toggle sit top right, so
 * the choice can be made before signing in.
 */
export function AuthBackdrop({ children }: { children: ReactNode }) {
  const mode = useEffectiveTheme();
  const { token } = theme.useToken();
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: BACKDROP[mode],
        color: token.colorText,
      }}
    >
      <Flex justify="flex-end" align="center" gap={12} style={{ padding: '12px 20px 0' }}>
        <LanguageSwitch />
        <ThemeToggle />
      </Flex>
      <main
        style={{
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          padding: '32px 16px 16px',
        }}
      >
        {children}
      </main>
      <footer style={{ textAlign: 'center', padding: '12px 0 16px', color: token.colorTextTertiary }}>
        {t('app.copyright')}
      </footer>
    </div>
  );
}
