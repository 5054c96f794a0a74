import type { ComponentType } from 'react';
import type { MenuPage } from '@/lib/router/menu-page';

/** Loads one screen on first visit: its feature module becomes a chunk of its own (docs/frontend-budgets.md). */
export type PageLoader = () => Promise<ComponentType>;

/**
 * The screens features declare, found rather than listed: every `features/<name>/page.ts` exporting `page` (a
 * MenuPage, or several for a feature serving one screen per entry of a list, e.g. the descriptor-served entities).
 * Each file holds only paths and dynamic imports, so nothing of a screen is loaded eagerly.
 */
const featurePages = import.meta.glob<MenuPage | readonly MenuPage[]>('../features/*/page.ts', {
  eager: true,
  import: 'page',
});

/** Screens the app composes from several features (features never import each other). */
const appPages: readonly MenuPage[] = [
  // The personal page with the second factor's section: two features, composed in app/ProfileScreen.
  { path: '/system/Profile', load: () => import('./ProfileScreen').then((m) => m.ProfileScreen) },
];

/**
 * Screen of each session-required menu path (paths and titles come from the contract's `menus`; pages.test.ts
 * refuses two screens at one path). A menu path without one shows the shared "not open yet" page.
 */
export const menuPages: Record<string, PageLoader> = Object.fromEntries(
  [...Object.values(featurePages).flat(), ...appPages].map((page) => [page.path, page.load]),
);

/** The screen loader of a menu path, if its screen is built. */
export const pageLoaderFor = (path: string): PageLoader | undefined => menuPages[path];
