import { AUDIT_MASK } from '@gatehouse/contract';
import { Descriptions, Drawer, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useRef } from 'react';
import type { AuditEntry } from '@/features/audit/api/audit.api';
import { formatDateTime } from '@/lib/format/date';
import { routeTitle, t } from '@/lib/i18n';
import { fieldLabel, targetTypeLabel, valueText } from './audit-view';

type Change = AuditEntry['diff'][number];

function Value({ value }: { value: unknown }) {
  const text = valueText(value);
  if (value === AUDIT_MASK) return <Typography.Text type="secondary">{text}</Typography.Text>;
  if (value === null || value === undefined || value === '') {
    return <Typography.Text type="secondary">{text}</Typography.Text>;
  }
  return <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{text}</span>;
}

export function OutcomeTag({ entry }: { entry: Pick<AuditEntry, 'outcome' | 'status'> }) {
  return entry.outcome === 'success' ? (
    <Tag color="green">{t('audit.success')}</Tag>
  ) : (
    <Tag color="red">
      {t('audit.refused')} {entry.status}
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
      title: t('audit.diffField'),
      dataIndex: 'field',
      key: 'field',
      width: 160,
      render: (field: string) => fieldLabel(field),
    },
    { title: t('audit.diffBefore'), key: 'before', render: (_v, change) => <Value value={change.before} /> },
    { title: t('audit.diffAfter'), key: 'after', render: (_v, change) => <Value value={change.after} /> },
  ];

  return (
    <Drawer
      title={shown ? t('audit.detailTitle', { title: routeTitle(shown.route, shown.title) }) : ''}
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
              { key: 'at', label: t('audit.detailAt'), children: formatDateTime(shown.at, 'YYYY/MM/DD HH:mm:ss') },
              {
                key: 'actor',
                label: t('audit.detailActor'),
                children: shown.actorAccountNumber ?? t('audit.anonymous'),
              },
              ...(shown.originAccountNumber
                ? [{ key: 'origin', label: t('audit.detailOrigin'), children: shown.originAccountNumber }]
                : []),
              { key: 'request', label: t('audit.detailRequest'), children: <RequestTag entry={shown} /> },
              { key: 'target', label: t('audit.detailTarget'), children: targetText(shown) || '—' },
              { key: 'outcome', label: t('audit.detailOutcome'), children: <OutcomeTag entry={shown} /> },
              ...(shown.message ? [{ key: 'message', label: t('audit.detailMessage'), children: shown.message }] : []),
              { key: 'ip', label: t('audit.detailIp'), children: shown.ip ?? '—' },
              { key: 'ua', label: t('audit.detailUserAgent'), children: shown.userAgent ?? '—' },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('audit.diffTitle')}
          </Typography.Title>
          <Table<Change>
            rowKey="field"
            size="small"
            bordered
            columns={columns}
            dataSource={shown.diff}
            pagination={false}
            locale={{ emptyText: t('audit.diffEmpty') }}
            aria-label={t('audit.diffTitle')}
          />
        </>
      )}
    </Drawer>
  );
}
