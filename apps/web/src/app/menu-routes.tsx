import { flattenMenus, type MenuDef, menus } from '@gatehouse/contract';
import { type ComponentType, lazy, type ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { menuTitle } from '@/lib/i18n';
import type { RouteHandle } from '@/lib/router/route-title';
import { MenuRoute } from './MenuRoute';
import { type PageLoader, pageLoaderFor } from './pages';

/** Menu paths without a built screen (pages.tsx) show the shared "not open yet" page. */
const loadUnavailable = () => import('@/components/page-unavailable').then((m) => m.PageUnavailable);

/** One contract menu entry as the app renders it: its route element (MenuRoute around the lazy screen). */
export interface MenuScreen {
  menu: MenuDef;
  load: PageLoader;
  element: ReactElement;
}

/**
 * Every contract menu entry with its element, made once: the router's menu routes render it through the main
 * layout's Outlet, and the layout's tab bar renders the same element for each page it keeps open (one lazy
 * component per screen, so both share the loaded chunk).
 */
const screens: MenuScreen[] = flattenMenus(menus).map((menu) => {
  const load = pageLoaderFor(menu.path) ?? loadUnavailable;
  const Page: ComponentType = lazy(() => load().then((component) => ({ default: component })));
  return { menu, load, element: <MenuRoute key={menu.path} menu={menu} page={Page} /> };
});

const byPath = new Map(screens.map((screen) => [screen.menu.path, screen]));

/** The menu entry of a path (exact), if any. */
export const menuScreen = (path: string): MenuScreen | undefined => byPath.get(path);

/**
 * The session-required screens, one route per contract menu entry (titles written once, in the contract).
 * Each built screen is a chunk of its own (pages.tsx), rendered as a lazy component inside the main layout's
 * Suspense: the layout (header, menu) paints as soon as its own code is in, and the screen follows. The route's
 * loader starts fetching the screen's chunk at navigation start, in parallel with the layout's. Navigations run in
 * a transition, so the current screen stays until the next one can render. MenuRoute then applies access-control
 * mode (specification §4) when the server has it on. A route's title is read when it is shown: the module is
 * evaluated before an English page's catalogue is in (lib/i18n `textsReady`).
 */
export const menuRoutes: RouteObject[] = screens.map(({ menu, load, element }) => {
  const handle: RouteHandle = {
    get title() {
      return menuTitle(menu);
    },
  };
  const route = {
    element,
    // Only starts the fetch (the module system keeps it for the lazy component); a failure is the component's to
    // report.
    loader: () => {
      load().catch(() => undefined);
      return null;
    },
    handle,
  };
  return menu.path === '/' ? { ...route, index: true } : { ...route, path: menu.path };
});
