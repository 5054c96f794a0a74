import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  ColumnHeightOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  HolderOutlined,
  ReloadOutlined,
  SettingOutlined,
  VerticalLeftOutlined,
  VerticalRightOutlined,
} from '@ant-design/icons';
import { Button, Checkbox, Dropdown, Flex, Popover, Tooltip, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { t } from '@/lib/i18n';
import { DENSITIES, type Density, type Pin, type TableSettings } from './table-settings';

const densityLabel: Record<Density, () => string> = {
  large: () => t('list.densityLarge'),
  middle: () => t('list.densityMiddle'),
  small: () => t('list.densitySmall'),
};

export interface TableToolBarProps {
  /**
   * The table's settings, for 密度 and 列设置. Without them (a list that is not a table: the resource screen's
   * virtual tree) the bar holds 刷新 and 全屏 only.
   */
  settings?: TableSettings;
  /**
   * Plain-text titles by column key, which columns may be hidden, and which may be pinned (not one the screen fixes
   * itself, such as the row actions).
   */
  columns?: readonly { key: string; title: string; hideable: boolean; pinnable?: boolean }[];
  onColumnsChange?: (columns: TableSettings['columns']) => void;
  onDensityChange?: (density: Density) => void;
  onResetColumns?: () => void;
  onRefresh: () => void;
  refreshing: boolean;
  fullScreen?: boolean;
  /** Without it there is no 全屏 (a table in a drawer). */
  onFullScreenChange?: (fullScreen: boolean) => void;
  /** Buttons before the icons, e.g. the list's 导出 (ExportButton). */
  extra?: ReactNode;
}

/** An icon button named by its tooltip's text (the name is what assistive technology reads). */
function IconButton({
  label,
  icon,
  ...rest
}: {
  label: string;
  icon: ReactNode;
  onClick?: () => void;
  loading?: boolean;
}) {
  return (
    <Tooltip title={label}>
      <Button type="text" aria-label={label} icon={icon} {...rest} />
    </Tooltip>
  );
}

/** 刷新, 密度, 列设置, 全屏: the icons at the right of a kit table's bar (Ant Design Pro's table tool bar). */
export function TableToolBar(props: TableToolBarProps) {
  const { settings, fullScreen } = props;
  return (
    // At the right end of its row even when nothing stands left of it (a failed first load has no 共 N 条).
    <Flex align="center" gap={2} role="toolbar" aria-label={t('list.tableTools')} style={{ marginInlineStart: 'auto' }}>
      {props.extra}
      <IconButton
        label={t('list.refresh')}
        icon={<ReloadOutlined aria-hidden />}
        loading={props.refreshing}
        onClick={props.onRefresh}
      />
      {settings && <SettingsButtons {...props} settings={settings} />}
      {props.onFullScreenChange && (
        <IconButton
          label={fullScreen ? t('list.exitFullScreen') : t('list.fullScreen')}
          icon={fullScreen ? <FullscreenExitOutlined aria-hidden /> : <FullscreenOutlined aria-hidden />}
          onClick={() => props.onFullScreenChange?.(!fullScreen)}
        />
      )}
    </Flex>
  );
}

/** 密度 and 列设置. */
function SettingsButtons(props: TableToolBarProps & { settings: TableSettings }) {
  const { settings, columns = [] } = props;
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: [settings.density],
          items: DENSITIES.map((density) => ({ key: density, label: densityLabel[density]() })),
          onClick: ({ key }) => props.onDensityChange?.(key as Density),
        }}
      >
        <Tooltip title={t('list.density')}>
          <Button type="text" aria-label={t('list.density')} icon={<ColumnHeightOutlined aria-hidden />} />
        </Tooltip>
      </Dropdown>
      <Popover
        trigger="click"
        placement="bottomRight"
        title={
          <Flex justify="space-between" align="center" gap={16}>
            <span>{t('list.columnsShown')}</span>
            <Button type="link" size="small" onClick={() => props.onResetColumns?.()}>
              {t('list.columnsReset')}
            </Button>
          </Flex>
        }
        content={
          <ColumnList settings={settings} columns={columns} onChange={(next) => props.onColumnsChange?.(next)} />
        }
      >
        <Tooltip title={t('list.columnSettings')}>
          <Button type="text" aria-label={t('list.columnSettings')} icon={<SettingOutlined aria-hidden />} />
        </Tooltip>
      </Popover>
    </>
  );
}

