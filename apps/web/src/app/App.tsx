import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useMemo, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { UploadProvider } from '../features/files';
import { VerificationProvider } from '../features/verify';
import { usePrefersReducedMotion } from '../lib/a11y';
import { createAppRouter } from './router';

const baseToken = { colorPrimary: '#257ff7', fontSize: 14 };

/** Providers: antd (zh_CN, App context for toasts and dialogs), react-query, verification and upload calls, router. */
export function App() {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        // The http client already reported a failure; retrying would repeat the toast.
        defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
      }),
  );
  const [router] = useState(createAppRouter);
  const reducedMotion = usePrefersReducedMotion();
  // With prefers-reduced-motion, dialogs and drawers appear in place instead of zooming from the pointer.
  const theme = useMemo(() => ({ token: { ...baseToken, motion: !reducedMotion } }), [reducedMotion]);
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <VerificationProvider>
            <UploadProvider>
              <RouterProvider router={router} />
            </UploadProvider>
          </VerificationProvider>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
