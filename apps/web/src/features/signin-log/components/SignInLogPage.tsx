import {
  describeUserAgent,
  routes,
  SIGNIN_KINDS,
  SIGNIN_REASONS,
  type SignInKindCode,
  type SignInReasonCode,
} from '@gatehouse/contract';
import { Tag, Tooltip, Typography } from 'antd';
import { type FilterCodecs, type ListColumn, ListPage, useListQuery } from '@/components/list-kit';
import {
  listSignInLog,
  type SignInLogEntry,
  type SignInLogFilters,
  type SignInLogQuery,
  signInLogKeys,
} from '@/features/signin-log/api/signin-log.api';
import { formatDateTime } from '@/lib/format/date';
import { type SignInLogText, tx } from '../texts';

/** How a sign-in other than by password is marked beside its reason. */
const METHOD_NOTES = {
  sms: 'signinLog.method.sms',
  password_check: 'signinLog.method.password_check',
  totp: 'signinLog.method.totp',
  passkey: 'signinLog.method.passkey',
  recovery: 'signinLog.method.recovery',
} as const satisfies Record<Exclude<SignInLogEntry['method'], 'password'>, SignInLogText>;

/** An entry's reason in words; a right factor by what it led to (a session, a second step, a verification). */
const reasonLabel = ({ reason, kind }: Pick<SignInLogEntry, 'reason' | 'kind'>) =>
  reason === 'ok' && kind !== 'signin'
    ? tx(`signinLog.ok.${kind}`)
    : (SIGNIN_REASONS as readonly string[]).includes(reason)
      ? tx(`signinLog.reason.${reason as SignInReasonCode}` as SignInLogText)
      : reason;

/** What an entry records, as the 类型 column and filter name it; an identity verification stands out. */
const KIND_COLORS: Record<SignInKindCode, string | undefined> = {
  signin: undefined,
  first_factor: undefined,
  verification: 'purple',
};
const kindLabel = (kind: SignInKindCode) => tx(`signinLog.kind.${kind}`);

const filterCodecs: FilterCodecs<SignInLogQuery> = {
  account: 'text',
  outcome: ['success', 'failure'],
  kind: SIGNIN_KINDS,
  ip: 'text',
  startTime: 'time',
  endTime: 'time',
};
const SIGNIN_LOG_SORTS = ['at'] as const;
const entryId = (entry: SignInLogEntry) => entry.id;

/** The export's query: the applied filters, without the list's paging and sort (the export route takes neither). */
function exportFilters(query: SignInLogQuery): SignInLogFilters {
  const { p: _p, pageSize: _size, sort: _sort, order: _order, ...filters } = query;
  return filters;
}

/** 登录日志 (系统监控): every sign-in and refusal on the list kit, read-only, with its export (CSV or XLSX). */
export function SignInLogPage() {
  const list = useListQuery<SignInLogQuery, SignInLogEntry>({
    queryKey: signInLogKeys.all,
    filters: filterCodecs,
    sorts: SIGNIN_LOG_SORTS,
    fetchPage: listSignInLog,
  });

  const columns: ListColumn<SignInLogEntry, 'at'>[] = [
    {
      title: tx('signinLog.colAt'),
      key: 'at',
      dataIndex: 'at',
      sortField: 'at',
      width: 180,
      render: (at: number) => formatDateTime(at, 'YYYY/MM/DD HH:mm:ss'),
    },
    {
      title: tx('signinLog.colAccount'),
      key: 'account',
      dataIndex: 'account',
      width: 180,
      // A client's summary entry (refusals of many account numbers past its cap) has none.
      render: (account: string, entry) =>
        account || ((entry.repeats ?? 1) > 1 && entry.outcome === 'failure' ? tx('signinLog.manyAccounts') : '—'),
    },
    {
      title: tx('signinLog.colOutcome'),
      key: 'outcome',
      align: 'center',
      width: 90,
      ellipsis: false,
      render: (_value, { outcome }) =>
        outcome === 'success' ? (
          <Tag color="success">{tx('signinLog.success')}</Tag>
        ) : (
          <Tag color="error">{tx('signinLog.failure')}</Tag>
        ),
    },
    {
      title: tx('signinLog.colKind'),
      key: 'kind',
      width: 110,
      render: (_value, { kind }) => <Tag color={KIND_COLORS[kind]}>{kindLabel(kind)}</Tag>,
    },
    {
      title: tx('signinLog.colReason'),
      key: 'reason',
      width: 200,
      render: (_value, entry) => {
        const label =
          entry.method === 'password'
            ? reasonLabel(entry)
            : `${reasonLabel(entry)} (${tx(METHOD_NOTES[entry.method])})`;
        const repeats = entry.repeats ?? 1;
        if (repeats <= 1) return label;
        // Refusals one address repeated are one entry: how many, and when the newest was.
        const lastAt = formatDateTime(entry.lastAt ?? entry.at, 'YYYY/MM/DD HH:mm:ss');
        return (
          <>
            {label}{' '}
            <Tooltip title={tx('signinLog.repeats', { count: repeats, lastAt })}>
              <Tag data-testid="signin-log-repeats">×{repeats}</Tag>
            </Tooltip>
          </>
        );
      },
    },
    { title: tx('signinLog.colIp'), key: 'ip', dataIndex: 'ip', width: 150 },
    {
      // The short form (Chrome 140 · Windows) in the cell, the whole User-Agent on hover.
      title: tx('signinLog.colBrowser'),
      key: 'userAgent',
      width: 220,
      render: (_value, { userAgent }) =>
        userAgent ? (
          <Tooltip title={userAgent} placement="topLeft">
            <span>{describeUserAgent(userAgent) || userAgent}</span>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">{tx('signinLog.unknown')}</Typography.Text>
        ),
    },
  ];

  return (
    <ListPage<SignInLogQuery, SignInLogEntry>
      list={list}
      table="signinLog"
      label={tx('signinLog.listLabel')}
      totalTestId="signin-log-total"
      rowKey={entryId}
      columns={columns}
      timeSorts={SIGNIN_LOG_SORTS}
      defaultSort={{ field: 'at', order: 'desc' }}
      exporter={{
        route: routes.exportSigninLog,
        fallbackName: 'signin-log',
        // CSV first (the log's export before XLSX was offered); the route takes the filters, not the sort.
        formats: ['csv', 'xlsx'],
        exportQuery: exportFilters,
      }}
      search={{
        id: 'signinLogSearch',
        fields: [
          { kind: 'text', name: 'account', label: tx('signinLog.searchAccount'), width: 160 },
          {
            kind: 'select',
            name: 'outcome',
            label: tx('signinLog.searchOutcome'),
            placeholder: tx('signinLog.outcomeAll'),
            width: 110,
            options: [
              { value: 'success', label: tx('signinLog.success') },
              { value: 'failure', label: tx('signinLog.failure') },
            ],
          },
          {
            kind: 'select',
            name: 'kind',
            label: tx('signinLog.searchKind'),
            placeholder: tx('signinLog.outcomeAll'),
            width: 120,
            options: SIGNIN_KINDS.map((kind) => ({ value: kind, label: kindLabel(kind) })),
          },
          { kind: 'text', name: 'ip', label: tx('signinLog.searchIp'), maxLength: 64, width: 150 },
          { kind: 'dateRange', names: ['startTime', 'endTime'], label: tx('signinLog.searchTime'), width: 260 },
        ],
      }}
    />
  );
}
