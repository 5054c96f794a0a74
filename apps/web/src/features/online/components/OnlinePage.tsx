import { ReloadOutlined } from '@ant-design/icons';
import { describeUserAgent, routes } from '@gatehouse/contract';
import { App, Button, Flex, Form, Input, Space, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Can } from '@/components/can';
import { ListTotal, PagedTable, SearchActions } from '@/components/list-search';
import { SessionTags } from '@/components/session-tags';
import { ToolBar } from '@/components/tool-bar';
import { appConfig } from '@/config/app-config';
import { forceLogout, type OnlineQuery, type OnlineSession, useOnlineList } from '@/features/online/api/online.api';
import { formatDateTime } from '@/lib/format/date';
import { fromNow } from '@/lib/format/relative-time';
import { t } from '@/lib/i18n';

interface Filters {
  account: string;
  ip: string;
}

const firstPage = (): OnlineQuery => ({ p: 1, pageSize: appConfig.defaultPageSize, account: '', ip: '' });

const absolute = (value: string) => formatDateTime(value, 'YYYY/MM/DD HH:mm:ss');

// Bespoke like the other list screens; read-only but for 强制下线, so no form dialog.
export function OnlinePage() {
  const [searchForm] = Form.useForm<Filters>();
  const [query, setQuery] = useState<OnlineQuery>(firstPage);
  const list = useOnlineList(query);
  const { modal, message } = App.useApp();

  const search = (next: OnlineQuery) => {
    if (JSON.stringify(next) === JSON.stringify(query)) void list.refetch();
    else setQuery(next);
  };

  const confirmForceLogout = (session: OnlineSession) =>
    modal.confirm({
      title: t('online.forceLogout'),
      content: t('online.forceLogoutConfirm', { name: session.accountName, account: session.accountNumber }),
      okText: t('common.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await forceLogout(session.id);
        } catch {
          return; // Reported by the http client.
        }
        message.success({ content: t('online.forcedOut'), key: 'online.forcedOut' });
        await list.refetch();
      },
    });

  const columns: TableColumnsType<OnlineSession> = [
    {
      title: t('online.colIndex'),
      key: 'index',
      align: 'center',
      width: 64,
      render: (_value, _session, index) => (query.p - 1) * query.pageSize + index + 1,
    },
    {
      title: t('online.colAccount'),
      key: 'accountNumber',
      render: (_value, session) => (
        <Space size={4} wrap>
          <span>{session.accountNumber}</span>
          <SessionTags session={session} currentLabel="online.current" />
        </Space>
      ),
    },
    { title: t('online.colName'), dataIndex: 'accountName', key: 'accountName' },
    { title: t('online.colOrg'), dataIndex: 'orgName', key: 'orgName' },
    {
      title: t('online.colIp'),
      dataIndex: 'ip',
      key: 'ip',
      render: (ip: string | null) => ip ?? t('online.unknown'),
    },
    {
      title: t('online.colBrowser'),
      key: 'browser',
      render: (_value, session) => (
        <Tooltip title={session.userAgent}>
          <span>{describeUserAgent(session.userAgent) || t('online.unknown')}</span>
        </Tooltip>
      ),
    },
    {
      title: t('online.colSignedIn'),
      dataIndex: 'signedInAt',
      key: 'signedInAt',
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t('online.colLastSeen'),
      dataIndex: 'lastSeenAt',
      key: 'lastSeenAt',
      render: (value: string) => (
        <Flex vertical>
          <span>{fromNow(value)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {absolute(value)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('online.colActions'),
      key: 'actions',
      align: 'center',
      fixed: 'right',
      width: 110,
      render: (_value, session) =>
        session.current ? null : (
          <Can routes={routes.forceLogout}>
            <Button size="small" danger onClick={() => confirmForceLogout(session)}>
              {t('online.forceLogout')}
            </Button>
          </Can>
        ),
    },
  ];

  const page = list.data;
  return (
    <>
      <ToolBar>
        <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void list.refetch()} loading={list.isFetching}>
          {t('online.refresh')}
        </Button>
      </ToolBar>
      <Form
        form={searchForm}
        name="onlineSearch"
        layout="inline"
        initialValues={{ account: '', ip: '' }}
        onFinish={(values: Filters) =>
          search({ ...query, p: 1, account: values.account?.trim() ?? '', ip: values.ip?.trim() ?? '' })
        }
        style={{ rowGap: 12 }}
      >
        <Form.Item label={t('online.searchAccount')} name="account">
          <Input allowClear maxLength={100} placeholder={t('online.searchAccountPlaceholder')} />
        </Form.Item>
        <Form.Item label={t('online.searchIp')} name="ip">
          <Input allowClear maxLength={64} />
        </Form.Item>
        <SearchActions
          onReset={() => {
            searchForm.resetFields();
            search(firstPage());
          }}
        />
      </Form>
      <ListTotal testId="online-total">{t('online.totalCount', { count: page?.totalCount ?? 0 })}</ListTotal>
      <PagedTable<OnlineSession>
        columns={columns}
        page={page}
        loading={list.isFetching}
        locale={{ emptyText: t('online.empty') }}
        scroll={{ x: 'max-content' }}
        current={query.p}
        pageSize={query.pageSize}
        onPageChange={(p, pageSize) => setQuery((current) => ({ ...current, p, pageSize }))}
      />
    </>
  );
}
