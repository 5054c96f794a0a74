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
import { Card, Flex, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { t } from '../../../lib/i18n';
import type { StatKey, StatTile } from '../model/stats';

const looks: Record<StatKey, { icon: ReactNode; color: string }> = {
  accounts: { icon: <TeamOutlined />, color: '#257ff7' },
  enabled: { icon: <CheckCircleOutlined />, color: '#389e0d' },
  disabled: { icon: <StopOutlined />, color: '#cf1322' },
  orgs: { icon: <ApartmentOutlined />, color: '#722ed1' },
  roles: { icon: <SafetyCertificateOutlined />, color: '#08979c' },
  dicts: { icon: <BookOutlined />, color: '#d46b08' },
  signInsToday: { icon: <LoginOutlined />, color: '#1d39c4' },
  liveSessions: { icon: <WifiOutlined />, color: '#c41d7f' },
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
            color: look.color,
            background: `${look.color}14`,
          }}
        >
          {look.icon}
        </span>
        <div style={{ minWidth: 0 }}>
          <div style={{ color: 'rgba(0, 0, 0, 0.6)', fontSize: 13, whiteSpace: 'nowrap' }}>{tile.label}</div>
          <div
            data-testid={`stat-${tile.key}-value`}
            style={{
              fontSize: 26,
              fontWeight: 600,
              lineHeight: 1.25,
              color: tile.to ? look.color : 'rgba(0, 0, 0, 0.88)',
              fontVariantNumeric: 'tabular-nums',
            }}
          >
            {tile.value.toLocaleString('zh-CN')}
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
