import { DownloadOutlined } from '@ant-design/icons';
import { describeUserAgent, routes, SIGNIN_REASONS, type SignInReasonCode } from '@gatehouse/contract';
import { App, Button, DatePicker, Form, Input, Select, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Can } from '@/components/can';
import { ListTotal, PagedTable, SearchActions } from '@/components/list-search';
import { ToolBar } from '@/components/tool-bar';
import { appConfig } from '@/config/app-config';
import {
  downloadSignInLog,
  type SignInLogEntry,
  type SignInLogFilters,
  type SignInLogQuery,
  useSignInLog,
} from '@/features/signin-log/api/signin-log.api';
import { formatDateTime } from '@/lib/format/date';
import { type MessageKey, t } from '@/lib/i18n';

interface SearchValues {
  account?: string;
  outcome?: 'success' | 'failure' | '';
  ip?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** How a sign-in other than by password is marked beside its reason. */
const METHOD_NOTES = {
  sms: 'signinLog.methodSms',
  password_check: 'signinLog.methodPasswordCheck',
} as const satisfies Record<Exclude<SignInLogEntry['method'], 'password'>, MessageKey>;

const firstPage = (): SignInLogQuery => ({ p: 1, pageSize: appConfig.defaultPageSize });

const reasonLabel = (reason: string) =>
  (SIGNIN_REASONS as readonly string[]).includes(reason)
    ? t(`signinLog.reason.${reason as SignInReasonCode}` as MessageKey)
    : reason;

/** The filters of the search form as the contract's query (empty ones left out). */
function filtersOf(values: SearchValues): SignInLogFilters {
  const [start, end] = values.range ?? [];
  const filters: SignInLogFilters = {};
  if (values.account?.trim()) filters.account = values.account.trim();
  if (values.outcome) filters.outcome = values.outcome;
  if (values.ip?.trim()) filters.ip = values.ip.trim();
  if (start) filters.startTime = start.startOf('second').toISOString();
  if (end) filters.endTime = end.endOf('second').toISOString();
  return filters;
}

/** 登录日志 (系统监控): every sign-in and refusal, read-only, with filters, paging and a CSV export. */
export function SignInLogPage() {
  const { message } = App.useApp();
  const [searchForm] = Form.useForm<SearchValues>();
  const [query, setQuery] = useState<SignInLogQuery>(firstPage);
  const [exporting, setExporting] = useState(false);
  const list = useSignInLog(query);

  const search = (next: SignInLogQuery) => {
    if (JSON.stringify(next) === JSON.stringify(query)) void list.refetch();
    else setQuery(next);
  };

  const exportCsv = async () => {
    const { p: _p, pageSize: _size, ...filters } = query;
    setExporting(true);
    try {
      await downloadSignInLog(filters);
      void message.success(t('signinLog.exported'));
    } catch {
      // The http client has already told the user (one toast, as on every call).
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<SignInLogEntry> = [
    {
      title: t('signinLog.colIndex'),
      key: 'index',
      align: 'center',
      width: 70,
      render: (_value, _entry, index) => (query.p - 1) * query.pageSize + index + 1,
    },
    {
      title: t('signinLog.colAt'),
      dataIndex: 'at',
      key: 'at',
      align: 'center',
      width: 180,
      render: (at: string) => formatDateTime(at, 'YYYY/MM/DD HH:mm:ss'),
    },
    {
      title: t('signinLog.colAccount'),
      dataIndex: 'account',
      key: 'account',
      align: 'center',
      ellipsis: true,
      render: (account: string) => account || '—',
    },
    {
      title: t('signinLog.colOutcome'),
      dataIndex: 'outcome',
      key: 'outcome',
      align: 'center',
      width: 90,
      render: (outcome: SignInLogEntry['outcome']) =>
        outcome === 'success' ? (
          <Tag color="success">{t('signinLog.success')}</Tag>
        ) : (
          <Tag color="error">{t('signinLog.failure')}</Tag>
        ),
    },
    {
      title: t('signinLog.colReason'),
      dataIndex: 'reason',
      key: 'reason',
      align: 'center',
      render: (reason: string, entry) =>
        entry.method === 'password' ? reasonLabel(reason) : `${reasonLabel(reason)} (${t(METHOD_NOTES[entry.method])})`,
    },
    { title: t('signinLog.colIp'), dataIndex: 'ip', key: 'ip', align: 'center', width: 150 },
    {
      title: t('signinLog.colBrowser'),
      dataIndex: 'userAgent',
      key: 'userAgent',
      align: 'center',
      width: 230,
      ellipsis: { showTitle: false },
      render: (userAgent: string | null) => {
        const short = describeUserAgent(userAgent);
        return short ? (
          <Tooltip title={userAgent}>
            <span>{short}</span>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">{t('signinLog.unknown')}</Typography.Text>
        );
      },
    },
  ];

  const page = list.data;
  return (
    <>
      <ToolBar>
        <Can routes={routes.exportSigninLog}>
          <Button icon={<DownloadOutlined aria-hidden />} loading={exporting} onClick={() => void exportCsv()}>
            {t('signinLog.export')}
          </Button>
        </Can>
      </ToolBar>
      <Form<SearchValues>
        form={searchForm}
        name="signinLogSearch"
        layout="inline"
        initialValues={{ outcome: '' }}
        onFinish={(values) => search({ ...filtersOf(values), p: 1, pageSize: query.pageSize })}
        style={{ rowGap: 12 }}
      >
        <Form.Item label={t('signinLog.searchAccount')} name="account">
          <Input allowClear maxLength={100} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label={t('signinLog.searchOutcome')} name="outcome">
          <Select
            style={{ width: 110 }}
            aria-label={t('signinLog.searchOutcome')}
            options={[
              { value: '', label: t('signinLog.outcomeAll') },
              { value: 'success', label: t('signinLog.success') },
              { value: 'failure', label: t('signinLog.failure') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('signinLog.searchIp')} name="ip">
          <Input allowClear maxLength={64} style={{ width: 150 }} />
        </Form.Item>
        <Form.Item label={t('signinLog.searchTime')} name="range">
          <DatePicker.RangePicker
            showTime
            allowEmpty={[true, true]}
            placeholder={[t('signinLog.startTime'), t('signinLog.endTime')]}
          />
        </Form.Item>
        <SearchActions
          onReset={() => {
            searchForm.resetFields();
            search(firstPage());
          }}
        />
      </Form>
      <ListTotal testId="signin-log-total">{t('signinLog.totalCount', { count: page?.totalCount ?? 0 })}</ListTotal>
      <PagedTable<SignInLogEntry>
        columns={columns}
        page={page}
        loading={list.isFetching}
        locale={{ emptyText: t('signinLog.empty') }}
        current={query.p}
        pageSize={query.pageSize}
        onPageChange={(p, pageSize) => setQuery((current) => ({ ...current, p, pageSize }))}
      />
    </>
  );
}
