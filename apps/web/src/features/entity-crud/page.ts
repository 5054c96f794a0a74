import { CRUDS } from '@gatehouse/contract';
import type { MenuPage } from '@/lib/router/menu-page';

/**
 * A screen for each descriptor-served entity (the contract's CRUDS), at its menu's path. Only the spec (name, path,
 * menu) is read here; the screen and the entity's descriptor load with the screen's chunk (docs/frontend-budgets.md).
 */
export const page: readonly MenuPage[] = CRUDS.map((spec) => ({
  path: spec.menu.path,
  load: () => import('./index').then((m) => m.crudScreen(spec.name)),
}));
