// The one list kit (DESIGN §1): see README.md for how a screen uses it.
export {
  type BulkActionOptions,
  type BulkActionWord,
  type BulkResult,
  bulkResultMessage,
  type RowSelection,
  useBulkAction,
  useRowSelection,
} from './bulk';
export { DEFAULT_COLUMN_WIDTH, type DefaultSort, EllipsisText, type ListColumn } from './columns';
export { ExportButton, exportQuery, type ListExport } from './ExportButton';
export { ListPage, type ListPageProps, type ListSelectionProps } from './ListPage';
export type { SearchFieldSpec } from './ListSearchForm';
export { ListTable, type ListTableProps } from './ListTable';
export { type PreferenceStore, PreferenceStoreContext } from './preference-store';
export {
  type ActionsColumnOptions,
  actionsWidth,
  type OfferedActions,
  type RowAction,
  RowActionsCell,
  splitActions,
  useActionsColumn,
  useRowActions,
} from './row-actions';
export { ScopedSearchBox, type SearchBoxScope, type SearchBoxValue } from './ScopedSearchBox';
export { TableToolBar, type TableToolBarProps } from './TableToolBar';
export { type Density, fitSettings, type TableSettings, tablePreferenceKey } from './table-settings';
export { type ListMutationOptions, useListMutation } from './use-list-mutation';
export {
  type FilterCodec,
  type FilterCodecs,
  type FiltersOf,
  type ListPageData,
  type ListQueryBase,
  type ListQueryState,
  type SortOrder,
  type UseListQueryOptions,
  useListQuery,
} from './use-list-query';
