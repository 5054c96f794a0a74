import { bootModules } from '@/boot-plan';
import { LoadingDots } from '@/components/loading';
import { useSession } from '@/stores/session';
import { LayoutShell } from './layouts/LayoutShell';

/**
 * Shown while the first screen's code loads (react-router's HydrateFallback). For a signed-in screen of the main
 * layout, the layout's frame (LayoutShell), so the header is up before antd and the layout have loaded; for any
 * other first screen, the same dots as index.html's boot markup, so the page does not change until the screen can
 * replace it.
 */
export function RouteFallback() {
  const signedIn = useSession((state) => state.token !== null);
  return bootModules(window.location.hash, signedIn).includes('main-layout') ? <LayoutShell /> : <LoadingDots />;
}
