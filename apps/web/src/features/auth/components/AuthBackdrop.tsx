import type { ReactNode } from 'react';
import { t } from '../../../lib/i18n';

/**
 * The full-screen background of the sign-in and registration pages: content centred, the footer below it
 * (in the flow, so a tall form never slides under it).
 */
export function AuthBackdrop({ children }: { children: ReactNode }) {
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: 'linear-gradient(135deg, #dbe8fb 0%, #f4f7fc 55%, #e3ecf9 100%)',
      }}
    >
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
      <footer style={{ textAlign: 'center', padding: '12px 0 16px', color: '#888' }}>{t('app.copyright')}</footer>
    </div>
  );
}
