import { LoadingDots } from '@/components/loading';
import { t } from '@/lib/i18n';
import { useEffectiveTheme } from '@/stores/preferences';
import { FRAME, FRAME_FONT, FRAME_TOKENS, headerColors, navBackground, navModeAt, navWidthOf } from './layout-frame';
import { readCollapsed } from './nav-preference';

/**
 * The main layout's frame in plain markup (no antd): the header bar with the product name, the side panel and the
 * loading dots where the screen will be. A cold load of a signed-in screen shows it as soon as the entry has run,
 * while antd, the layout and the screen are still loading; the real layout then takes its place without moving
 * anything (same sizes and colours, layout-frame.ts), adding the menu, the header's controls and the screen.
 */
export function LayoutShell() {
  const dark = useEffectiveTheme() === 'dark';
  const tokens = dark ? FRAME_TOKENS.dark : FRAME_TOKENS.light;
  const { color, ...bar } = headerColors(dark, tokens);
  // The account is not known yet: the last choice made on this browser, at this window's width.
  const navWidth = navWidthOf(navModeAt(window.innerWidth, readCollapsed(undefined)));
  return (
    <div
      data-testid="layout-shell"
      style={{
        height: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: tokens.colorBgContainer,
        color: tokens.colorText,
        fontFamily: FRAME_FONT,
        fontSize: 14,
        lineHeight: 1.5714,
      }}
    >
      <header
        style={{
          display: 'flex',
          alignItems: 'center',
          height: FRAME.headerHeight,
          padding: `0 ${FRAME.paddingInline}px`,
          ...bar,
          color,
          flex: 'none',
        }}
      >
        {/* Where the layout's menu toggle will be (a 32 px button, 12 px apart). */}
        <span style={{ width: 32, height: 32, marginInlineEnd: 12, flex: 'none' }} />
        <h1 style={{ color, ...FRAME.titleStyle }}>{t('app.name')}</h1>
      </header>
      <div style={{ flex: 1, display: 'flex', minHeight: 0 }}>
        <div
          style={{
            width: navWidth,
            flex: 'none',
            background: navBackground(dark, tokens),
          }}
        />
        <div style={{ flex: 1, minWidth: 0, padding: `0 ${FRAME.paddingInline}px 20px` }}>
          <LoadingDots contained />
        </div>
      </div>
    </div>
  );
}
