import { Empty } from 'antd';
import { t } from '../../lib/i18n';
import { ToolBar } from '../tool-bar';

/** The one page for menu entries whose screen is not built yet: says so instead of pretending to work. */
export function PageUnavailable() {
  return (
    <>
      <ToolBar />
      <Empty style={{ marginTop: 80 }} description={t('common.pageUnavailable')} />
    </>
  );
}
