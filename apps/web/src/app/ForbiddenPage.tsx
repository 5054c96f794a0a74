import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { t } from '@/lib/i18n';

/**
 * A menu route the account may not open (access-control mode, a menu its role does not hold): shown in place, at the
 * route's own address and inside the layout, naming the screen — unknown routes still end on /404. A chunk of its
 * own (MenuRoute loads it lazily): most sessions never see it.
 */
export function ForbiddenPage({ title }: { title: string }) {
  const navigate = useNavigate();
  return (
    <div data-testid="forbidden" style={{ padding: '48px 0' }}>
      <Result
        status="403"
        title={t('forbidden.title', { title })}
        subTitle={t('forbidden.text')}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            {t('forbidden.home')}
          </Button>
        }
      />
    </div>
  );
}
