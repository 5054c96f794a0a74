import { AUDIT_MASK } from '@gatehouse/contract';
import { Descriptions, Drawer, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useRef } from 'react';
import type { AuditEntry } from '@/features/audit/api/audit.api';
import { formatDateTime } from '@/lib/format/date';
import { routeTitle } from '@/lib/i18n';
import { tx } from '../texts';
import { fieldLabel, targetTypeLabel, valueText } from './audit-view';

type Change = AuditEntry['diff'][number];

function Value({ value, field }: { value: unknown; field: string }) {
  const text = valueText(value, field);
  if (value === AUDIT_MASK) return <Typography.Text type="secondary">{text}</Typography.Text>;
  if (value === null || value === undefined || value === '') {
    return <Typography.Text type="secondary">{text}</Typography.Text>;
  }
  return <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{text}</span>;
}

export function OutcomeTag({ entry }: { entry: Pick<AuditEntry, 'outcome' | 'status'> }) {
  return entry.outcome === 'success' ? (
    <Tag color="green">{tx('audit.success')}</Tag>
  ) : (
    <Tag color="red">
      {tx('audit.refused')} {entry.status}
    </Tag>
  );
}

const METHOD_COLORS: Record<string, string> = { POST: 'blue', PUT: 'orange', DELETE: 'red', GET: 'green' };

export function MethodTag({ method }: { method: string }) {
  return <Tag color={METHOD_COLORS[method] ?? 'default'}>{method}</Tag>;
}

/** The request in the detail: the whole url, wrapped only where it must (the list cuts it to one line). */
export function RequestTag({ entry }: { entry: Pick<AuditEntry, 'method' | 'url'> }) {
  return (
    <span style={{ overflowWrap: 'anywhere' }}>
      <MethodTag method={entry.method} />
      {entry.url}
    </span>
  );
}

export const targetText = (entry: AuditEntry) =>
  entry.targetType
    ? `${targetTypeLabel(entry.targetType)} ${entry.targetLabel ?? ''}${entry.targetId ? ` #${entry.targetId}` : ''}`.trim()
    : '';

/** 详情: who, what, when, from where, and the field diff as 字段 / 修改前 / 修改后 (masked values as ******). */
export function AuditDetail({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  // Keep the last entry while the drawer slides out.
  const last = useRef(entry);
  if (entry) last.current = entry;
  const shown = entry ?? last.current;

  const columns: TableColumnsType<Change> = [
    {
      title: tx('audit.diffField'),
      dataIndex: 'field',
      key: 'field',
      width: 160,
      render: (field: string) => fieldLabel(field, shown?.targetType),
    },
    {
      title: tx('audit.diffBefore'),
      key: 'before',
      render: (_v, change) => <Value value={change.before} field={change.field} />,
    },
    {
      title: tx('audit.diffAfter'),
      key: 'after',
      render: (_v, change) => <Value value={change.after} field={change.field} />,
    },
  ];

  return (
    <Drawer
      title={shown ? tx('audit.detailTitle', { title: routeTitle(shown.route, shown.title) }) : ''}
      open={entry !== null}
      size={760}
      destroyOnHidden
      onClose={onClose}
    >
      {shown && (
        <>
          <Descriptions
            bordered
            size="small"
            column={1}
            styles={{ label: { width: 96, whiteSpace: 'nowrap' } }}
            items={[
              { key: 'at', label: tx('audit.detailAt'), children: formatDateTime(shown.at, 'YYYY/MM/DD HH:mm:ss') },
              {
                key: 'actor',
                label: tx('audit.detailActor'),
                children: shown.actorAccountNumber ?? tx('audit.anonymous'),
              },
              ...(shown.originAccountNumber
                ? [{ key: 'origin', label: tx('audit.detailOrigin'), children: shown.originAccountNumber }]
                : []),
              { key: 'request', label: tx('audit.detailRequest'), children: <RequestTag entry={shown} /> },
              { key: 'target', label: tx('audit.detailTarget'), children: targetText(shown) || '—' },
              { key: 'outcome', label: tx('audit.detailOutcome'), children: <OutcomeTag entry={shown} /> },
              ...(shown.message ? [{ key: 'message', label: tx('audit.detailMessage'), children: shown.message }] : []),
              { key: 'ip', label: tx('audit.detailIp'), children: shown.ip ?? '—' },
              { key: 'ua', label: tx('audit.detailUserAgent'), children: shown.userAgent ?? '—' },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {tx('audit.diffTitle')}
          </Typography.Title>
          <Table<Change>
            rowKey="field"
            size="small"
            bordered
            columns={columns}
            dataSource={shown.diff}
            pagination={false}
            locale={{ emptyText: tx('audit.diffEmpty') }}
            aria-label={tx('audit.diffTitle')}
          />
        </>
      )}
    </Drawer>
  );
}
