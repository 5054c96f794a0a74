import { Button, Result } from 'antd';
import { t } from '@/lib/i18n';
import { useGoBack } from './use-go-back';

export function NotFoundPage() {
  const goBack = useGoBack();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        status="404"
        title={t('error.notFoundTitle')}
        subTitle={t('error.notFoundText')}
        extra={
          <Button type="primary" onClick={goBack}>
            {t('common.backToPrevious')}
          </Button>
        }
      />
    </div>
  );
}
