import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Grid, Layout, theme } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { SudoVerification } from '@/app/SudoVerification';
import { loadMenuIcons } from '@/components/menu-icon';
import { t } from '@/lib/i18n';
import { useEffectiveTheme } from '@/stores/preferences';
import { useSession } from '@/stores/session';
import { AppHeader } from './AppHeader';
import { FRAME, type NavMode, navBackground, navModeAt, navWidthOf } from './layout-frame';
import { menuIcons } from './menu-meta';
import { readCollapsed, writeCollapsed } from './nav-preference';
import { PageTabs, usePageTabs } from './PageTabs';
import { SideMenu } from './SideMenu';

/** The drawer of narrow windows, loaded only there (≈ 5.6 KiB gzip off every wide window's cold load). */
const Drawer = lazy(() => import('antd/es/drawer'));

type Fit = 'wide' | 'narrow' | 'drawer';

/**
 * What the window's width allows, by antd's breakpoints (Grid.useBreakpoint: the media queries of Layout.Sider's
 * `breakpoint`): below xl (1200 px) the menu shows as icons, below lg (992 px, so 768 px tablets too) as a drawer.
 * Before antd's first measure the window's width decides, as LayoutShell's navModeAt does.
 */
function useFit(): Fit {
  const screens = Grid.useBreakpoint();
  if (screens.lg === undefined) {
    const mode = navModeAt(window.innerWidth, false);
    return mode === 'drawer' ? 'drawer' : mode === 'collapsed' ? 'narrow' : 'wide';
  }
  return !screens.lg ? 'drawer' : !screens.xl ? 'narrow' : 'wide';
}

/**
 * Header on top; side menu and the tab bar of opened pages below (reference UI §1.1). The header's first button
 * collapses the menu to its icons (kept per account, nav-preference.ts), or opens it as a drawer on a narrow window.
 */
export function MainLayout() {
  const { token } = theme.useToken();
  const dark = useEffectiveTheme() === 'dark';
  const accountId = useSession((state) => state.user?.id);
  const permissions = useSession((state) => state.permissions);
  const icons = useMemo(() => menuIcons(permissions), [permissions]);
  const [collapsedChoice, setCollapsedChoice] = useState(() => readCollapsed(accountId));
  // A choice made before the account was known (a moment after the layout is up), kept for it once it is.
  const early = useRef<boolean | null>(null);
  useEffect(() => {
    if (accountId === undefined) return;
    if (early.current === null) setCollapsedChoice(readCollapsed(accountId));
    else writeCollapsed(accountId, early.current);
    early.current = null;
  }, [accountId]);
  // Below 1200 px the menu is icons only; the toggle may open it for a while (not kept).
  const [expandedNarrow, setExpandedNarrow] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const fit = useFit();
  const mode: NavMode =
    fit === 'drawer' ? 'drawer' : (fit === 'narrow' ? !expandedNarrow : collapsedChoice) ? 'collapsed' : 'side';
  const tabs = usePageTabs();
  const { pathname } = useLocation();

  useEffect(() => {
    void loadMenuIcons().catch(() => undefined);
  }, []);
  // A menu opened in a drawer, or over a narrow window, closes once a screen is chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation, by design.
  useEffect(() => {
    setDrawerOpen(false);
    setExpandedNarrow(false);
  }, [pathname]);

  const toggle = () => {
    if (fit === 'drawer') setDrawerOpen(true);
    else if (fit === 'narrow') setExpandedNarrow((open) => !open);
    else {
      const next = !collapsedChoice;
      setCollapsedChoice(next);
      if (accountId !== undefined) writeCollapsed(accountId, next);
      else early.current = next;
    }
  };
  const collapsed = mode === 'collapsed';
  const toggleLabel = t(mode === 'drawer' ? 'nav.open' : collapsed ? 'nav.expand' : 'nav.collapse');
  const ToggleIcon = mode === 'drawer' ? MenuOutlined : collapsed ? MenuUnfoldOutlined : MenuFoldOutlined;

  const menu = <SideMenu onOpen={tabs.open} collapsed={collapsed} />;
  return (
    <div style={{ height: '100vh', display: 'flex', flexDirection: 'column', background: token.colorBgContainer }}>
      <AppHeader
        navToggle={
          <button
            type="button"
            className="gh-icon-button"
            aria-label={toggleLabel}
            title={toggleLabel}
            aria-expanded={mode === 'drawer' ? drawerOpen : !collapsed}
            data-testid="nav-toggle"
            data-nav-mode={mode}
            onClick={toggle}
          >
            <ToggleIcon aria-hidden />
          </button>
        }
      />
      <div style={{ flex: 1, display: 'flex', minHeight: 0 }}>
        {mode !== 'drawer' && (
          <Layout.Sider
            collapsed={collapsed}
            collapsedWidth={navWidthOf('collapsed')}
            width={FRAME.navWidth}
            trigger={null}
            theme="light"
            style={{ background: navBackground(dark, token), overflowY: 'auto', overflowX: 'hidden' }}
          >
            <nav aria-label={t('nav.menu')} style={{ padding: collapsed ? 0 : FRAME.navPadding }}>
              {menu}
            </nav>
          </Layout.Sider>
        )}
        {mode === 'drawer' && (
          <Suspense fallback={null}>
            <Drawer
              placement="left"
              open={drawerOpen}
              onClose={() => setDrawerOpen(false)}
              size={FRAME.navWidth}
              title={t('nav.menu')}
              styles={{ body: { padding: FRAME.navPadding, background: navBackground(dark, token) } }}
            >
              <nav aria-label={t('nav.menu')}>{menu}</nav>
            </Drawer>
          </Suspense>
        )}
        <main style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <PageTabs icons={icons} state={tabs} />
        </main>
      </div>
      <SudoVerification />
    </div>
  );
}