/**
 * A row per column: a checkbox (shown or hidden), a drag handle to reorder by dragging, up/down buttons to reorder
 * from the keyboard, and pins to keep the column at the table's left or right edge.
 */
function ColumnList({
  settings,
  columns,
  onChange,
}: {
  settings: TableSettings;
  columns: NonNullable<TableToolBarProps['columns']>;
  onChange: (columns: TableSettings['columns']) => void;
}) {
  const byKey = new Map(columns.map((column) => [column.key, column]));
  const order = settings.columns;
  const { token } = theme.useToken();
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const move = (from: number, to: number) => {
    if (from === to) return;
    const next = order.slice();
    const [moved] = next.splice(from, 1);
    if (moved) next.splice(to, 0, moved);
    onChange(next);
  };
  const pin = (key: string, side: Pin) =>
    onChange(
      order.map((c) => {
        if (c.key !== key) return c;
        const { fixed, ...rest } = c;
        return fixed === side ? rest : { ...rest, fixed: side };
      }),
    );
  const endDrag = () => {
    setDragged(null);
    setOver(null);
  };
  return (
    <ul data-testid="column-settings" style={{ listStyle: 'none', margin: 0, padding: 0, minWidth: 260 }}>
      {order.map((entry, index) => {
        const column = byKey.get(entry.key);
        if (!column) return null;
        return (
          <li
            key={entry.key}
            draggable
            data-dragging={dragged === index || undefined}
            style={{
              opacity: dragged === index ? 0.5 : 1,
              // Where the dragged column will land: a line on the side it comes from.
              boxShadow:
                over === index && dragged !== null && dragged !== index
                  ? `inset 0 ${dragged < index ? -2 : 2}px 0 ${token.colorPrimary}`
                  : undefined,
            }}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', entry.key);
              setDragged(index);
            }}
            onDragOver={(event) => {
              if (dragged === null) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              setOver(index);
            }}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged !== null) move(dragged, index);
              endDrag();
            }}
            onDragEnd={endDrag}
          >
            <Flex align="center" justify="space-between" gap={8}>
              <Flex align="center" gap={4}>
                <HolderOutlined aria-hidden style={{ cursor: 'grab', color: token.colorTextTertiary }} />
                <Checkbox
                  checked={!entry.hidden}
                  disabled={!column.hideable}
                  onChange={(event) =>
                    onChange(order.map((c) => (c.key === entry.key ? { ...c, hidden: !event.target.checked } : c)))
                  }
                >
                  {column.title}
                </Checkbox>
              </Flex>
              <span style={{ whiteSpace: 'nowrap' }}>
                {column.pinnable !== false && (
                  <>
                    <Tooltip title={t('list.columnPinLeft', { column: column.title })}>
                      <Button
                        type={entry.fixed === 'left' ? 'link' : 'text'}
                        size="small"
                        aria-label={t('list.columnPinLeft', { column: column.title })}
                        aria-pressed={entry.fixed === 'left'}
                        icon={<VerticalRightOutlined aria-hidden />}
                        onClick={() => pin(entry.key, 'left')}
                      />
                    </Tooltip>
                    <Tooltip title={t('list.columnPinRight', { column: column.title })}>
                      <Button
                        type={entry.fixed === 'right' ? 'link' : 'text'}
                        size="small"
                        aria-label={t('list.columnPinRight', { column: column.title })}
                        aria-pressed={entry.fixed === 'right'}
                        icon={<VerticalLeftOutlined aria-hidden />}
                        onClick={() => pin(entry.key, 'right')}
                      />
                    </Tooltip>
                  </>
                )}
                <Button
                  type="text"
                  size="small"
                  aria-label={t('list.columnUp', { column: column.title })}
                  icon={<ArrowUpOutlined aria-hidden />}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                />
                <Button
                  type="text"
                  size="small"
                  aria-label={t('list.columnDown', { column: column.title })}
                  icon={<ArrowDownOutlined aria-hidden />}
                  disabled={index === order.length - 1}
                  onClick={() => move(index, index + 1)}
                />
              </span>
            </Flex>
          </li>
        );
      })}
    </ul>
  );
}
