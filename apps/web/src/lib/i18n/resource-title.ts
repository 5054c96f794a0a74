import { type RouteDef, routes } from '@gatehouse/contract';
import { currentLocale, menuTitle, routeTitle } from './index';
import { DEFAULT_LOCALE } from './locale';

// Beside the catalogue rather than in it: naming a built-in API by its route reads the contract's whole route table,
// which the sign-in page does not load (docs/frontend-budgets.md).

/** The part of a resource that tells a built-in one and what it stands for (GET /resources, GET /getPermissions). */
export interface TitledResource {
  name: string;
  type: number;
  route: string | null;
  method: string | null;
  url: string | null;
  builtin: boolean;
}

/** Route names by `method url` (lower-case method), built on first use. */
let routeNames: Map<string, string> | null = null;
const routeNameOf = (method: string, url: string) => {
  routeNames ??= new Map(
    Object.entries(routes as Record<string, RouteDef>).map(([name, route]) => [
      `${route.method.toLowerCase()} ${route.path}`,
      name,
    ]),
  );
  return routeNames.get(`${method.toLowerCase()} ${url}`);
};

/**
 * A resource's name in the current language: a built-in menu's by its route (the menu catalogue), a built-in API's
 * by the contract route of its method and url; an administrator's own resources keep the name they were given.
 */
export function resourceTitle(resource: TitledResource): string {
  if (!resource.builtin || currentLocale() === DEFAULT_LOCALE) return resource.name;
  if (resource.type === 0 && resource.route) return menuTitle({ path: resource.route, title: resource.name });
  const name = resource.method && resource.url ? routeNameOf(resource.method, resource.url) : undefined;
  return name ? routeTitle(name, resource.name) : resource.name;
}
