import type { CSSProperties, ReactNode } from 'react';
import { t } from '@/lib/i18n';
import './data-table.css';

export interface DataColumn<T> {
  key: string;
  title: ReactNode;
  /** The cell's content; by default the row's value under `key`. */
  render?: (row: T) => ReactNode;
  width?: number;
  align?: 'left' | 'center' | 'right';
}

export interface DataTableProps<T> {
  columns: DataColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  /** Dims the rows under a spinner and says the table is busy (the rows stay until the new ones are in). */
  loading?: boolean;
  /** Names the table for assistive technology. */
  label?: string;
}

/**
 * A bordered list table in plain markup, the look of antd's `<Table size="middle" bordered>` (header, borders,
 * hover, loading spinner and empty state, light and dark) for a screen that shows one page of rows and needs
 * none of antd Table's sorting, filtering, selection or virtual scrolling: it keeps antd's table engine (and the
 * tree, select and form code it imports) out of the screen's first load (docs/frontend-budgets.md).
 */
export function DataTable<T>({ columns, rows, rowKey, loading = false, label }: DataTableProps<T>) {
  const cellStyle = (column: DataColumn<T>): CSSProperties | undefined =>
    column.align ? { textAlign: column.align } : undefined;
  return (
    <div className={`gh-lite gh-data-table${loading ? ' gh-data-table-loading' : ''}`}>
      <div className="gh-data-table-frame">
        <table aria-label={label} aria-busy={loading || undefined}>
          <colgroup>
            {columns.map((column) => (
              <col key={column.key} style={column.width ? { width: column.width } : undefined} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" style={cellStyle(column)}>
                  {column.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length > 0 ? (
              rows.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <td key={column.key} style={cellStyle(column)}>
                      {column.render ? column.render(row) : String((row as Record<string, unknown>)[column.key] ?? '')}
                    </td>
                  ))}
                </tr>
              ))
            ) : (
              <tr className="gh-data-table-placeholder">
                <td colSpan={columns.length}>
                  <EmptyRows />
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {loading && (
        <output className="gh-data-table-spin" aria-label={t('common.loading')}>
          <span className="gh-data-table-spin-dot" aria-hidden>
            <i />
            <i />
            <i />
            <i />
          </span>
        </output>
      )}
    </div>
  );
}

/** antd's simple empty image and 暂无数据. */
function EmptyRows() {
  return (
    <div className="gh-data-table-empty">
      <svg width="64" height="41" viewBox="0 0 64 41" aria-hidden="true" focusable="false">
        <g transform="translate(0 1)" fill="none" fillRule="evenodd">
          <ellipse className="gh-empty-shadow" cx="32" cy="33" rx="32" ry="7" />
          <g className="gh-empty-box" fillRule="nonzero">
            <path d="M55 12.8 44.9 1.3Q44 0 42.9 0H21.1q-1.2 0-2 1.3L9 12.8V22h46z" />
            <path
              className="gh-empty-content"
              d="M41.6 16c0-1.7 1-3 2.2-3H55v18.1c0 2.2-1.3 3.9-3 3.9H12c-1.7 0-3-1.7-3-3.9V13h11.2c1.2 0 2.2 1.3 2.2 3s1 2.9 2.2 2.9h14.8c1.2 0 2.2-1.4 2.2-3"
            />
          </g>
        </g>
      </svg>
      <div>{t('common.noData')}</div>
    </div>
  );
}
