import { FundProjectionScreenOutlined, SmileOutlined } from '@ant-design/icons';
import { routes } from '@gatehouse/contract';
import { Alert, Button, Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useOverview } from '@/features/home/api/overview.api';
import { latestSignInOf, statTiles } from '@/features/home/model/stats';
import { t } from '@/lib/i18n';
import { useCan, useSession } from '@/stores/session';
import { AccountCard } from './AccountCard';
import { FirstRunGuide, isFirstRun } from './FirstRunGuide';
import { OverviewCharts } from './OverviewCharts';
import { RecentSignIns } from './RecentSignIns';
import { StatTiles, StatTilesSkeleton } from './StatTiles';

/** The menu routes the account holds (its menu resources), which the numbers may link to. */
function usePermittedMenus(): ReadonlySet<string> {
  const permissions = useSession((state) => state.permissions);
  return useMemo(() => new Set(permissions.flatMap((p) => (p.type === 0 && p.route ? [p.route] : []))), [permissions]);
}

/**
 * 首页: the greeting and the account's card; with the 统计概览 permission also the numbers (each linking to its
 * screen), the two charts, the latest sign-ins and the way to the /data-v big screen.
 */
export function Dashboard() {
  const user = useSession((state) => state.user);
  const canOverview = useCan(routes.overview);
  const overview = useOverview(Boolean(user) && canOverview);
  const permittedMenus = usePermittedMenus();
  const navigate = useNavigate();
  const data = overview.data;
  const tiles = useMemo(() => (data ? statTiles(data, permittedMenus) : undefined), [data, permittedMenus]);

  // Permissions arrive before the account: without it nothing about the statistics is known yet.
  if (!user) {
    return (
      <div style={{ padding: '24px 0' }}>
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }

  const failed = overview.isError && !data;
  const lastSignIn = canOverview && data ? (latestSignInOf(data.recentSignIns, user.accountNumber) ?? null) : undefined;

  return (
    <div style={{ padding: '20px 0 4px' }}>
      <Flex align="center" justify="space-between" gap={16} style={{ marginBottom: 16 }}>
        <div>
          <Typography.Title level={2} style={{ fontSize: 22, margin: 0 }}>
            {t('home.greeting', { accountName: user.accountName })}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t('home.today', { date: dayjs().format(t('home.dateFormat')) })}
          </Typography.Text>
        </div>
        {canOverview && (
          <Button
            type="primary"
            icon={<FundProjectionScreenOutlined />}
            title={t('home.bigScreenHint')}
            onClick={() => navigate('/data-v/overview')}
          >
            {t('home.bigScreen')}
          </Button>
        )}
      </Flex>

      {data && isFirstRun(data) && (
        <div style={{ marginBottom: 16 }}>
          <FirstRunGuide accountId={user.id} dicts={data.dicts} permittedMenus={permittedMenus} />
        </div>
      )}

      <Row gutter={[16, 16]} align="stretch">
        <Col xs={24} xl={8}>
          <AccountCard user={user} lastSignIn={lastSignIn} lastSignInLoading={canOverview && overview.isPending} />
        </Col>
        <Col xs={24} xl={16}>
          {!canOverview ? (
            <Card
              style={{ height: '100%' }}
              styles={{ body: { height: '100%', display: 'flex', alignItems: 'center' } }}
            >
              <Flex gap={16} align="center" data-testid="home-no-stats">
                <SmileOutlined aria-hidden style={{ fontSize: 36, color: '#257ff7' }} />
                <Typography.Paragraph style={{ margin: 0, fontSize: 15 }}>{t('home.noStats')}</Typography.Paragraph>
              </Flex>
            </Card>
          ) : failed ? (
            <Alert
              type="error"
              showIcon
              title={t('home.error')}
              action={
                <Button size="small" onClick={() => void overview.refetch()} loading={overview.isFetching}>
                  {t('home.retry')}
                </Button>
              }
            />
          ) : tiles ? (
            <StatTiles tiles={tiles} />
          ) : (
            <StatTilesSkeleton />
          )}
        </Col>
      </Row>

      {canOverview && !failed && (
        <>
          <div style={{ marginTop: 16 }}>
            <OverviewCharts overview={data} />
          </div>
          <div style={{ marginTop: 16 }}>
            <RecentSignIns rows={data?.recentSignIns} loading={!data} />
          </div>
        </>
      )}
    </div>
  );
}
