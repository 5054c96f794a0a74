import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';

/** The providers a component sees in the app (locale, antd App context), for component tests. */
export function TestProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }} theme={{ token: { motion: false } }}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
