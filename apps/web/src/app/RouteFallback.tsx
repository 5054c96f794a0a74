import { LoadingDots } from '../components/loading';

/**
 * Shown while the first screen's code loads (react-router's HydrateFallback): the same dots as index.html's boot
 * markup, so the page does not change until the screen can replace it. `contained`: in the main layout's content
 * area while a screen's code loads, instead of over the whole page.
 */
export function RouteFallback({ contained = false }: { contained?: boolean }) {
  return <LoadingDots contained={contained} />;
}
