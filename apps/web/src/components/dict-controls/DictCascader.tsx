import { Cascader } from 'antd';
import { type CSSProperties, useMemo } from 'react';
import { t } from '@/lib/i18n';
import { DictTag } from './DictTag';
import { buildTree, type DictItem, offeredItems, type TreeNode, useDictItems } from './dict-items';

export interface DictCascaderProps {
  dictCode: string;
  /** The chosen item's id (any level). */
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** Items shown but not selectable, e.g. an item itself and its subtree when choosing its parent. */
  disabledIds?: ReadonlySet<number> | readonly number[];
  /**
   * Offers disabled items too (状态 禁用). Only the dictionary screen's 上级 picker does: a disabled item
   * may still hold items. Everywhere else a disabled item and the items below it are not offered.
   */
  offerDisabled?: boolean;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  id?: string;
  style?: CSSProperties;
}

interface Option {
  value: number;
  label: string;
  tagColor: DictItem['tagColor'];
  disabled?: boolean;
  children?: Option[];
}

/**
 * A cascader over a dictionary's pid tree; any level can be chosen; value = item id, label = item value, each option
 * shown as the item's tag.
 */
export function DictCascader({
  dictCode,
  value,
  onChange,
  disabledIds,
  offerDisabled,
  placeholder,
  disabled,
  allowClear = true,
  id,
  style,
}: DictCascaderProps) {
  const { items: all, loading } = useDictItems(dictCode);
  const items = useMemo(() => (offerDisabled ? all : offeredItems(all, [value])), [all, offerDisabled, value]);
  const blocked = useMemo(() => new Set(disabledIds ?? []), [disabledIds]);
  const options = useMemo(() => {
    const toOption = (node: TreeNode<DictItem>): Option => ({
      value: node.item.id,
      label: node.item.value,
      tagColor: node.item.tagColor,
      disabled: blocked.has(node.item.id) || undefined,
      children: node.children.length ? node.children.map(toOption) : undefined,
    });
    return buildTree(items).map(toOption);
  }, [items, blocked]);
  const path = useMemo(() => pathTo(items, value), [items, value]);

  return (
    <Cascader<Option>
      id={id}
      style={style}
      options={options}
      loading={loading}
      disabled={disabled}
      allowClear={allowClear}
      changeOnSelect
      expandTrigger="hover"
      // The chosen path reads as text; the menus show each item as its tag.
      optionRender={(option) => <DictTag item={{ value: option.label, tagColor: option.tagColor }} />}
      placeholder={placeholder ?? t('common.pleaseSelect')}
      notFoundContent={loading ? t('common.loading') : undefined}
      // While the items load, an initial value has no path yet; show nothing rather than a bare id.
      value={path}
      onChange={(next) => onChange?.(next?.length ? (next[next.length - 1] as number) : null)}
    />
  );
}

/** Ids from the root down to `id`; empty when unknown. */
function pathTo(items: readonly DictItem[], id: number | null | undefined): number[] {
  if (id === null || id === undefined) return [];
  const byId = new Map(items.map((item) => [item.id, item]));
  const path: number[] = [];
  let current = byId.get(id);
  while (current && !path.includes(current.id)) {
    path.unshift(current.id);
    current = current.pid === null ? undefined : byId.get(current.pid);
  }
  return path;
}
