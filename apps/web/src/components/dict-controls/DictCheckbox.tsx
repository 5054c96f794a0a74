import { Checkbox } from 'antd';
import type { ComponentProps } from 'react';
import { DictTag } from './DictTag';
import { offeredItems, useDictItems } from './dict-items';

type GroupProps = ComponentProps<typeof Checkbox.Group<number>>;

export interface DictCheckboxProps extends Omit<GroupProps, 'options' | 'value' | 'onChange'> {
  dictCode: string;
  value?: number[] | null;
  onChange?: (value: number[]) => void;
}

/** Checkboxes over a dictionary's enabled items: value = the checked item ids (no '全部' option). */
export function DictCheckbox({ dictCode, value, onChange, ...rest }: DictCheckboxProps) {
  const { items } = useDictItems(dictCode);
  return (
    <Checkbox.Group<number>
      {...rest}
      options={offeredItems(items, value ?? []).map((item) => ({ value: item.id, label: <DictTag item={item} /> }))}
      value={value ?? []}
      onChange={(next) => onChange?.(next)}
    />
  );
}
