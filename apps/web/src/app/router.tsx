import type { ComponentType } from 'react';
import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { t } from '@/lib/i18n';
import type { RouteHandle } from '@/lib/router/route-title';
import { BlankLayout } from './layouts/BlankLayout';
import { menuRoutes } from './menu-routes';
import { RequireSession, requireSessionLoader } from './RequireSession';
import { RootRoute } from './RootRoute';
import { RouteFallback } from './RouteFallback';

export { menuRoutes };

/**
 * A route's title, read when it is shown: the module is evaluated before an English page's catalogue is in
 * (lib/i18n `textsReady`), so it must not look texts up at load.
 */
const handle = (title: () => string): RouteHandle => ({
  get title() {
    return title();
  },
});

/** A route `lazy` answering one named export of a module as the route's Component. */
const screen =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

/**
 * Open routes (specification §2): /login, /register, /update-password (hidden from menus), /500, /404.
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
              // 权限预览 on a screen of its own, out of the main layout: the only menu on screen is the
              // previewed account's. Opened from 账号管理 and its 权限说明 drawer (components/authz-explain).
              {
                path: '/view-as',
                handle: handle(() => t('authz.viewAs.title')),
                lazy: screen(
                  () => import('@/features/authz'),
                  (m) => m.ViewAsPage,
                ),
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
