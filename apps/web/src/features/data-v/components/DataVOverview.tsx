import { LockOutlined } from '@ant-design/icons';
import { routes } from '@gatehouse/contract';
import { type ReactNode, useMemo } from 'react';
import { accountsPerOrgOption, EChart, newAccountsPerDayOption } from '@/components/chart';
import { useLiveOverview } from '@/features/data-v/api/overview.api';
import { chartPixelRatio, fitStage } from '@/features/data-v/model/stage';
import { t } from '@/lib/i18n';
import { useCan, useSession } from '@/stores/session';
import { Header } from './Header';
import { KpiStrip } from './KpiStrip';
import { LiveSignIns } from './LiveSignIns';
import { Notice, Panel } from './Panel';
import { Stage, useWindowSize } from './Stage';
import { colors, screenCss } from './styles';

/** Stage-pixel heights: 1080 = 24 + 96 + 20 + 150 + 20 + 746 + 24 (padding, header, figures, panels). */
const MAIN_HEIGHT = 746;
/** Half the panels' height less a panel's borders, padding, title and gap. */
const CHART_HEIGHT = (MAIN_HEIGHT - 20) / 2 - 2 - 16 - 18 - 36 - 12;

/**
 * /data-v/overview: the dashboard's figures on a dark 1920×1080 stage scaled to the window, refreshed every
 * 10 seconds: the eight numbers, new accounts per day, accounts per organisation and the live sign-ins.
 */
export function DataVOverview() {
  const user = useSession((state) => state.user);
  const canOverview = useCan(routes.overview);
  const overview = useLiveOverview(Boolean(user) && canOverview);
  const data = overview.data;
  const { width, height } = useWindowSize();
  const fit = fitStage(width, height);
  const pixelRatio = chartPixelRatio(fit.scale, window.devicePixelRatio || 1);

  const perDay = data?.newAccountsPerDay;
  const perOrg = data?.accountsPerOrg;
  const perDayOption = useMemo(
    () => (perDay ? newAccountsPerDayOption(perDay, 'dark', t('home.chart.newAccounts')) : undefined),
    [perDay],
  );
  const perOrgOption = useMemo(
    () => (perOrg ? accountsPerOrgOption(perOrg, 'dark', t('home.chart.accounts')) : undefined),
    [perOrg],
  );
  const newTotal = perDay?.reduce((sum, day) => sum + day.count, 0);
  const failed = overview.isError && !data;

  let body: ReactNode;
  if (!user) {
    body = <Notice>{t('datav.loading')}</Notice>;
  } else if (!canOverview) {
    body = (
      <Notice tone="warning">
        <LockOutlined aria-hidden />
        <span data-testid="datav-forbidden">{t('datav.forbidden')}</span>
      </Notice>
    );
  } else if (failed) {
    body = <Notice tone="warning">{t('datav.error')}</Notice>;
  } else {
    body = (
      <div style={{ display: 'flex', flexDirection: 'column', gap: 20, height: '100%' }}>
        <KpiStrip overview={data} />
        <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 620px', gap: 20, height: MAIN_HEIGHT }}>
          <div style={{ display: 'grid', gridTemplateRows: '1fr 1fr', gap: 20, minHeight: 0 }}>
            <Panel
              title={t('home.chart.perDay')}
              note={newTotal === undefined ? null : t('home.chart.perDayTotal', { count: newTotal })}
            >
              {perDayOption ? (
                <EChart
                  option={perDayOption}
                  height={CHART_HEIGHT}
                  label={t('home.chart.perDay')}
                  pixelRatio={pixelRatio}
                  data-testid="datav-chart-per-day"
                />
              ) : (
                <Notice>{t('datav.loading')}</Notice>
              )}
            </Panel>
            <Panel title={t('home.chart.perOrg')} note={t('home.chart.perOrgTop')}>
              {!perOrgOption || !perOrg ? (
                <Notice>{t('datav.loading')}</Notice>
              ) : perOrg.length === 0 ? (
                <Notice>{t('datav.noOrgs')}</Notice>
              ) : (
                <EChart
                  option={perOrgOption}
                  height={CHART_HEIGHT}
                  label={t('home.chart.perOrg')}
                  pixelRatio={pixelRatio}
                  data-testid="datav-chart-per-org"
                />
              )}
            </Panel>
          </div>
          <Panel title={t('datav.live')} note={t('datav.liveHint')} testId="datav-live-panel">
            <LiveSignIns rows={data?.recentSignIns} />
          </Panel>
        </div>
      </div>
    );
  }

  return (
    <Stage fit={fit}>
      <style>{screenCss}</style>
      <div
        className="gh-datav"
        style={{
          display: 'flex',
          flexDirection: 'column',
          gap: 20,
          height: '100%',
          padding: '24px 32px',
          background: `radial-gradient(ellipse 90% 60% at 50% 0%, rgba(14, 74, 140, 0.55) 0%, transparent 70%),
            linear-gradient(rgba(56, 189, 248, 0.045) 1px, transparent 1px) 0 0 / 48px 48px,
            linear-gradient(90deg, rgba(56, 189, 248, 0.045) 1px, transparent 1px) 0 0 / 48px 48px,
            ${colors.background}`,
        }}
      >
        <Header
          generatedAt={data?.generatedAt}
          stale={overview.isError && Boolean(data)}
          fetching={overview.isFetching}
          live={Boolean(user) && canOverview}
        />
        <main style={{ position: 'relative', flex: 1, minHeight: 0 }}>{body}</main>
      </div>
    </Stage>
  );
}
