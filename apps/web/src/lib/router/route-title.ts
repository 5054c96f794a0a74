import { useMatches } from 'react-router';

/** What every titled route carries in its `handle`. */
export interface RouteHandle {
  title: string;
}

const hasTitle = (handle: unknown): handle is RouteHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';

/** Title of the deepest matched route that has one (page title, tool bar). */
export function useRouteTitle(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (hasTitle(handle)) return handle.title;
  }
  return undefined;
}
