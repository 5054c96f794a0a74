/**
 * The main layout's frame, shared by the layout (MainLayout, AppHeader) and its stand-in painted before antd has
 * loaded (LayoutShell), so the two cannot drift apart: the page must not move when one replaces the other.
 */
export const FRAME = {
  headerHeight: 60,
  /** The header's and the content pane's inline padding. */
  paddingInline: 20,
  headerBlue: '#257ff7',
  navWidth: 260,
  /** The side menu collapsed to its icons (antd's inline-collapsed Menu is this wide). */
  navCollapsedWidth: 80,
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

/** The antd tokens the frame's colours come from: antd's own in the layout, FRAME_TOKENS in the stand-in. */
export type FrameTokens = Record<keyof (typeof FRAME_TOKENS)['light'], string>;

/** The header bar's colours: the app's blue with white text, or a dark surface in the dark theme. */
export function headerColors(dark: boolean, tokens: FrameTokens) {
  return {
    background: dark ? tokens.colorBgContainer : FRAME.headerBlue,
    color: dark ? tokens.colorText : '#fff',
    borderBottom: dark ? `1px solid ${tokens.colorBorderSecondary}` : undefined,
  };
}

/** The side panel's background. */
export const navBackground = (dark: boolean, tokens: FrameTokens) =>
  dark ? tokens.colorBgElevated : FRAME.navBackgroundLight;

/**
 * How the side menu shows at a window width: beside the content (`side`, collapsed when the account chose so), as
 * icons only below 1200 px (`collapsed`, antd's xl breakpoint), and below 992 px (antd's lg; 768 px tablets) as a
 * drawer opened from the header (`drawer`).
 */
export type NavMode = 'side' | 'collapsed' | 'drawer';

export const NAV_BREAKPOINTS = { collapseBelow: 1200, drawerBelow: 992 } as const;

export function navModeAt(width: number, collapsedChoice: boolean): NavMode {
  if (width < NAV_BREAKPOINTS.drawerBelow) return 'drawer';
  if (width < NAV_BREAKPOINTS.collapseBelow || collapsedChoice) return 'collapsed';
  return 'side';
}

/** The side panel's width in a mode (none in a drawer). */
export const navWidthOf = (mode: NavMode): number =>
  mode === 'drawer' ? 0 : mode === 'collapsed' ? FRAME.navCollapsedWidth : FRAME.navWidth;
