import { Tag } from 'antd';
import type { DictItem } from './dict-items';

/**
 * An item as it is shown: its label (`value`) as a tag of its 标签颜色, or as plain text without one.
 * The dictionary screen's list, its dialogs and every dictionary control show items through it.
 */
export function DictTag({ item }: { item: Pick<DictItem, 'value' | 'tagColor'> }) {
  if (!item.tagColor) return <>{item.value}</>;
  return (
    <Tag color={item.tagColor} style={{ marginInlineEnd: 0 }}>
      {item.value}
    </Tag>
  );
}
