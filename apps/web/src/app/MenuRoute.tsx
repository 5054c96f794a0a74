import type { MenuDef } from '@gatehouse/contract';
import { menus } from '@gatehouse/contract';
import { Navigate } from 'react-router';
import { firstPermitted, permittedRoutes, routeTarget } from '../lib/router/access-control';
import { useServerOptions } from '../stores/server-options';
import { useSession } from '../stores/session';
import { pageFor } from './pages';

/**
 * One menu route. With access control off: the screen, or the group's redirect. In access-control mode
 * (product-spec §4) only permitted menu routes show their screen; a group's redirect is retargeted to its
 * first permitted child; home leads to the first permitted screen; everything else ends on /404.
 */
export function MenuRoute({ menu }: { menu: MenuDef }) {
  const accessControl = useServerOptions((state) => state.options.accessControl);
  const permissions = useSession((state) => state.permissions);
  const status = useSession((state) => state.status);
  // The verdict needs the permissions: nothing is shown (or redirected) before they are in.
  if (accessControl && status !== 'ready') return null;
  const permitted = accessControl ? permittedRoutes(permissions) : null;
  let target = routeTarget(menu, permitted);
  if (menu.path === '/' && target === '/404' && permitted) target = firstPermitted(menus, permitted) ?? '/404';
  if (target !== menu.path) return <Navigate to={target} replace />;
  const Page = pageFor(menu.path);
  return <Page />;
}
