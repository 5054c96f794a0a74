import type { ComponentType } from 'react';

/**
 * A screen of a session-required contract menu, declared by its feature in `features/<name>/page.ts` as `page` (or
 * several, as an array):
 * app/pages.tsx finds every such file, so a new screen needs no line elsewhere. `load` imports the feature's
 * index.ts, which becomes a chunk of its own, fetched only when the route is entered (docs/frontend-budgets.md).
 */
export interface MenuPage {
  /** The contract menu's path (`menus` in @gatehouse/contract), e.g. '/user/Account'. */
  path: string;
  load: () => Promise<ComponentType>;
}
