import { flattenMenus, menus } from '@gatehouse/contract';
import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { LoginPage, RegisterPage, UpdatePasswordPage } from '../features/auth';
import { NotFoundPage, ServerErrorPage } from '../features/errors';
import { menuTitle, t } from '../lib/i18n';
import type { RouteHandle } from '../lib/router/route-title';
import { BlankLayout } from './layouts/BlankLayout';
import { MainLayout } from './layouts/MainLayout';
import { MenuRoute } from './MenuRoute';
import { RequireSession, requireSessionLoader } from './RequireSession';
import { RootRoute } from './RootRoute';

const handle = (title: string): RouteHandle => ({ title });

/**
 * The session-required screens, one route per contract menu entry (titles written once, in the contract).
 * MenuRoute applies access-control mode (product-spec §4) when the server has it on.
 */
export const menuRoutes: RouteObject[] = flattenMenus(menus).map((menu) => {
  const element = <MenuRoute key={menu.path} menu={menu} />;
  return menu.path === '/'
    ? { index: true, element, handle: handle(menuTitle(menu)) }
    : { path: menu.path, element, handle: handle(menuTitle(menu)) };
});

/**
 * Open routes (product-spec §2): /login, /register, /update-password (hidden from menus), /500, /404.
 * Everything else needs a session; unknown paths end on /404.
 */
export const routeTree: RouteObject[] = [
  {
    element: <RootRoute />,
    children: [
      { path: '/login', element: <LoginPage />, handle: handle(t('route.login')) },
      { path: '/register', element: <RegisterPage />, handle: handle(t('auth.route.register')) },
      {
        path: '/update-password',
        element: <UpdatePasswordPage />,
        handle: handle(t('auth.route.updatePassword')),
      },
      { path: '/500', element: <ServerErrorPage />, handle: handle(t('route.serverError')) },
      { path: '/404', element: <NotFoundPage />, handle: handle(t('route.notFound')) },
      {
        loader: requireSessionLoader,
        element: <RequireSession />,
        children: [
          { path: '/', element: <MainLayout />, children: menuRoutes },
          // Full-screen dashboards in the blank layout, each loaded on first visit (a chunk of its own, with the
          // charts); /data-v leads to the overview, other /data-v paths end on /404.
          {
            path: '/data-v',
            element: <BlankLayout />,
            children: [
              { index: true, element: <Navigate to="/data-v/overview" replace /> },
              {
                path: 'overview',
                handle: handle(t('datav.title')),
                lazy: async () => ({ Component: (await import('../features/data-v')).DataVOverview }),
              },
              { path: '*', element: <Navigate to="/404" replace /> },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export const createAppRouter = () => createHashRouter(routeTree);
