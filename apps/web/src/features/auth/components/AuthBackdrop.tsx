import type { ReactNode } from 'react';
import { LanguageSwitch, ThemeToggle } from '@/components/preferences';
import { t } from '@/lib/i18n';
import { useEffectiveTheme } from '@/stores/preferences';
import '@/components/lite/lite-base.css';

const BACKDROP = {
  light: 'linear-gradient(135deg, #dbe8fb 0%, #f4f7fc 55%, #e3ecf9 100%)',
  dark: 'linear-gradient(135deg, #0d1a2d 0%, #141414 55%, #101c2e 100%)',
} as const;

/**
 * The full-screen background of the sign-in and registration pages: content centred, the footer below it
 * (in the flow, so a tall form never slides under it). The language switch and theme toggle sit top right, so
 * the choice can be made before signing in. Without antd, since the sign-in page loads none (docs/adr/0014).
 */
export function AuthBackdrop({ children }: { children: ReactNode }) {
  const mode = useEffectiveTheme();
  return (
    <div
      className="gh-lite"
      style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: BACKDROP[mode] }}
    >
      <div
        style={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 12, padding: '12px 20px 0' }}
      >
        <LanguageSwitch />
        <ThemeToggle />
      </div>
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
      <footer style={{ textAlign: 'center', padding: '12px 0 16px', color: 'var(--gh-text-tertiary)' }}>
        {t('app.copyright')}
      </footer>
    </div>
  );
}
