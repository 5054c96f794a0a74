import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { UploadProvider } from '@/features/files';
import { VerificationProvider } from '@/features/verify';
import { useEffectiveTheme } from '@/stores/preferences';
import type { AppRouter } from './router';

/**
 * Providers every route shares: react-query, verification and upload calls, router. antd's providers (language,
 * theme, App context) are the route tree's antd layout (components/antd-root), so the sign-in page, which renders
 * without antd, does not load them (docs/adr/0014).
 */
export function App({ router }: { router: AppRouter }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        // The http client already reported a failure; retrying would repeat the toast.
        defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
      }),
  );
  const mode = useEffectiveTheme();
  // The page outside antd's components (body text, scrollbars, native controls, the sign-in page) follows the
  // theme too.
  useEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
  }, [mode]);
  return (
    <QueryClientProvider client={queryClient}>
      <VerificationProvider>
        <UploadProvider>
          <RouterProvider router={router} />
        </UploadProvider>
      </VerificationProvider>
    </QueryClientProvider>
  );
}
