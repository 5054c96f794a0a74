import { Card, Skeleton, Table, type TableColumnsType, Tooltip } from 'antd';
import type { RecentSignIn } from '@/features/home/api/overview.api';
import { browserOf } from '@/features/home/model/user-agent';
import { formatDateTime } from '@/lib/format/date';
import { t } from '@/lib/i18n';

const columns: TableColumnsType<RecentSignIn> = [
  { title: t('home.recent.account'), dataIndex: 'accountNumber', key: 'accountNumber', ellipsis: true },
  { title: t('home.recent.name'), dataIndex: 'accountName', key: 'accountName', ellipsis: true },
  {
    title: t('home.recent.time'),
    dataIndex: 'at',
    key: 'at',
    width: 170,
    render: (at: number) => formatDateTime(at),
  },
  {
    title: t('home.recent.address'),
    dataIndex: 'ip',
    key: 'ip',
    width: 170,
    render: (ip: string | null) => ip || t('home.card.none'),
  },
  {
    title: t('home.recent.browser'),
    dataIndex: 'userAgent',
    key: 'userAgent',
    width: 170,
    render: (userAgent: string | null) =>
      userAgent ? (
        <Tooltip title={userAgent}>
          <span>{browserOf(userAgent)}</span>
        </Tooltip>
      ) : (
        browserOf(userAgent)
      ),
  },
];

/** The latest sign-ins, newest first (at most ten, as the server sends them). */
export function RecentSignIns({ rows, loading }: { rows: RecentSignIn[] | undefined; loading: boolean }) {
  return (
    <Card title={t('home.recent.title')} styles={{ body: { padding: loading ? 24 : 0 } }}>
      {loading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <Table<RecentSignIn>
          data-testid="home-recent-sign-ins"
          size="middle"
          rowKey={(row) => `${row.accountNumber}@${row.at}`}
          columns={columns}
          dataSource={rows ?? []}
          pagination={false}
          locale={{ emptyText: t('home.recent.empty') }}
        />
      )}
    </Card>
  );
}
