import { Pagination } from 'antd';
import type { Key, ReactNode } from 'react';
import { ToolBar } from '@/components/tool-bar';
import { appConfig } from '@/config/app-config';
import { t } from '@/lib/i18n';
import type { DefaultSort, ListColumn } from './columns';
import type { ListExport } from './ExportButton';
import { ListSearchForm, type SearchFieldSpec } from './ListSearchForm';
import { type ListSelectionProps, ListTable } from './ListTable';
import type { FiltersOf, ListQueryBase, ListQueryState } from './use-list-query';

export type { ListSelectionProps };

export interface ListPageProps<Q extends ListQueryBase, T, I extends Key = number> {
  /** From `useListQuery`: the query state in the URL and the page loaded. */
  list: ListQueryState<Q, T>;
  /** Names the table's settings on the server (`table.<table>`), e.g. 'accounts'. */
  table: string;
  /** Names the table for assistive technology and the tests, e.g. 账号列表. */
  label: string;
  columns: readonly ListColumn<T, NonNullable<Q['sort']> & string>[];
  rowKey: (row: T) => I;
  /** Page title (default: the route's title). */
  title?: ReactNode;
  /** Primary actions at the right of the page's tool bar, e.g. 添加. */
  actions?: ReactNode;
  /** The search form, declared: its id (field ids derive from it) and its fields. Omit for a list without one. */
  search?: { id: string; fields: readonly SearchFieldSpec<FiltersOf<Q>>[] };
  /** Row selection and bulk actions. */
  selection?: ListSelectionProps<T, I>;
  /** Sort fields whose server default is descending (times): the header shows that direction when no order is given. */
  timeSorts?: readonly string[];
  /**
   * The order the server answers in when the URL names no sort (accounts: `{ field: 'createTime', order: 'desc' }`):
   * its header shows the arrow, and the first click on it sorts the other way.
   */
  defaultSort?: DefaultSort<NonNullable<Q['sort']> & string>;
  /** The hint under 暂无数据 (default: 调整查询条件后重试). */
  emptyHint?: string;
  /** data-testid of the 共 N 条记录 line. */
  totalTestId?: string;
  /**
   * The list's export (导出 in the table's tool bar). Its query is the list's (filters and sort, without `p` and
   * `pageSize`) unless `exportQuery` maps it (an export route that takes no sort).
   */
  exporter?: Omit<ListExport, 'query'> & { exportQuery?: (query: Q) => ListExport['query'] };
}

/** The list's applied filters and sort: its query without the page. */
function withoutPage<Q extends ListQueryBase>(query: Q): ListExport['query'] {
  const { p: _p, pageSize: _pageSize, ...rest } = query;
  return rest as ListExport['query'];
}

/**
 * A list screen: page tool bar (title, primary actions), search form from declarations, and ListTable (共 N 条记录,
 * the bulk bar, the table's tool bar, antd Table sorted by the server, the loading / empty / failed states) over the
 * list query's page, with the pager (10/20/50/100, 'N 条/页'; the total is the summary line's 共 N 条记录, as in the reference) under it.
 */
export function ListPage<Q extends ListQueryBase, T extends object, I extends Key = number>(
  props: ListPageProps<Q, T, I>,
) {
  const { list } = props;
  const page = list.data;
  return (
    <>
      <ToolBar title={props.title}>{props.actions}</ToolBar>
      {props.search && (
        <ListSearchForm<FiltersOf<Q>>
          id={props.search.id}
          fields={props.search.fields}
          filters={list.filters}
          onSearch={list.search}
          onReset={list.reset}
        />
      )}
      <div style={{ marginTop: 16 }}>
        <ListTable<T, I>
          table={props.table}
          label={props.label}
          columns={props.columns}
          rowKey={props.rowKey}
          rows={page?.list}
          total={page?.totalCount}
          totalCapped={page?.totalCapped}
          totalTestId={props.totalTestId}
          fetching={list.isFetching}
          refreshing={list.isRefreshing}
          error={list.error}
          onRefresh={list.refetch}
          // 调整查询条件后重试 only when a filter is set: an empty list nobody filtered is not the filters' fault.
          emptyHint={props.emptyHint ?? (Object.keys(list.filters).length > 0 ? t('list.emptyHint') : undefined)}
          selection={props.selection}
          exporter={
            props.exporter && {
              ...props.exporter,
              query: (props.exporter.exportQuery ?? withoutPage)(list.query),
            }
          }
          sorting={{
            sort: list.query.sort,
            order: list.query.order,
            timeSorts: props.timeSorts,
            defaultSort: props.defaultSort,
            onSort: (field, order) => list.setSort(field as Q['sort'], order),
          }}
          footer={
            page && (
              <Pagination
                align="center"
                current={list.query.p}
                pageSize={list.query.pageSize}
                total={page.totalCount}
                showSizeChanger
                pageSizeOptions={appConfig.pageSizes.map(String)}
                onChange={list.setPage}
                style={{ marginTop: 16 }}
              />
            )
          }
        />
      </div>
    </>
  );
}
