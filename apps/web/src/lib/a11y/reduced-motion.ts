import { useMediaQuery } from './media-query';

/**
 * Whether the user asked the system for less motion (prefers-reduced-motion). The app then turns antd's
 * dialog, drawer and menu animations off, so nothing zooms or slides under the pointer.
 */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
