import { flattenMenus, menus } from '@gatehouse/contract';
import { type ComponentType, lazy } from 'react';
import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { menuTitle, t } from '@/lib/i18n';
import type { RouteHandle } from '@/lib/router/route-title';
import { BlankLayout } from './layouts/BlankLayout';
import { MenuRoute } from './MenuRoute';
import { pageLoaderFor } from './pages';
import { RequireSession, requireSessionLoader } from './RequireSession';
import { RootRoute } from './RootRoute';
import { RouteFallback } from './RouteFallback';

/**
 * A route's title, read when it is shown: the module is evaluated before an English page's catalogue is in
 * (lib/i18n `textsReady`), so it must not look texts up at load.
 */
const handle = (title: () => string): RouteHandle => ({
  get title() {
    return title();
  },
});

/** Menu paths without a built screen (pages.tsx) show the shared "not open yet" page. */
const loadUnavailable = () => import('@/components/page-unavailable').then((m) => m.PageUnavailable);

/**
 * The session-required screens, one route per contract menu entry (titles written once, in the contract).
 * Each built screen is a chunk of its own (pages.tsx), rendered as a lazy component inside the main layout's
 * Suspense: the layout (header, menu) paints as soon as its own code is in, and the screen follows. The route's
 * loader starts fetching the screen's chunk at navigation start, in parallel with the layout's. Navigations run in
 * a transition, so the current screen stays until the next one can render. MenuRoute then applies access-control
 * mode (product-spec §4) when the server has it on.
 */
export const menuRoutes: RouteObject[] = flattenMenus(menus).map((menu) => {
  const load = pageLoaderFor(menu.path) ?? loadUnavailable;
  const Page = lazy(() => load().then((component) => ({ default: component })));
  const route = {
    element: <MenuRoute key={menu.path} menu={menu} page={Page} />,
    // Only starts the fetch (the module system keeps it for the lazy component); a failure is the component's to
    // report.
    loader: () => {
      load().catch(() => undefined);
      return null;
    },
    handle: handle(() => menuTitle(menu)),
  };
  return menu.path === '/' ? { ...route, index: true } : { ...route, path: menu.path };
});

/** A route `lazy` answering one named export of a module as the route's Component. */
const screen =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

/**
 * Open routes (product-spec §2): /login, /register, /update-password (hidden from menus), /500, /404.
 * Everything else needs a session; unknown paths end on /404. Every screen and the main layout are loaded on
 * first visit (react-router's route `lazy`), so /login fetches neither the layout nor any menu screen.
 */
export const routeTree: RouteObject[] = [
  {
    element: <RootRoute />,
    HydrateFallback: RouteFallback,
    children: [
      {
        path: '/login',
        lazy: screen(
          () => import('@/features/auth/components/LoginPage'),
          (m) => m.LoginPage,
        ),
        handle: handle(() => t('route.login')),
      },
      // Every other screen renders inside antd's providers (language, theme, App context): a layout route of its
      // own, so /login loads none of antd (docs/adr/0014).
      {
        lazy: screen(
          () => import('@/components/antd-root'),
          (m) => m.AntdOutlet,
        ),
        children: [
          {
            path: '/register',
            lazy: screen(
              () => import('@/features/auth/components/RegisterPage'),
              (m) => m.RegisterPage,
            ),
            handle: handle(() => t('auth.route.register')),
          },
          {
            path: '/update-password',
            lazy: screen(
              () => import('@/features/auth/components/UpdatePasswordPage'),
              (m) => m.UpdatePasswordPage,
            ),
            handle: handle(() => t('auth.route.updatePassword')),
          },
          {
            path: '/500',
            lazy: screen(
              () => import('@/features/errors/ServerErrorPage'),
              (m) => m.ServerErrorPage,
            ),
            handle: handle(() => t('route.serverError')),
          },
          {
            path: '/404',
            lazy: screen(
              () => import('@/features/errors/NotFoundPage'),
              (m) => m.NotFoundPage,
            ),
            handle: handle(() => t('route.notFound')),
          },
          {
            loader: requireSessionLoader,
            element: <RequireSession />,
            children: [
              {
                path: '/',
                lazy: screen(
                  () => import('./layouts/MainLayout'),
                  (m) => m.MainLayout,
                ),
                children: menuRoutes,
              },
              // Full-screen dashboards in the blank layout, each loaded on first visit (a chunk of its own, with the
              // charts); /data-v leads to the overview, other /data-v paths end on /404.
              {
                path: '/data-v',
                element: <BlankLayout />,
                children: [
                  { index: true, element: <Navigate to="/data-v/overview" replace /> },
                  {
                    path: 'overview',
                    handle: handle(() => t('datav.title')),
                    lazy: screen(
                      () => import('@/features/data-v'),
                      (m) => m.DataVOverview,
                    ),
                  },
                  { path: '*', element: <Navigate to="/404" replace /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export const createAppRouter = () => createHashRouter(routeTree);
export type AppRouter = ReturnType<typeof createAppRouter>;
