import { DesktopOutlined, LogoutOutlined } from '@ant-design/icons';
import { describeUserAgent } from '@gatehouse/contract';
import { App, Button, Flex, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { SessionTags } from '@/components/session-tags';
import {
  endOtherOwnSessions,
  endOwnSession,
  type OwnSession,
  useOwnSessions,
} from '@/features/profile/api/profile.api';
import { formatDateTime } from '@/lib/format/date';
import { fromNow } from '@/lib/format/relative-time';
import { t } from '@/lib/i18n';

/** 登录设备: the account's own live sessions, each other one signed out on its own or all at once. */
export function OwnSessionsCard() {
  const sessions = useOwnSessions();
  const { modal, message } = App.useApp();
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current);

  const confirm = (content: string, work: () => Promise<string>) =>
    modal.confirm({
      title: t('common.confirmTitle'),
      content,
      okText: t('common.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        let done: string;
        try {
          done = await work();
        } catch {
          return; // Reported by the http client.
        }
        message.success({ content: done, key: done });
        await sessions.refetch();
      },
    });

  const signOut = (session: OwnSession) =>
    confirm(t('sessions.signOutConfirm'), async () => {
      await endOwnSession(session.id);
      return t('sessions.signedOut');
    });

  const signOutOthers = () =>
    confirm(t('sessions.signOutOthersConfirm'), async () => {
      const { ended } = await endOtherOwnSessions();
      return t('sessions.signedOutOthers', { count: ended });
    });

  const columns: TableColumnsType<OwnSession> = [
    {
      title: t('online.colBrowser'),
      key: 'device',
      render: (_value, session) => (
        <Flex gap={8} align="center" wrap>
          <DesktopOutlined aria-hidden />
          <Tooltip title={session.userAgent}>
            <span>{describeUserAgent(session.userAgent) || t('online.unknown')}</span>
          </Tooltip>
          <SessionTags session={session} currentLabel="sessions.current" />
        </Flex>
      ),
    },
    { title: t('online.colIp'), dataIndex: 'ip', key: 'ip', render: (ip: string | null) => ip ?? t('online.unknown') },
    {
      title: t('online.colSignedIn'),
      dataIndex: 'signedInAt',
      key: 'signedInAt',
      render: (value: number) => formatDateTime(value),
    },
    {
      title: t('online.colLastSeen'),
      dataIndex: 'lastSeenAt',
      key: 'lastSeenAt',
      render: (value: number) => (
        <Tooltip title={formatDateTime(value, 'YYYY/MM/DD HH:mm:ss')}>
          <span>{fromNow(value)}</span>
        </Tooltip>
      ),
    },
    {
      title: t('online.colActions'),
      key: 'actions',
      align: 'center',
      width: 100,
      render: (_value, session) =>
        session.current ? null : (
          <Button size="small" danger onClick={() => signOut(session)}>
            {t('sessions.signOut')}
          </Button>
        ),
    },
  ];

  return (
    <div data-testid="own-sessions">
      <Flex align="center" justify="space-between" gap={12} wrap style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary">{t('sessions.hint')}</Typography.Text>
        <Button danger icon={<LogoutOutlined aria-hidden />} disabled={others.length === 0} onClick={signOutOthers}>
          {t('sessions.signOutOthers')}
        </Button>
      </Flex>
      <Table<OwnSession>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list}
        loading={sessions.isFetching}
        pagination={false}
        locale={{ emptyText: t('sessions.empty') }}
        onRow={() => ({ 'data-testid': 'own-session' }) as HTMLAttributes<HTMLElement>}
      />
    </div>
  );
}
