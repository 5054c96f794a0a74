import { Button, Result, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { t } from '@/lib/i18n';
import { useGoBack } from './use-go-back';

/** /500: the http client sends failures here with the reason in the `message` query, which is shown. */
export function ServerErrorPage() {
  const goBack = useGoBack();
  const [searchParams] = useSearchParams();
  const message = searchParams.get('message');
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        status="500"
        title={t('error.serverTitle')}
        subTitle={
          <>
            <div>{t('error.serverText')}</div>
            {message && (
              <Typography.Text type="danger" data-testid="server-error-message">
                {t('error.serverDetail', { message })}
              </Typography.Text>
            )}
          </>
        }
        extra={
          <Button type="primary" onClick={goBack}>
            {t('common.backToPrevious')}
          </Button>
        }
      />
    </div>
  );
}
