import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { PreferenceStoreContext } from '@/components/list-kit/preference-store';
import { UploadProvider } from '@/features/files';
import { VerificationProvider } from '@/features/verify';
import { useEffectiveTheme } from '@/stores/preferences';
import { serverPreferenceStore } from './preference-store';
import type { AppRouter } from './router';

/** The app's query client: the http client already reported a failure, so a retry would repeat the toast. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
}

/**
 * Providers every route shares: react-query, verification and upload calls, the list kit's preference store, around
 * the router. antd's providers
 * (language, theme, App context) are the route tree's antd layout (components/antd-root), so the sign-in page, which
 * renders without antd, does not load them (docs/adr/0014). The test harness (src/testing/render-app) uses it too.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <VerificationProvider>
        <UploadProvider>
          <PreferenceStoreContext value={serverPreferenceStore}>{children}</PreferenceStoreContext>
        </UploadProvider>
      </VerificationProvider>
    </QueryClientProvider>
  );
}

/** The app: its providers around the router, and the page's theme outside antd. */
export function App({ router }: { router: AppRouter }) {
  const [queryClient] = useState(createQueryClient);
  const mode = useEffectiveTheme();
  // The page outside antd's components (body text, scrollbars, native controls, the sign-in page) follows the
  // theme too.
  useEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
  }, [mode]);
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
