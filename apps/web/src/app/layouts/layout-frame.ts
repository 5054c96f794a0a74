/**
 * The main layout's frame, shared by the layout (MainLayout, AppHeader) and its stand-in painted before antd has
 * loaded (LayoutShell), so the two cannot drift apart: the page must not move when one replaces the other.
 */
export const FRAME = {
  headerHeight: 60,
  headerPaddingInline: 20,
  headerBlue: '#257ff7',
  navWidth: 260,
  navPadding: 10,
  navBackgroundLight: '#f5f6f7',
  titleStyle: { fontSize: 22, margin: 0, fontWeight: 600, lineHeight: 1.2353 },
} as const;

/**
 * antd's tokens the frame uses, as antd 6 computes them with the app's seed (colorPrimary #257ff7) for the light
 * and dark algorithms; LayoutShell cannot ask antd (it paints before antd is loaded). layout-frame.test.ts checks
 * them against antd.
 */
export const FRAME_TOKENS = {
  light: {
    colorBgContainer: '#ffffff',
    colorText: 'rgba(0,0,0,0.88)',
    colorBgElevated: '#ffffff',
    colorBorderSecondary: '#f0f0f0',
  },
  dark: {
    colorBgContainer: '#141414',
    colorText: 'rgba(255,255,255,0.85)',
    colorBgElevated: '#1f1f1f',
    colorBorderSecondary: '#303030',
  },
} as const;

/** antd's default font stack (token fontFamily), 14 px: what antd's App root gives the real layout. */
export const FRAME_FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol', 'Noto Color Emoji'";
