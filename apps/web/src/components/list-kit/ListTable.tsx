import { InfoCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Flex, Table, type TableProps, theme } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { type Key, type ReactNode, useEffect, useMemo, useState } from 'react';
import { Can } from '@/components/can';
import { isRefused } from '@/lib/http';
import { t } from '@/lib/i18n';
import type { RowSelection } from './bulk';
import { type ListColumn, type ListSorting, scrollWidth, shownOrder, toAntColumns } from './columns';
import { ExportButton, type ListExport } from './ExportButton';
import { TableToolBar } from './TableToolBar';
import { useTableSettings } from './table-settings';
import type { SortOrder } from './use-list-query';

/** Height of the page's sticky ToolBar (components/tool-bar): the table's header sticks right below it. */
const PAGE_TOOLBAR_HEIGHT = 49;
/** Width antd gives the selection column. */
const SELECTION_WIDTH = 48;

export interface ListSelectionProps<T, I extends Key> {
  state: RowSelection<T, I>;
  /** Names a row for its checkbox (选择 谢婷婷), read by assistive technology. */
  nameOf: (row: T) => string;
  /** Why a row cannot be selected (shown on its disabled checkbox), or null when it can. */
  disabledReason?: (row: T) => string | null;
  /** The bulk buttons, shown in the bar above the table while rows are selected. */
  actions: ReactNode;
}

export interface ListTableProps<T extends object, I extends Key = number> {
  /** Names the table's settings on the server (`table.<table>`), e.g. 'dictItems'. */
  table: string;
  /** Names the table for assistive technology and the tests. */
  label: string;
  columns: readonly ListColumn<T>[];
  rowKey: (row: T) => I;
  /** The rows (a tree: rows with `children`); undefined while nothing has been answered yet. */
  rows: readonly T[] | undefined;
  /** A request is in flight (first load or refresh). */
  fetching: boolean;
  /**
   * The request in flight asks again for the rows shown (a revisit, 刷新, after a write): they stay uncovered and
   * only 刷新 spins. Going back to the server for what is already on screen need not hide it.
   */
  refreshing?: boolean;
  /** The last request failed (`rows` may still hold what an earlier one answered). */
  error: Error | null;
  /** 刷新 and 重试. */
  onRefresh: () => unknown;
  /** Shown as 共 N 条记录 when given (a tree's count is its items', not its top-level rows'). */
  total?: number;
  /** There are more rows than `total` (counted up to it): shown as "10,000+". */
  totalCapped?: boolean;
  /** data-testid of the 共 N 条记录 line. */
  totalTestId?: string;
  /** What an empty table says (default 暂无数据) and the hint under it. */
  emptyText?: string;
  emptyHint?: string;
  /** Row selection and bulk actions. */
  selection?: ListSelectionProps<T, I>;
  /** Sorting by the server (ListPage passes its list query's): columns with a `sortField` get antd's sorter. */
  sorting?: ListSorting;
  /** antd's tree / expansion settings (expandedRowKeys, expandIcon, onExpand, …). */
  expandable?: TableProps<T>['expandable'];
  /**
   * A table in a drawer: its header sticks to the top of the drawer's scrolling body, and there is no 全屏 — the
   * drawer is the overlay already, and Esc (how full screen is left) closes the drawer.
   */
  inDrawer?: boolean;
  /** Extra antd props a bespoke tree needs (onRow for a picker, …). */
  onRow?: TableProps<T>['onRow'];
  /** Under the table, inside the card (and so in full screen too): ListPage's pager. */
  footer?: ReactNode;
  /** The list's export: 导出 (Excel / CSV) in the tool bar, of the columns shown, in their order. */
  exporter?: ListExport;
}

