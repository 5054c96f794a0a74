import { Empty } from 'antd';
import { ToolBar } from '@/components/tool-bar';
import { t } from '@/lib/i18n';

/** The one page for menu entries whose screen is not built yet: says so instead of pretending to work. */
export function PageUnavailable() {
  return (
    <>
      <ToolBar back />
      <Empty style={{ marginTop: 80 }} description={t('common.pageUnavailable')} />
    </>
  );
}
