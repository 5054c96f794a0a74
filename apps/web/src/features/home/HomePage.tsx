import { Skeleton, Typography } from 'antd';
import { t } from '../../lib/i18n';
import { useSession } from '../../stores/session';

/** Home inside the main layout: greets the signed-in account. */
export function HomePage() {
  const user = useSession((state) => state.user);
  return (
    <div style={{ padding: '24px 0' }}>
      {user ? (
        <Typography.Title level={2} style={{ fontSize: 22 }}>
          {t('home.greeting', { accountName: user.accountName })}
        </Typography.Title>
      ) : (
        <Skeleton active paragraph={false} />
      )}
    </div>
  );
}
