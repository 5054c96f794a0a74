import { DownOutlined } from '@ant-design/icons';
import type { RouteDef } from '@gatehouse/contract';
import { Button, Dropdown, type MenuProps, Tooltip } from 'antd';
import { useId, useState } from 'react';
import { t } from '@/lib/i18n';
import { canCall, useSession } from '@/stores/session';
import type { ListColumn } from './columns';

/** One action of a list row: a text link in the 操作 column, or an item under 更多 ▾. */
export interface RowAction<T> {
  key: string;
  label: string;
  /** What it calls: a caller without these routes is offered it on no row (and a column of none is not shown). */
  routes: RouteDef | readonly RouteDef[];
  onClick: (row: T) => void;
  danger?: boolean;
  /** Not offered on this row at all (切换身份 on one's own row). An inline action keeps its slot, invisible. */
  absent?: (row: T) => boolean;
  /** Why this row refuses it: shown disabled, the reason on hover. */
  refusal?: (row: T) => string | null;
  /** The action's write is under way for this row. */
  loading?: (row: T) => boolean;
}

export interface ActionsColumnOptions<T> {
  title: string;
  /** The row's actions, most used first: the first `inline` are links, the rest go under 更多 ▾. */
  actions: readonly RowAction<T>[];
  /** How many links the column shows before 更多 ▾ (default 3). A 更多 of one item would only add a click. */
  inline?: number;
}

/** The inline links and the 更多 items for the actions a caller is offered. */
export function splitActions<A>(offered: readonly A[], inline = 3): { links: A[]; more: A[] } {
  if (offered.length <= inline + 1) return { links: [...offered], more: [] };
  return { links: offered.slice(0, inline), more: offered.slice(inline) };
}

/** Roughly what a small link button's label takes at 14 px: a CJK character 14 px, anything else 8 px. */
const textWidth = (text: string) => [...text].reduce((sum, ch) => sum + (/[\u2e80-\uffff]/.test(ch) ? 14 : 8), 0);
/** A small link button's padding (antd: 7 px each side), the 4 px between buttons, the cell's padding (16 px). */
const BUTTON_PADDING = 14;
const GAP = 4;
const CELL_PADDING = 32;
/** The ▾ after 更多 and its margin. */
const CARET = 16;

/** The column's width: what its links and 更多 ▾ take, so no row's buttons wrap and no room is kept for nothing. */
export function actionsWidth(links: readonly string[], more: boolean): number {
  const labels = links.map((label) => textWidth(label) + BUTTON_PADDING);
  if (more) labels.push(textWidth(t('list.more')) + BUTTON_PADDING + CARET);
  return labels.reduce((sum, width) => sum + width, 0) + GAP * Math.max(0, labels.length - 1) + CELL_PADDING;
}

/** The actions a caller is offered on a list's rows, split into links and 更多 ▾, and the width they take. */
export interface OfferedActions<T> {
  links: RowAction<T>[];
  more: RowAction<T>[];
  width: number;
}

/**
 * The row actions the caller holds (by their routes), most used first as links, the rest under 更多 ▾, and the
 * column width they take; null when the caller holds none. For a table that renders its own 操作 column (the
 * organisation tree); a kit list takes useActionsColumn.
 */
export function useRowActions<T>(actions: readonly RowAction<T>[], inline = 3): OfferedActions<T> | null {
  const permissions = useSession((state) => state.permissions);
  const offered = actions.filter((action) =>
    (Array.isArray(action.routes) ? action.routes : [action.routes]).every((route: RouteDef) =>
      canCall(permissions, route),
    ),
  );
  if (offered.length === 0) return null;
  const { links, more } = splitActions(offered, inline);
  return {
    links,
    more,
    width: actionsWidth(
      links.map((action) => action.label),
      more.length > 0,
    ),
  };
}

/**
 * The 操作 column of a kit table from its row actions (useRowActions): null when the caller holds none (no empty 操作
 * column). Every row has the same links in the same places; what a row refuses is disabled with the reason. It
 * sorts nothing, so it joins a list of any sort fields.
 */
export function useActionsColumn<T>({
  title,
  actions,
  inline = 3,
}: ActionsColumnOptions<T>): ListColumn<T, never> | null {
  const offered = useRowActions(actions, inline);
  if (!offered) return null;
  const { links, more, width } = offered;
  return {
    title,
    key: 'actions',
    align: 'center',
    width,
    fixed: 'right',
    ellipsis: false,
    hideable: false,
    render: (_value: unknown, row: T) => <RowActionsCell row={row} links={links} more={more} />,
  };
}

/** One row's 操作 cell: its links, then 更多 ▾ (useRowActions says which). */
export function RowActionsCell<T>({
  row,
  links,
  more,
}: {
  row: T;
  links: readonly RowAction<T>[];
  more: readonly RowAction<T>[];
}) {
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const items: MenuProps['items'] = more
    .filter((action) => !action.absent?.(row))
    .map((action) => {
      const refusal = action.refusal?.(row) ?? null;
      return {
        key: action.key,
        danger: action.danger,
        disabled: refusal !== null,
        label: refusal ? (
          <Tooltip title={refusal} placement="left">
            <span>{action.label}</span>
          </Tooltip>
        ) : (
          action.label
        ),
      };
    });
  return (
    <span style={{ display: 'inline-flex', gap: GAP, whiteSpace: 'nowrap' }}>
      {links.map((action) => (
        <ActionLink key={action.key} row={row} action={action} />
      ))}
      {more.length > 0 &&
        (items.length > 0 ? (
          <Dropdown
            trigger={['click']}
            open={open}
            onOpenChange={setOpen}
            menu={{
              id: menuId,
              items,
              onClick: ({ key, domEvent }) => {
                domEvent.stopPropagation();
                setOpen(false);
                more.find((action) => action.key === key)?.onClick(row);
              },
            }}
          >
            {/* The menu it opens is named to assistive technology (and found by tests) through aria-controls. */}
            <Button
              type="link"
              size="small"
              aria-haspopup="menu"
              aria-expanded={open}
              aria-controls={open ? menuId : undefined}
              onClick={(event) => event.stopPropagation()}
            >
              {t('list.more')}
              <DownOutlined />
            </Button>
          </Dropdown>
        ) : (
          // Nothing more on this row: its slot is kept so every row's links stay in line.
          <Button type="link" size="small" aria-hidden tabIndex={-1} style={{ visibility: 'hidden' }}>
            {t('list.more')}
            <DownOutlined />
          </Button>
        ))}
    </span>
  );
}

function ActionLink<T>({ row, action }: { row: T; action: RowAction<T> }) {
  if (action.absent?.(row)) {
    // Its slot is kept (an invisible link of the same width): every row's links stay in line.
    return (
      <Button type="link" size="small" aria-hidden tabIndex={-1} style={{ visibility: 'hidden' }}>
        {action.label}
      </Button>
    );
  }
  const refusal = action.refusal?.(row) ?? null;
  const link = (
    <Button
      type="link"
      size="small"
      danger={action.danger}
      disabled={refusal !== null}
      loading={action.loading?.(row)}
      onClick={() => action.onClick(row)}
    >
      {action.label}
    </Button>
  );
  return refusal ? <Tooltip title={refusal}>{link}</Tooltip> : link;
}
