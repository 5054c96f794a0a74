import { Card, Col, Empty, Row, Skeleton, theme } from 'antd';
import { useMemo } from 'react';
import { accountsPerOrgOption, EChart, newAccountsPerDayOption } from '@/components/chart';
import type { Overview } from '@/features/home/api/overview.api';
import { t } from '@/lib/i18n';
import { useEffectiveTheme } from '@/stores/preferences';

const HEIGHT = 280;

/** Accounts per organisation (bar) and new accounts per day over 30 days (line), side by side. */
export function OverviewCharts({ overview }: { overview: Overview | undefined }) {
  const perOrg = overview?.accountsPerOrg;
  const perDay = overview?.newAccountsPerDay;
  // The console's dark charts: the big screen's dark palette at the console's type size.
  const chartTheme = useEffectiveTheme() === 'dark' ? 'dim' : 'light';
  const { token } = theme.useToken();
  const perOrgOption = useMemo(
    () => (perOrg ? accountsPerOrgOption(perOrg, chartTheme, t('home.chart.accounts')) : undefined),
    [perOrg, chartTheme],
  );
  const perDayOption = useMemo(
    () => (perDay ? newAccountsPerDayOption(perDay, chartTheme, t('home.chart.newAccounts')) : undefined),
    [perDay, chartTheme],
  );
  const newTotal = perDay?.reduce((sum, day) => sum + day.count, 0);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card
          title={t('home.chart.perOrg')}
          extra={<span style={{ color: token.colorTextTertiary }}>{t('home.chart.perOrgTop')}</span>}
        >
          {!perOrgOption || !perOrg ? (
            <Skeleton active paragraph={{ rows: 6 }} style={{ height: HEIGHT }} />
          ) : perOrg.length === 0 ? (
            <Empty description={t('home.chart.noOrgs')} style={{ height: HEIGHT, paddingTop: 60, margin: 0 }} />
          ) : (
            <EChart option={perOrgOption} height={HEIGHT} label={t('home.chart.perOrg')} data-testid="chart-per-org" />
          )}
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card
          title={t('home.chart.perDay')}
          extra={
            newTotal === undefined ? null : (
              <span style={{ color: token.colorTextTertiary }}>{t('home.chart.perDayTotal', { count: newTotal })}</span>
            )
          }
        >
          {!perDayOption ? (
            <Skeleton active paragraph={{ rows: 6 }} style={{ height: HEIGHT }} />
          ) : (
            <EChart option={perDayOption} height={HEIGHT} label={t('home.chart.perDay')} data-testid="chart-per-day" />
          )}
        </Card>
      </Col>
    </Row>
  );
}