/** Leaves full screen on Esc. */
function useEscapeToLeave(fullScreen: boolean, setFullScreen: (fullScreen: boolean) => void) {
  useEffect(() => {
    if (!fullScreen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setFullScreen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [fullScreen, setFullScreen]);
}

const toOrder = (order: SorterResult<unknown>['order']): SortOrder | undefined =>
  order === 'ascend' ? 'asc' : order === 'descend' ? 'desc' : undefined;

/**
 * The one table rendering path of the kit (ListPage is a list query, a search form and a pager around it): 共 N 条,
 * the bulk bar, the table tool bar (刷新, 密度, 列设置 saved as `table.<table>`, 全屏), antd Table with one-line
 * cells and tooltips, a fixed operation column, server sorting, loading / empty / failed states. Used directly for
 * rows a screen loads itself (all at once, or lazily level by level): an unpaged tree such as the dictionary items
 * or the organisations.
 */
export function ListTable<T extends object, I extends Key = number>(props: ListTableProps<T, I>) {
  const { columns, selection, rows, error, sorting } = props;
  const { token } = theme.useToken();
  const columnKeys = useMemo(() => columns.map((column) => column.key), [columns]);
  const hiddenByDefault = columns.flatMap((column) => (column.defaultHidden ? [column.key] : []));
  const tableSettings = useTableSettings(props.table, columnKeys, hiddenByDefault);
  const { settings } = tableSettings;
  const [fullScreen, setFullScreen] = useState(false);
  useEscapeToLeave(fullScreen, setFullScreen);

  const antColumns = toAntColumns(columns, settings.columns, sorting);
  const failure = error ? error.message || t('list.loadFailed') : null;
  // A refusal (403) would only be refused again: no 重试. The server's message names the permission to ask for
  // (无权访问“角色列表”，请联系企业管理员).
  const refused = isRefused(error);
  const pending = rows === undefined && !error;
  const refresh = () => void props.onRefresh();

  const onTableChange: TableProps<T>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort' || !sorting) return;
    const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
    const field = columns.find((column) => column.key === String(one?.columnKey))?.sortField;
    const order = toOrder(one?.order);
    if (field && order) return sorting.onSort(field, order);
    // antd cancels a sort after its last direction (naming no column: the one sorted was clicked). On the column the
    // list is in by default that would show the same order again, so the click sorts it the other way instead.
    const defaultField = sorting.defaultSort?.field;
    if (defaultField && (sorting.sort ?? defaultField) === defaultField) {
      return sorting.onSort(defaultField, shownOrder(sorting, defaultField) === 'desc' ? 'asc' : 'desc');
    }
    sorting.onSort(undefined, undefined);
  };

  const retry = (
    <Button type="primary" onClick={refresh} loading={props.fetching}>
      {t('list.retry')}
    </Button>
  );
  const emptyState = pending ? (
    <div style={{ height: 160 }} />
  ) : failure && !rows ? (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <span role="alert" data-testid="list-failed">
          {t('list.loadFailedReason', { reason: failure })}
        </span>
      }
    >
      {refused ? null : retry}
    </Empty>
  ) : (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <div>{props.emptyText ?? t('common.noData')}</div>
          {props.emptyHint && <div style={{ color: token.colorTextTertiary }}>{props.emptyHint}</div>}
        </>
      }
    />
  );

  return (
    <div
      data-testid="list-card"
      style={
        fullScreen
          ? {
              position: 'fixed',
              inset: 0,
              zIndex: 1000,
              background: token.colorBgContainer,
              padding: 16,
              overflow: 'auto',
            }
          : undefined
      }
    >
      <Flex align="center" justify="space-between" gap={12} wrap style={{ margin: '0 0 8px' }}>
        <Flex align="center" gap={12} wrap>
          {rows && props.total !== undefined ? (
            <Flex align="center" gap={6}>
              <InfoCircleOutlined aria-hidden style={{ color: token.colorTextTertiary }} />
              <span data-testid={props.totalTestId ?? 'list-total'} style={{ color: token.colorTextSecondary }}>
                {t('list.total', {
                  count: props.totalCapped ? `${props.total.toLocaleString('en-US')}+` : props.total,
                })}
              </span>
            </Flex>
          ) : null}
          {selection && selection.state.keys.length > 0 && (
            <Flex
              align="center"
              gap={8}
              wrap
              data-testid="bulk-bar"
              style={{
                padding: '2px 8px 2px 12px',
                borderRadius: token.borderRadius,
                background: token.colorInfoBg,
                border: `1px solid ${token.colorInfoBorder}`,
              }}
            >
              <span>{t('list.selected', { count: selection.state.keys.length })}</span>
              <Button type="link" size="small" onClick={selection.state.clear}>
                {t('list.clearSelection')}
              </Button>
              {selection.actions}
            </Flex>
          )}
        </Flex>
        <TableToolBar
          settings={settings}
          columns={columns.map((column) => ({
            key: column.key,
            title: column.title,
            hideable: column.hideable !== false,
            pinnable: !column.fixed,
          }))}
          onColumnsChange={tableSettings.setColumns}
          onDensityChange={tableSettings.setDensity}
          onResetColumns={tableSettings.reset}
          onRefresh={refresh}
          refreshing={props.fetching}
          fullScreen={fullScreen}
          onFullScreenChange={props.inDrawer ? undefined : setFullScreen}
          extra={
            props.exporter && (
              <Can routes={props.exporter.route}>
                <ExportButton
                  spec={props.exporter}
                  visibleColumns={settings.columns.flatMap((c) => (c.hidden ? [] : [c.key]))}
                />
              </Can>
            )
          }
        />
      </Flex>
      {failure && rows && (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="list-failed"
          style={{ marginBottom: 8 }}
          title={t('list.loadFailedReason', { reason: failure })}
          action={
            refused ? undefined : (
              <Button size="small" onClick={refresh} loading={props.fetching}>
                {t('list.retry')}
              </Button>
            )
          }
        />
      )}
      <Table<T>
        aria-label={props.label}
        rowKey={props.rowKey}
        bordered
        size={settings.density}
        columns={antColumns}
        dataSource={tableSettings.ready ? (rows ?? []) : []}
        loading={(props.fetching && !props.refreshing) || !tableSettings.ready}
        pagination={false}
        onChange={onTableChange}
        scroll={{ x: scrollWidth(antColumns, selection ? SELECTION_WIDTH : 0) }}
        sticky={{ offsetHeader: fullScreen || props.inDrawer ? 0 : PAGE_TOOLBAR_HEIGHT }}
        locale={{ emptyText: emptyState }}
        expandable={props.expandable}
        onRow={props.onRow}
        rowSelection={
          selection && {
            selectedRowKeys: selection.state.keys,
            preserveSelectedRowKeys: true,
            columnWidth: SELECTION_WIDTH,
            fixed: 'left',
            onChange: selection.state.onChange,
            getCheckboxProps: (row) => {
              const reason = selection.disabledReason?.(row) ?? null;
              const name = t('list.selectRow', { name: selection.nameOf(row) });
              return reason
                ? { disabled: true, title: t('list.notSelectable', { reason }), 'aria-label': name }
                : { 'aria-label': name };
            },
          }
        }
      />
      {props.footer}
    </div>
  );
}
