import { describeUserAgent, routes } from '@gatehouse/contract';
import { Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { type FilterCodecs, type ListColumn, ListPage, useActionsColumn, useListQuery } from '@/components/list-kit';
import { type AuditEntry, type AuditListQuery, auditKeys, listAudit } from '@/features/audit/api/audit.api';
import { formatDateTime } from '@/lib/format/date';
import { routeTitle } from '@/lib/i18n';
import { tx } from '../texts';
import { AuditDetail, MethodTag, OutcomeTag, targetText } from './AuditDetail';
import { exportQueryOf } from './audit-view';

const filterCodecs: FilterCodecs<AuditListQuery> = {
  accountNumber: 'text',
  title: 'text',
  outcome: ['success', 'refused'],
  from: 'time',
  to: 'time',
  target: 'text',
};
const AUDIT_SORTS = ['at'] as const;
const entryId = (entry: AuditEntry) => entry.id;

/** 操作日志 (/monitor/OperLog): every write through the API, on the list kit; read-only, exported as CSV. */
export function AuditPage() {
  const list = useListQuery<AuditListQuery, AuditEntry>({
    queryKey: auditKeys.all,
    filters: filterCodecs,
    sorts: AUDIT_SORTS,
    fetchPage: listAudit,
  });
  const [detail, setDetail] = useState<AuditEntry | null>(null);

  // Widths sum to what a 1440 px window shows beside the menu (1140 px): no sideways scroll there; cut values
  // show whole on hover.
  // 详情 shows what the row already holds: no route of its own.
  const actionsColumn = useActionsColumn<AuditEntry>({
    title: tx('audit.colActions'),
    actions: [{ key: 'detail', label: tx('audit.detail'), routes: [], onClick: setDetail }],
  });
  const columns: ListColumn<AuditEntry, 'at'>[] = [
    {
      title: tx('audit.colAt'),
      key: 'at',
      dataIndex: 'at',
      sortField: 'at',
      width: 165,
      render: (at: number) => formatDateTime(at, 'YYYY/MM/DD HH:mm:ss'),
    },
    {
      title: tx('audit.colActor'),
      key: 'actor',
      width: 100,
      render: (_v, entry) =>
        entry.actorAccountNumber ?? <Typography.Text type="secondary">{tx('audit.anonymous')}</Typography.Text>,
    },
    { title: tx('audit.colOrigin'), key: 'origin', dataIndex: 'originAccountNumber', width: 80 },
    // The route's title in the page's language (entries store the zh-CN one).
    {
      title: tx('audit.colTitle'),
      key: 'title',
      width: 100,
      render: (_v, entry) => routeTitle(entry.route, entry.title),
    },
    {
      // One line: the method, then the url cut with …; the whole url on hover and in 详情.
      title: tx('audit.colRequest'),
      key: 'request',
      width: 175,
      render: (_v, entry) => (
        <Tooltip title={entry.url} placement="topLeft">
          <span>
            <MethodTag method={entry.method} />
            {entry.url}
          </span>
        </Tooltip>
      ),
    },
    { title: tx('audit.colTarget'), key: 'target', width: 120, render: (_v, entry) => targetText(entry) },
    {
      title: tx('audit.colOutcome'),
      key: 'outcome',
      width: 80,
      align: 'center',
      ellipsis: false,
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
    { title: tx('audit.colIp'), key: 'ip', dataIndex: 'ip', width: 110 },
    {
      // The short form (Chrome 130 · Windows) in the cell, the whole User-Agent on hover.
      title: tx('audit.colBrowser'),
      key: 'browser',
      width: 140,
      render: (_v, entry) =>
        entry.userAgent ? (
          <Tooltip title={entry.userAgent} placement="topLeft">
            <span>{describeUserAgent(entry.userAgent)}</span>
          </Tooltip>
        ) : null,
    },
  ];
  if (actionsColumn) columns.push(actionsColumn);

  return (
    <>
      <ListPage<AuditListQuery, AuditEntry>
        list={list}
        table="audit"
        label={tx('audit.listLabel')}
        totalTestId="audit-total"
        rowKey={entryId}
        columns={columns}
        timeSorts={AUDIT_SORTS}
        defaultSort={{ field: 'at', order: 'desc' }}
        exporter={{
          route: routes.exportAudit,
          fallbackName: 'audit-log',
          // CSV first (the log's export before XLSX was offered); the route takes the filters, not the sort.
          formats: ['csv', 'xlsx'],
          exportQuery: exportQueryOf,
        }}
        search={{
          id: 'auditSearch',
          fields: [
            {
              kind: 'text',
              name: 'accountNumber',
              label: tx('audit.searchActor'),
              placeholder: tx('audit.actorPlaceholder'),
              width: 150,
            },
            {
              kind: 'text',
              name: 'title',
              label: tx('audit.searchTitle'),
              placeholder: tx('audit.titlePlaceholder'),
              width: 150,
            },
            {
              kind: 'text',
              name: 'target',
              label: tx('audit.searchTarget'),
              placeholder: tx('audit.targetPlaceholder'),
              maxLength: 255,
              width: 160,
            },
            {
              kind: 'select',
              name: 'outcome',
              label: tx('audit.searchOutcome'),
              placeholder: tx('audit.outcomeAll'),
              width: 110,
              options: [
                { value: 'success', label: tx('audit.success') },
                { value: 'refused', label: tx('audit.refused') },
              ],
            },
            { kind: 'dateRange', names: ['from', 'to'], label: tx('audit.searchRange'), width: 260 },
          ],
        }}
      />
      <AuditDetail entry={detail} onClose={() => setDetail(null)} />
    </>
  );
}
