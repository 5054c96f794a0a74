import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import type { ExportFormat, RouteDef } from '@gatehouse/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Dropdown } from 'antd';
import { saveDownload } from '@/lib/http';
import { t } from '@/lib/i18n';

/** A query value as a list's URL state holds it. */
type QueryValue = string | number | boolean | null | undefined;

/**
 * A list's export: the route that answers the file and how the list's state becomes its query. The kit
 * builds `<route>?format=…&<query>&columns=<visible columns in order>` and saves the answer through lib/http's one
 * download path (`saveDownload`: session, sudo verification, refusals as toasts, the server's file name).
 */
export interface ListExport {
  /** The export route (a 'file' route). */
  route: RouteDef;
  /**
   * List column key → the export column key(s) it stands for (the organisation tree's 名称 is the path and the
   * name). List columns not named (the operation column) are not exported; without the map, no `columns` is sent
   * and the server writes all of its columns.
   */
  columns?: Readonly<Record<string, string | readonly string[]>>;
  /** Export columns no list column shows, written after the visible ones (a dictionary's items, a region). */
  extraColumns?: readonly string[];
  /** The formats offered, in order (default: Excel, then CSV). */
  formats?: readonly ExportFormat[];
  /** The name to save under when the server proposes none (with its extension added). */
  fallbackName: string;
  /**
   * The list's applied filters and sort as the export route takes them. ListPage passes its query without `p` and
   * `pageSize` unless a screen maps it itself (an export route that takes no sort).
   */
  query?: Readonly<Record<string, QueryValue>>;
}

/**
 * The query of an export: `format`, then the list's filters and sort (empty values left out), then `columns`, the
 * export keys of the visible columns in their shown order.
 */
export function exportQuery(
  spec: Pick<ListExport, 'columns' | 'extraColumns' | 'query'>,
  format: ExportFormat,
  visibleColumns: readonly string[],
): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = { format };
  for (const [name, value] of Object.entries(spec.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') out[name] = value;
  }
  if (spec.columns) {
    const map = spec.columns;
    const keys = [...visibleColumns.flatMap((key) => map[key] ?? []), ...(spec.extraColumns ?? [])];
    if (keys.length > 0) out.columns = [...new Set(keys)].join(',');
  }
  return out;
}

const FORMAT_LABEL: Record<ExportFormat, () => string> = {
  xlsx: () => t('list.exportXlsx'),
  csv: () => t('list.exportCsv'),
};

/** 导出 ▾ (Excel / CSV) in a kit table's tool bar. */
export function ExportButton({ spec, visibleColumns }: { spec: ListExport; visibleColumns: readonly string[] }) {
  const { message } = App.useApp();
  const formats = spec.formats ?? (['xlsx', 'csv'] as const);
  // Not a write, but a request with a pending state: useMutation keeps the button's spinner.
  const download = useMutation({
    mutationFn: (format: ExportFormat) =>
      saveDownload(spec.route, {
        query: exportQuery(spec, format, visibleColumns),
        fallbackName: `${spec.fallbackName}.${format}`,
      } as never),
    // Braces: message.success answers a thenable settling when the toast closes, which useMutation would await.
    onSuccess: (fileName) => {
      message.success({ content: t('list.exported', { fileName }), key: 'list.exported' });
    },
  });
  return (
    <Dropdown
      trigger={['click']}
      disabled={download.isPending}
      menu={{
        items: formats.map((format) => ({ key: format, label: FORMAT_LABEL[format]() })),
        onClick: ({ key }) => download.mutate(key as ExportFormat),
      }}
    >
      <Button size="small" icon={<DownloadOutlined aria-hidden />} loading={download.isPending}>
        {t('list.export')}
        <DownOutlined aria-hidden style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
