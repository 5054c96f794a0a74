import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { t } from '@/lib/i18n';
import { useRouteTitle } from '@/lib/router/route-title';
import { HttpEffects } from './HttpEffects';

/** Wraps every route: page title, scroll to top on navigation, the http effect handler. */
export function RootRoute() {
  const title = useRouteTitle();
  const { pathname } = useLocation();

  useEffect(() => {
    document.title = title ?? t('app.name');
  }, [title]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation, by design.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <>
      <HttpEffects />
      <Outlet />
    </>
  );
}
