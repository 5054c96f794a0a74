import {
  ApartmentOutlined,
  BookOutlined,
  CheckCircleOutlined,
  LoginOutlined,
  SafetyCertificateOutlined,
  StopOutlined,
  TeamOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { Overview } from '@/features/data-v/api/overview.api';
import { currentLocale, t } from '@/lib/i18n';
import { colors } from './styles';

interface Kpi {
  key: string;
  label: string;
  icon: ReactNode;
  color: string;
  value: (overview: Overview) => number;
}

const KPIS: Kpi[] = [
  {
    key: 'accounts',
    label: t('home.stat.accounts'),
    icon: <TeamOutlined />,
    color: '#38bdf8',
    value: (o) => o.accounts.total,
  },
  {
    key: 'enabled',
    label: t('home.stat.enabled'),
    icon: <CheckCircleOutlined />,
    color: '#34d399',
    value: (o) => o.accounts.enabled,
  },
  {
    key: 'disabled',
    label: t('home.stat.disabled'),
    icon: <StopOutlined />,
    color: '#fb7185',
    value: (o) => o.accounts.disabled,
  },
  { key: 'orgs', label: t('home.stat.orgs'), icon: <ApartmentOutlined />, color: '#a78bfa', value: (o) => o.orgs },
  {
    key: 'roles',
    label: t('home.stat.roles'),
    icon: <SafetyCertificateOutlined />,
    color: '#2dd4bf',
    value: (o) => o.roles,
  },
  { key: 'dicts', label: t('home.stat.dicts'), icon: <BookOutlined />, color: '#fbbf24', value: (o) => o.dicts },
  {
    key: 'signInsToday',
    label: t('home.stat.signInsToday'),
    icon: <LoginOutlined />,
    color: '#60a5fa',
    value: (o) => o.signInsToday,
  },
  {
    key: 'liveSessions',
    label: t('home.stat.liveSessions'),
    icon: <WifiOutlined />,
    color: '#f472b6',
    value: (o) => o.liveSessions,
  },
];

/** The eight figures across the stage; a dash until the first answer. */
export function KpiStrip({ overview }: { overview: Overview | undefined }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(8, minmax(0, 1fr))', gap: 18, height: 150 }}>
      {KPIS.map((kpi) => (
        <section
          key={kpi.key}
          className="gh-datav-panel"
          aria-label={kpi.label}
          data-testid={`datav-kpi-${kpi.key}`}
          style={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', padding: '0 22px' }}
        >
          <div style={{ display: 'flex', alignItems: 'center', gap: 10, fontSize: 18, color: colors.muted }}>
            <span aria-hidden style={{ fontSize: 22, color: kpi.color }}>
              {kpi.icon}
            </span>
            {kpi.label}
          </div>
          <div
            data-testid={`datav-kpi-${kpi.key}-value`}
            style={{
              marginTop: 8,
              fontSize: 54,
              lineHeight: '62px',
              fontWeight: 700,
              color: kpi.color,
              textShadow: `0 0 16px ${kpi.color}66`,
            }}
          >
            {overview ? kpi.value(overview).toLocaleString(currentLocale()) : '—'}
          </div>
        </section>
      ))}
    </div>
  );
}
