import { Checkbox } from 'antd';
import type { ComponentProps } from 'react';
import { useDictItems } from './dict-items';

type GroupProps = ComponentProps<typeof Checkbox.Group<number>>;

export interface DictCheckboxProps extends Omit<GroupProps, 'options' | 'value' | 'onChange'> {
  dictCode: string;
  value?: number[] | null;
  onChange?: (value: number[]) => void;
}

/** Checkboxes over a dictionary's items: value = the checked item ids (no '全部' option). */
export function DictCheckbox({ dictCode, value, onChange, ...rest }: DictCheckboxProps) {
  const { items } = useDictItems(dictCode);
  return (
    <Checkbox.Group<number>
      {...rest}
      options={items.map((item) => ({ value: item.id, label: item.value }))}
      value={value ?? []}
      onChange={(next) => onChange?.(next)}
    />
  );
}
