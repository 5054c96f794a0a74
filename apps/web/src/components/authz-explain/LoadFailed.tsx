import { Button, Result } from 'antd';
import { isRefused } from '@/lib/http';
import { t } from '@/lib/i18n';
import { ax } from './texts';

/** An explanation or preview that did not arrive: why, and 重试 unless it was refused (lib/http isRefused). */
export function LoadFailed({ error, retrying, onRetry }: { error: Error; retrying: boolean; onRetry: () => void }) {
  return (
    <Result
      status="warning"
      title={<span role="alert">{ax('loadFailed', { reason: error.message || t('list.loadFailed') })}</span>}
      extra={
        isRefused(error) ? undefined : (
          <Button type="primary" loading={retrying} onClick={onRetry}>
            {t('list.retry')}
          </Button>
        )
      }
    />
  );
}
