import { App as AntApp, theme as antdTheme, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useEffect, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { Outlet } from 'react-router';
import { usePrefersReducedMotion } from '@/lib/a11y';
import { currentLocale } from '@/lib/i18n';
import { registerNoticeHandler } from '@/lib/notify';
import { useEffectiveTheme } from '@/stores/preferences';

const baseToken = { colorPrimary: '#257ff7', fontSize: 14 };

/** Shows the app's notices (lib/notify) with antd's message, keyed by text: the same text refreshes its toast. */
function NoticeBridge() {
  const { message } = AntApp.useApp();
  useEffect(
    () =>
      registerNoticeHandler(
        (notice) => {
          void message.open({ type: notice.level, content: notice.content, key: notice.content });
        },
        () => message.destroy(),
      ),
    [message],
  );
  return null;
}

/**
 * antd's providers: the page's language, the light or dark theme (without motion when the system asks for less),
 * and the App context for toasts and dialogs. Every screen but the sign-in page renders inside one (the route
 * tree's antd layout, app/router.tsx); the sign-in page mounts one only for its antd parts (docs/adr/0014).
 */
export function AntdRoot({ children }: { children?: ReactNode }) {
  const reducedMotion = usePrefersReducedMotion();
  const mode = useEffectiveTheme();
  const theme = useMemo(
    () => ({
      algorithm: mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
      token: { ...baseToken, motion: !reducedMotion },
    }),
    [reducedMotion, mode],
  );
  return (
    <ConfigProvider
      locale={currentLocale() === 'en-US' ? enUS : zhCN}
      theme={theme}
      button={{ autoInsertSpace: false }}
    >
      <AntApp>
        <NoticeBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

/** The route tree's antd layout: its child routes render inside the providers. */
export function AntdOutlet() {
  return (
    <AntdRoot>
      <Outlet />
    </AntdRoot>
  );
}

let island: Promise<void> | null = null;

/**
 * An antd root of its own, outside the route tree, for notices raised where no antd root is mounted (the sign-in
 * page). Mounted once; resolves when its handler is registered.
 */
export function mountNoticeIsland(): Promise<void> {
  island ??= new Promise<void>((resolve) => {
    const host = document.createElement('div');
    host.dataset.noticeIsland = '';
    document.body.append(host);
    createRoot(host).render(
      <AntdRoot>
        <Resolved onMounted={resolve} />
      </AntdRoot>,
    );
  });
  return island;
}

function Resolved({ onMounted }: { onMounted(): void }) {
  useEffect(onMounted, []);
  return null;
}
