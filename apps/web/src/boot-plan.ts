import { appConfig } from './config/app-config';

/** What the boot entry (boot.ts) starts fetching for the first screen. */
export type BootModule = 'login' | 'antd-root' | 'main-layout';

/**
 * The modules the first screen at `hash` needs before it can paint: the login page when the address names it, or
 * names a screen that needs a session and none is stored (the app sends such a visit to /login). Otherwise the antd
 * layout route, around every other screen, and for a signed-in menu screen the main layout, whose header is what a
 * cold load paints first (its largest element).
 */
export function bootModules(hash: string, sessionStored: boolean): BootModule[] {
  const path = hash.replace(/^#/, '').split('?')[0] || '/';
  const open = appConfig.openRoutes.some((route) => path === route || path.startsWith(`${route}/`));
  if (path === '/login' || (!open && !sessionStored)) return ['login'];
  const inMainLayout = !open && path !== '/data-v' && !path.startsWith('/data-v/');
  return inMainLayout ? ['antd-root', 'main-layout'] : ['antd-root'];
}
