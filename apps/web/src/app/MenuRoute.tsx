import type { MenuDef } from '@gatehouse/contract';
import { menus } from '@gatehouse/contract';
import type { ComponentType } from 'react';
import { Navigate } from 'react-router';
import { firstPermitted, permittedRoutes, routeTarget } from '@/lib/router/access-control';
import { useServerOptions } from '@/stores/server-options';
import { useSession } from '@/stores/session';

/**
 * One menu route. With access control off: the screen, or the group's redirect. In access-control mode
 * (product-spec §4) only permitted menu routes show their screen; a group's redirect is retargeted to its
 * first permitted child; home leads to the first permitted screen; everything else ends on /404.
 * `page` is the path's screen, already loaded by the route's `lazy` (router.tsx).
 */
export function MenuRoute({ menu, page: Page }: { menu: MenuDef; page: ComponentType }) {
  const accessControl = useServerOptions((state) => state.options.accessControl);
  const permissions = useSession((state) => state.permissions);
  const status = useSession((state) => state.status);
  // The verdict needs the permissions: nothing is shown (or redirected) before they are in.
  if (accessControl && status !== 'ready') return null;
  const permitted = accessControl ? permittedRoutes(permissions) : null;
  let target = routeTarget(menu, permitted);
  if (menu.path === '/' && target === '/404' && permitted) target = firstPermitted(menus, permitted) ?? '/404';
  if (target !== menu.path) return <Navigate to={target} replace />;
  return <Page />;
}
