import { createContext, useContext } from 'react';

/**
 * Whether the page a component renders in is the one on screen. The shell keeps each opened page mounted while its
 * tab is open (app/layouts/KeptPage), hidden when another tab is shown; outside the shell (the sign-in page, a
 * screen test) every page is on screen.
 */
export const PageActiveContext = createContext(true);

/** True unless the component is in a kept page whose tab is not shown. */
export const usePageActive = (): boolean => useContext(PageActiveContext);
