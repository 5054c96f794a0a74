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
import { Card, Flex, Skeleton, theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { StatKey, StatTile } from '@/features/home/model/stats';
import { currentLocale, t } from '@/lib/i18n';
import { useEffectiveTheme } from '@/stores/preferences';

/** Each number's icon and colour; `dark` is the same hue lightened for the dark theme's surfaces. */
const looks: Record<StatKey, { icon: ReactNode; color: string; dark: string }> = {
  accounts: { icon: <TeamOutlined />, color: '#257ff7', dark: '#4d9bff' },
  enabled: { icon: <CheckCircleOutlined />, color: '#389e0d', dark: '#73d13d' },
  disabled: { icon: <StopOutlined />, color: '#cf1322', dark: '#ff7875' },
  orgs: { icon: <ApartmentOutlined />, color: '#722ed1', dark: '#b37feb' },
  roles: { icon: <SafetyCertificateOutlined />, color: '#08979c', dark: '#36cfc9' },
  dicts: { icon: <BookOutlined />, color: '#d46b08', dark: '#ffa940' },
  signInsToday: { icon: <LoginOutlined />, color: '#1d39c4', dark: '#85a5ff' },
  liveSessions: { icon: <WifiOutlined />, color: '#c41d7f', dark: '#f759ab' },
};

const grid = {
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gridAutoRows: '1fr',
  gap: 16,
  height: '100%',
} as const;

function Tile({ tile }: { tile: StatTile }) {
  const look = looks[tile.key];
  const { token } = theme.useToken();
  const color = useEffectiveTheme() === 'dark' ? look.dark : look.color;
  const body = (
    <Card
      size="small"
      hoverable={Boolean(tile.to)}
      style={{ height: '100%' }}
      styles={{ body: { height: '100%', display: 'flex', alignItems: 'center', padding: '16px' } }}
    >
      <Flex align="center" gap={14} style={{ minWidth: 0 }}>
        <span
          aria-hidden
          style={{
            flex: 'none',
            display: 'grid',
            placeItems: 'center',
            width: 44,
            height: 44,
            borderRadius: 10,
            fontSize: 22,
            color,
            background: `${color}1f`,
          }}
        >
          {look.icon}
        </span>
        <div style={{ minWidth: 0 }}>
          <div
            style={{
              color: token.colorTextSecondary,
              fontSize: 13,
              // Longer English labels wrap to a second line rather than run out of the tile.
              lineHeight: 1.35,
              overflowWrap: 'break-word',
            }}
          >
            {tile.label}
          </div>
          <div
            data-testid={`stat-${tile.key}-value`}
            style={{
              fontSize: 26,
              fontWeight: 600,
              lineHeight: 1.25,
              color: tile.to ? color : token.colorText,
              fontVariantNumeric: 'tabular-nums',
            }}
          >
            {tile.value.toLocaleString(currentLocale())}
          </div>
        </div>
      </Flex>
    </Card>
  );
  return tile.to ? (
    <Link
      to={tile.to}
      data-testid={`stat-${tile.key}`}
      aria-label={t('home.stat.goto', { label: tile.label, value: tile.value, screen: tile.screen ?? '' })}
      style={{ display: 'block', color: 'inherit' }}
    >
      {body}
    </Link>
  ) : (
    <div data-testid={`stat-${tile.key}`}>{body}</div>
  );
}

/** The eight numbers, four to a row; each one the account may follow links to the screen behind it. */
export function StatTiles({ tiles }: { tiles: StatTile[] }) {
  return (
    <div style={grid} data-testid="home-stats">
      {tiles.map((tile) => (
        <Tile key={tile.key} tile={tile} />
      ))}
    </div>
  );
}

export function StatTilesSkeleton() {
  return (
    <div style={grid} aria-busy="true">
      {Object.keys(looks).map((key) => (
        <Card key={key} size="small" style={{ height: '100%' }} styles={{ body: { padding: 16 } }}>
          <Skeleton active avatar={{ shape: 'square' }} title={false} paragraph={{ rows: 2, width: ['60%', '40%'] }} />
        </Card>
      ))}
    </div>
  );
}
