import { theme } from 'antd';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SudoVerification } from '@/app/SudoVerification';
import { LoadingDots } from '@/components/loading';
import { t } from '@/lib/i18n';
import { useEffectiveTheme } from '@/stores/preferences';
import { AppHeader } from './AppHeader';
import { FRAME, navBackground } from './layout-frame';
import { SideMenu } from './SideMenu';

/** Header on top; side menu and content below (reference-ui §1.1). */
export function MainLayout() {
  const content = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  const dark = useEffectiveTheme() === 'dark';

  // The content pane scrolls, not the window: start each screen at its top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation, by design.
  useEffect(() => {
    content.current?.scrollTo?.(0, 0);
  }, [pathname]);

  return (
    <div style={{ height: '100vh', display: 'flex', flexDirection: 'column', background: token.colorBgContainer }}>
      <AppHeader />
      <div style={{ flex: 1, display: 'flex', minHeight: 0 }}>
        <nav
          aria-label={t('nav.menu')}
          style={{
            width: FRAME.navWidth,
            flex: 'none',
            background: navBackground(dark, token),
            padding: FRAME.navPadding,
            overflowY: 'auto',
          }}
        >
          <SideMenu />
        </nav>
        <main
          ref={content}
          style={{ flex: 1, minWidth: 0, overflowY: 'auto', padding: `0 ${FRAME.paddingInline}px 20px` }}
        >
          {/* The screen's code may still be loading when the layout is up (router.tsx): the dots, in the content area. */}
          <Suspense fallback={<LoadingDots contained />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <SudoVerification />
    </div>
  );
}
