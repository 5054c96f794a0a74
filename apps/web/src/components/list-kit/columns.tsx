import type { TableColumnType } from 'antd';
import { Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import type { ColumnSetting } from './table-settings';
import type { SortOrder } from './use-list-query';

/**
 * A column of a kit table: antd's column type with a stable `key` (the column settings store it), a plain-text
 * `title` (the settings list it), and `sortField` for a column the server sorts by.
 */
export type ListColumn<T, S extends string = string> = Omit<
  TableColumnType<T>,
  'key' | 'title' | 'sorter' | 'sortOrder' | 'ellipsis'
> & {
  key: string;
  title: string;
  /** A value of the route's sort enum: clicking the header sorts on the server (`sort`/`order` in the URL). */
  sortField?: S;
  /**
   * One line, cut with … and the whole value in a tooltip. Default true: a 200-character remark must not make
   * a row taller. Give `false` for cells that manage their own layout (tags, buttons).
   */
  ellipsis?: boolean;
  /** The column settings may hide it (default true). */
  hideable?: boolean;
  /** Hidden until the column settings show it (a column most people do not need). */
  defaultHidden?: boolean;
};

/** Width of a column that declares none, used for the horizontal scroll width too. */
export const DEFAULT_COLUMN_WIDTH = 160;

/**
 * A cell's text cut to one line, the whole of it in a tooltip. The tooltip is made on the first pointing or focus
 * (then shown at once): an antd Tooltip in every cell of every row is most of the cost of drawing a page of rows,
 * paid on each visit to a list screen (the screen switch of bench/run.ts). The text itself is in the cell, so
 * it is read out and found by search either way.
 */
export function EllipsisText({ children }: { children: ReactNode }) {
  const [armed, setArmed] = useState(false);
  if (children === null || children === undefined || children === '') return null;
  const text = typeof children === 'string' || typeof children === 'number' ? String(children) : null;
  if (text === null) return <>{children}</>;
  if (!armed) {
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: pointing only makes the tooltip; the text is in the cell.
      <span onMouseEnter={() => setArmed(true)}>{text}</span>
    );
  }
  return (
    <Tooltip title={text} placement="topLeft" defaultOpen>
      <span>{text}</span>
    </Tooltip>
  );
}

/** The list's default order, which the server applies when the URL names no sort (accounts: newest first). */
export interface DefaultSort<S extends string = string> {
  field: S;
  order: SortOrder;
}

/** How a kit table is sorted by the server: the URL's sort, the screen's defaults, and where a header click goes. */
export interface ListSorting {
  sort?: string;
  order?: SortOrder;
  /** Sort fields whose server default direction is descending (times), for a `sort` in the URL without `order`. */
  timeSorts?: readonly string[];
  /** The order the list is in when the URL names no sort: its header shows the arrow. */
  defaultSort?: DefaultSort;
  onSort: (field: string | undefined, order: SortOrder | undefined) => void;
}

/**
 * The direction `field`'s header shows, or undefined when the list is not in its order: the URL's sort (a sort
 * without `order` in the server's default direction for it: descending for time fields, else ascending), else the
 * screen's default sort.
 */
export function shownOrder(sorting: Omit<ListSorting, 'onSort'>, field: string): SortOrder | undefined {
  if (sorting.sort) {
    if (sorting.sort !== field) return undefined;
    return sorting.order ?? (sorting.timeSorts?.includes(field) ? 'desc' : 'asc');
  }
  return sorting.defaultSort?.field === field ? sorting.defaultSort.order : undefined;
}

/**
 * The antd columns for the settings (order, hidden, pinned) and the sort shown. A pinned column moves to its edge
 * (antd keeps fixed columns only at the ends): the screen's own fixed columns (the row actions) stay outermost, the
 * columns the user pinned sit next to them, in the order the settings give.
 */
export function toAntColumns<T>(
  columns: readonly ListColumn<T>[],
  order: readonly ColumnSetting[],
  sorting?: Omit<ListSorting, 'onSort'>,
): TableColumnType<T>[] {
  const byKey = new Map(columns.map((column) => [column.key, column]));
  const place = (setting: ColumnSetting) => {
    const own = byKey.get(setting.key)?.fixed;
    if (own === 'left' || own === true) return 0;
    if (own === 'right') return 4;
    return setting.fixed === 'left' ? 1 : setting.fixed === 'right' ? 3 : 2;
  };
  const placed = order
    .map((setting, index) => ({ setting, index }))
    .sort((a, b) => place(a.setting) - place(b.setting) || a.index - b.index);
  return placed.flatMap(({ setting: { key, hidden, fixed } }) => {
    const column = byKey.get(key);
    if (!column || (hidden && column.hideable !== false)) return [];
    const { sortField, ellipsis = true, hideable: _hideable, defaultHidden: _defaultHidden, render, ...rest } = column;
    const antColumn: TableColumnType<T> = { width: DEFAULT_COLUMN_WIDTH, ...rest, key };
    if (fixed && !rest.fixed) antColumn.fixed = fixed;
    if (ellipsis) {
      antColumn.ellipsis = { showTitle: false };
      antColumn.render = render
        ? (value, row, index) => <EllipsisText>{render(value, row, index) as ReactNode}</EllipsisText>
        : (value) => <EllipsisText>{value as ReactNode}</EllipsisText>;
    } else if (render) {
      antColumn.render = render;
    }
    if (sortField && sorting) {
      const shown = shownOrder(sorting, sortField);
      antColumn.sorter = true;
      antColumn.sortOrder = shown === 'asc' ? 'ascend' : shown === 'desc' ? 'descend' : null;
      antColumn.showSorterTooltip = false;
    }
    return [antColumn];
  });
}

/** The sum of the shown columns' widths: the table scrolls sideways below it instead of squeezing columns. */
export function scrollWidth<T>(columns: readonly TableColumnType<T>[], extra = 0): number {
  return columns.reduce(
    (sum, column) => sum + (typeof column.width === 'number' ? column.width : DEFAULT_COLUMN_WIDTH),
    extra,
  );
}
