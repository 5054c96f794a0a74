import { render } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '@/app/App';
import { pageLoaderFor } from '@/app/pages';
import { routeTree } from '@/app/router';
import { useServerOptions } from '@/stores/server-options';

interface HappyDomWindow {
  happyDOM: { settings: { device: { prefersReducedMotion: 'reduce' | 'no-preference' } } };
}

/**
 * The whole app at `path`, as main.tsx starts it: the server's options read first, then the providers of
 * app/App.tsx (react-query with the app's defaults, the verification and upload calls) around the real route
 * tree in a memory router. The session guard, the bootstrap of the signed-in account, the main layout and the
 * http effects (toasts, /500, sign-out) run as in the browser. Pair it with `setupMockApi()`, whose handlers answer
 * the calls. Answers the router (where the app is) and the query client (what it has cached).
 *
 * App itself is not rendered: it takes its RouterProvider from 'react-router/dom', which under vitest is another
 * instance of react-router than the one the routes' hooks come from ("useMatches must be used within a data
 * router"); in the bundle they are one. The providers are App's own (`AppProviders`).
 */
export async function renderApp(path: string) {
  // As a user who asks the system for less motion: the app then turns antd's animations off. happy-dom runs no CSS
  // animation, so an animated dialog would stay in the page half-closed, beside the next one.
  (window as unknown as HappyDomWindow).happyDOM.settings.device.prefersReducedMotion = 'reduce';
  await useServerOptions.getState().load();
  const router = createMemoryRouter(routeTree, { initialEntries: [path] });
  const queryClient = createQueryClient();
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient };
}

/**
 * Loads what the app loads lazily on the way to each path: the route modules (the antd root, the main layout, the
 * sign-in page, /data-v) and the menu screen's chunk (app/pages.tsx). A test file calls it in a `beforeAll`, so no
 * wait of a test is for a module's first transform (docs/testing.md); the app still suspends on them as it does.
 * Through the route tree rather than by importing the features: a feature's test may not import another feature.
 */
export async function preloadScreens(...paths: string[]): Promise<void> {
  await Promise.all(
    paths.flatMap((path) => [
      ...(matchRoutes(routeTree, path) ?? []).flatMap(({ route }) =>
        typeof route.lazy === 'function' ? [route.lazy()] : [],
      ),
      pageLoaderFor(path)?.() ?? Promise.resolve(),
    ]),
  );
}
