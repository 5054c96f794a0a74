import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, theme as antdTheme, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect, useMemo, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { UploadProvider } from '../features/files';
import { VerificationProvider } from '../features/verify';
import { usePrefersReducedMotion } from '../lib/a11y';
import { currentLocale } from '../lib/i18n';
import { useEffectiveTheme } from '../stores/preferences';
import type { AppRouter } from './router';

const baseToken = { colorPrimary: '#257ff7', fontSize: 14 };

/**
 * Providers: antd (the page's language, light or dark theme, App context for toasts and dialogs), react-query,
 * verification and upload calls, router.
 */
export function App({ router }: { router: AppRouter }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        // The http client already reported a failure; retrying would repeat the toast.
        defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
      }),
  );
  const antdLocale = currentLocale() === 'en-US' ? enUS : zhCN;
  const reducedMotion = usePrefersReducedMotion();
  const mode = useEffectiveTheme();
  // With prefers-reduced-motion, dialogs and drawers appear in place instead of zooming from the pointer.
  const theme = useMemo(
    () => ({
      algorithm: mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
      token: { ...baseToken, motion: !reducedMotion },
    }),
    [reducedMotion, mode],
  );
  // The page outside antd's components (body text, scrollbars, native controls) follows the theme too.
  useEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
  }, [mode]);
  return (
    <ConfigProvider locale={antdLocale} theme={theme} button={{ autoInsertSpace: false }}>
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
