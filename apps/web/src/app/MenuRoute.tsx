import type { MenuDef } from '@gatehouse/contract';
import { type ComponentType, lazy } from 'react';
import { Navigate } from 'react-router';
import { menuTitle } from '@/lib/i18n';
import { permittedRoutes, routeTarget } from '@/lib/router/access-control';
import { useServerOptions } from '@/stores/server-options';
import { useSession } from '@/stores/session';

const Forbidden = lazy(() => import('./ForbiddenPage').then((m) => ({ default: m.ForbiddenPage })));

/**
 * One menu route. With access control off: the screen, or the group's redirect. In access-control mode
 * (specification §4) only the screens the account may open show (its role's menus, and 首页 and 个人信息 for
 * everyone); a group's redirect is retargeted to its first child the account may open; a screen (or a group) it may
 * not open shows the 403 page naming it, in place — never a redirect, so a page kept in a hidden tab cannot move the
 * app. `page` is the path's screen, already loaded by the route's `lazy` (router.tsx).
 */
export function MenuRoute({ menu, page: Page }: { menu: MenuDef; page: ComponentType }) {
  const accessControl = useServerOptions((state) => state.options.accessControl);
  const permissions = useSession((state) => state.permissions);
  const status = useSession((state) => state.status);
  // The verdict needs the permissions: nothing is shown (or redirected) before they are in.
  if (accessControl && status !== 'ready' && !menu.everyone) return null;
  const permitted = accessControl ? permittedRoutes(permissions) : null;
  const target = routeTarget(menu, permitted);
  if (target === undefined) return <Forbidden title={menuTitle(menu)} />;
  if (target !== menu.path) return <Navigate to={target} replace />;
  return <Page />;
}
