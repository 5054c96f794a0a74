import { describeUserAgent, ONLINE_SORTS, routes } from '@gatehouse/contract';
import { App, Button, Tooltip } from 'antd';
import {
  type FilterCodecs,
  type ListColumn,
  ListPage,
  useActionsColumn,
  useBulkAction,
  useListMutation,
  useListQuery,
  useRowSelection,
} from '@/components/list-kit';
import { SessionTags } from '@/components/session-tags';
import {
  forceLogout,
  forceLogoutMany,
  listOnline,
  type OnlineQuery,
  type OnlineSession,
  onlineKeys,
} from '@/features/online/api/online.api';
import { formatDateTime } from '@/lib/format/date';
import { fromNow } from '@/lib/format/relative-time';
import { t } from '@/lib/i18n';
import { useCan } from '@/stores/session';

const filterCodecs: FilterCodecs<OnlineQuery> = { account: 'text', ip: 'text' };
const sessionId = (session: OnlineSession) => session.id;
/** How a session is named in confirmations, checkboxes and result messages: 王芳（wangfang）. */
const sessionLabel = (session: OnlineSession) => `${session.accountName}（${session.accountNumber}）`;
/**
 * A session's line in the bulk confirmation: two sessions of one account would read the same by name, so the line
 * adds where and in what it is signed in: 王芳（wangfang） · 10.0.0.8 · Chrome 126 · Windows.
 */
const sessionLine = (session: OnlineSession) =>
  [sessionLabel(session), session.ip ?? t('online.unknown'), describeUserAgent(session.userAgent)]
    .filter(Boolean)
    .join(' · ');

const absolute = (value: number) => formatDateTime(value, 'YYYY/MM/DD HH:mm:ss');

/** 在线用户 (/monitor/Online): live sessions on the list kit; 强制下线 one session or the selected ones. */
export function OnlinePage() {
  const { modal } = App.useApp();
  const list = useListQuery<OnlineQuery, OnlineSession>({
    queryKey: onlineKeys.all,
    filters: filterCodecs,
    sorts: ONLINE_SORTS,
    fetchPage: listOnline,
  });
  const mayBulk = useCan(routes.batchForceLogout);
  // Your own session stays selectable: the server refuses it with its reason, which the result message names.
  const selection = useRowSelection<OnlineSession, string>(sessionId);
  const bulkForceOut = useBulkAction<OnlineSession, string>({
    selection,
    mutationFn: forceLogoutMany,
    action: 'list.actionForceOut',
    nameOf: sessionLabel,
    confirmLine: sessionLine,
    confirm: (count) => t('online.bulkForceOutConfirm', { count }),
    danger: true,
    queryKey: onlineKeys.all,
  });
  const forceOut = useListMutation({ mutationFn: forceLogout, queryKey: onlineKeys.all, success: 'online.forcedOut' });

  const confirmForceOut = (session: OnlineSession) =>
    modal.confirm({
      title: t('online.forceLogoutConfirm', { name: session.accountName, account: session.accountNumber }),
      content: t('online.forceLogoutHint'),
      okText: t('common.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      // The dialog's OK spins until the write ends; a refusal has been toasted by the http client.
      onOk: () => forceOut.run(session.id),
    });

  // Widths sum (with the selection column) to what a 1440 px window shows beside the menu: no sideways scroll there.
  // 强制下线; one's own session is ended by signing out instead (the server refuses it too).
  const actionsColumn = useActionsColumn<OnlineSession>({
    title: t('online.colActions'),
    actions: [
      {
        key: 'forceOut',
        label: t('online.forceLogout'),
        routes: routes.forceLogout,
        danger: true,
        refusal: (session) => (session.current ? t('online.ownSession') : null),
        onClick: confirmForceOut,
      },
    ],
  });
  const columns: ListColumn<OnlineSession, (typeof ONLINE_SORTS)[number]>[] = [
    {
      title: t('online.colAccount'),
      key: 'accountNumber',
      width: 180,
      // The account number, then its marks (当前会话, 代操作) on the same line.
      render: (_value, session) => (
        <Tooltip title={session.accountNumber} placement="topLeft">
          <span>
            {session.accountNumber} <SessionTags session={session} currentLabel="online.current" />
          </span>
        </Tooltip>
      ),
    },
    { title: t('online.colName'), key: 'accountName', dataIndex: 'accountName', width: 110 },
    { title: t('online.colOrg'), key: 'orgName', dataIndex: 'orgName', width: 140 },
    {
      title: t('online.colIp'),
      key: 'ip',
      dataIndex: 'ip',
      width: 125,
      render: (ip: string | null) => ip ?? t('online.unknown'),
    },
    {
      // The short form (Chrome 131 · Windows) in the cell, the whole User-Agent on hover.
      title: t('online.colBrowser'),
      key: 'browser',
      width: 150,
      render: (_value, { userAgent }) =>
        userAgent ? (
          <Tooltip title={userAgent} placement="topLeft">
            <span>{describeUserAgent(userAgent) || userAgent}</span>
          </Tooltip>
        ) : (
          t('online.unknown')
        ),
    },
    {
      title: t('online.colSignedIn'),
      key: 'signedInAt',
      dataIndex: 'signedInAt',
      sortField: 'signedInAt',
      width: 165,
      render: (value: number) => absolute(value),
    },
    {
      title: t('online.colLastSeen'),
      key: 'lastSeenAt',
      dataIndex: 'lastSeenAt',
      sortField: 'lastSeenAt',
      width: 120,
      // How long ago in the cell (what an administrator scans for), the exact time on hover.
      render: (value: number) => (
        <Tooltip title={absolute(value)} placement="topLeft">
          <span>{fromNow(value)}</span>
        </Tooltip>
      ),
    },
  ];
  if (actionsColumn) columns.push(actionsColumn);

  return (
    <ListPage<OnlineQuery, OnlineSession, string>
      list={list}
      table="online"
      label={t('online.listLabel')}
      totalTestId="online-total"
      rowKey={sessionId}
      columns={columns}
      timeSorts={ONLINE_SORTS}
      defaultSort={{ field: 'lastSeenAt', order: 'desc' }}
      search={{
        id: 'onlineSearch',
        fields: [
          {
            kind: 'text',
            name: 'account',
            label: t('online.searchAccount'),
            placeholder: t('online.searchAccountPlaceholder'),
          },
          { kind: 'text', name: 'ip', label: t('online.searchIp'), maxLength: 64, width: 150 },
        ],
      }}
      selection={
        mayBulk
          ? {
              state: selection,
              nameOf: sessionLabel,
              actions: (
                <Button size="small" danger loading={bulkForceOut.isPending} onClick={bulkForceOut.run}>
                  {t('online.bulkForceOut')}
                </Button>
              ),
            }
          : undefined
      }
    />
  );
}
