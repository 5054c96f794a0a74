import { DownloadOutlined } from '@ant-design/icons';
import { describeUserAgent, routes } from '@gatehouse/contract';
import { App, Button, DatePicker, Form, Input, Select, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Can } from '@/components/can';
import { ListTotal, PagedTable, SearchActions } from '@/components/list-search';
import { ToolBar } from '@/components/tool-bar';
import { appConfig } from '@/config/app-config';
import { type AuditEntry, type AuditListQuery, exportAudit, useAuditList } from '@/features/audit/api/audit.api';
import { formatDateTime } from '@/lib/format/date';
import { t } from '@/lib/i18n';
import { AuditDetail, OutcomeTag, RequestTag, targetText } from './AuditDetail';
import { type AuditFilterValues, exportQueryOf, filtersOf } from './audit-view';

const firstPage = (): AuditListQuery => ({ p: 1, pageSize: appConfig.defaultPageSize });

/** 操作日志 (/monitor/OperLog): every write through the API, filtered, paged, exported as CSV. Read-only. */
export function AuditPage() {
  const { message } = App.useApp();
  const [searchForm] = Form.useForm<AuditFilterValues>();
  const [query, setQuery] = useState<AuditListQuery>(firstPage);
  const [detail, setDetail] = useState<AuditEntry | null>(null);
  const [exporting, setExporting] = useState(false);
  const list = useAuditList(query);

  const search = (next: AuditListQuery) => {
    if (JSON.stringify(next) === JSON.stringify(query)) void list.refetch();
    else setQuery(next);
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const name = await exportAudit(exportQueryOf(query));
      message.success({ content: t('audit.exported', { fileName: name }), key: 'audit.exported' });
    } catch {
      // The http client has already told the user.
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<AuditEntry> = [
    {
      title: t('audit.colAt'),
      dataIndex: 'at',
      key: 'at',
      width: 150,
      render: (at: string) => formatDateTime(at, 'YYYY/MM/DD HH:mm:ss'),
    },
    {
      title: t('audit.colActor'),
      key: 'actor',
      width: 90,
      render: (_v, entry) =>
        entry.actorAccountNumber ?? <Typography.Text type="secondary">{t('audit.anonymous')}</Typography.Text>,
    },
    { title: t('audit.colOrigin'), dataIndex: 'originAccountNumber', key: 'origin', width: 80 },
    { title: t('audit.colTitle'), dataIndex: 'title', key: 'title', width: 110 },
    { title: t('audit.colRequest'), key: 'request', render: (_v, entry) => <RequestTag entry={entry} /> },
    { title: t('audit.colTarget'), key: 'target', width: 130, render: (_v, entry) => targetText(entry) },
    {
      title: t('audit.colOutcome'),
      key: 'outcome',
      width: 80,
      align: 'center',
      render: (_v, entry) =>
        entry.message ? (
          <Tooltip title={entry.message}>
            <span>
              <OutcomeTag entry={entry} />
            </span>
          </Tooltip>
        ) : (
          <OutcomeTag entry={entry} />
        ),
    },
    { title: t('audit.colIp'), dataIndex: 'ip', key: 'ip', width: 100 },
    {
      title: t('audit.colBrowser'),
      key: 'browser',
      width: 100,
      render: (_v, entry) => (
        <Tooltip title={entry.userAgent}>
          <span>{describeUserAgent(entry.userAgent)}</span>
        </Tooltip>
      ),
    },
    {
      title: t('audit.colActions'),
      key: 'actions',
      width: 70,
      align: 'center',
      fixed: 'right',
      render: (_v, entry) => (
        <Button size="small" onClick={() => setDetail(entry)}>
          {t('audit.detail')}
        </Button>
      ),
    },
  ];

  const page = list.data;
  return (
    <>
      <ToolBar>
        <Can routes={routes.exportAudit}>
          <Button icon={<DownloadOutlined aria-hidden />} loading={exporting} onClick={() => void exportCsv()}>
            {t('audit.export')}
          </Button>
        </Can>
      </ToolBar>
      <Form
        form={searchForm}
        name="auditSearch"
        layout="inline"
        initialValues={{ outcome: '' }}
        onFinish={(values: AuditFilterValues) => search({ p: 1, pageSize: query.pageSize, ...filtersOf(values) })}
        style={{ rowGap: 12 }}
      >
        <Form.Item label={t('audit.searchActor')} name="accountNumber">
          <Input allowClear maxLength={100} placeholder={t('audit.actorPlaceholder')} style={{ width: 150 }} />
        </Form.Item>
        <Form.Item label={t('audit.searchTitle')} name="title">
          <Input allowClear maxLength={100} placeholder={t('audit.titlePlaceholder')} style={{ width: 150 }} />
        </Form.Item>
        <Form.Item label={t('audit.searchTarget')} name="target">
          <Input allowClear maxLength={255} placeholder={t('audit.targetPlaceholder')} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label={t('audit.searchOutcome')} name="outcome">
          <Select
            style={{ width: 100 }}
            options={[
              { value: '', label: t('audit.outcomeAll') },
              { value: 'success', label: t('audit.success') },
              { value: 'refused', label: t('audit.refused') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('audit.searchRange')} name="range">
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            placeholder={[t('audit.rangeStart'), t('audit.rangeEnd')]}
            allowEmpty={[true, true]}
          />
        </Form.Item>
        <SearchActions
          onReset={() => {
            searchForm.resetFields();
            search(firstPage());
          }}
        />
      </Form>
      <ListTotal testId="audit-total">{t('audit.totalCount', { count: page?.totalCount ?? 0 })}</ListTotal>
      <PagedTable<AuditEntry>
        columns={columns}
        page={page}
        loading={list.isFetching}
        scroll={{ x: 1060 }}
        locale={{ emptyText: t('audit.empty') }}
        current={query.p}
        pageSize={query.pageSize}
        onPageChange={(p, pageSize) => setQuery((current) => ({ ...current, p, pageSize }))}
      />
      <AuditDetail entry={detail} onClose={() => setDetail(null)} />
    </>
  );
}
