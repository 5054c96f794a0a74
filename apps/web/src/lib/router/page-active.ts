import { createContext, useContext, useEffect, useRef } from 'react';

/**
 * Whether the page a component renders in is the one on screen. The shell keeps each opened page mounted while its
 * tab is open (app/layouts/KeptPage), hidden when another tab is shown; outside the shell (the sign-in page, a
 * screen test) every page is on screen.
 */
export const PageActiveContext = createContext(true);

/** True unless the component is in a kept page whose tab is not shown. */
export const usePageActive = (): boolean => useContext(PageActiveContext);

/**
 * Asks again (`refetch`) when the kept page comes back on screen, as a revisit of the screen always has: writes made
 * meanwhile on other pages are then seen, what was shown staying on screen until the answer. Nothing on first show.
 */
export function useRefetchWhenShown(refetch: () => unknown): void {
  const active = usePageActive();
  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current) void refetch();
    wasActive.current = active;
  }, [active, refetch]);
}
