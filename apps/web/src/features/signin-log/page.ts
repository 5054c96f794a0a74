import type { MenuPage } from '@/lib/router/menu-page';

/** This feature's screen, at its contract menu's path (app/pages.tsx finds it; the screen is a chunk of its own). */
export const page: MenuPage = { path: '/monitor/LoginLog', load: () => import('./index').then((m) => m.SignInLogPage) };
