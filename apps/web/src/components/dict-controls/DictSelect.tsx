import { Select, type SelectProps } from 'antd';
import type { ReactNode } from 'react';
import { t } from '@/lib/i18n';
import { DictTag } from './DictTag';
import { DICT_ALL, type DictItem, offeredItems, useDictItems } from './dict-items';

export type DictValue = number | typeof DICT_ALL;

export interface DictSelectProps
  extends Omit<SelectProps<DictValue>, 'options' | 'value' | 'onChange' | 'mode' | 'loading'> {
  dictCode: string;
  value?: DictValue | null;
  onChange?: (value: DictValue) => void;
  /** Leaves out the first '全部' option (empty value). */
  noAll?: boolean;
}

/**
 * A select over a dictionary's enabled items: value = item id, label = item value (reference UI §1.13), shown as the
 * item's tag.
 */
export function DictSelect({ dictCode, value, onChange, noAll, placeholder, ...rest }: DictSelectProps) {
  const { items, loading } = useDictItems(dictCode);
  const offered = offeredItems(items, [typeof value === 'number' ? value : null]);
  const byId = new Map<DictValue, DictItem>(offered.map((item) => [item.id, item]));
  const options = [
    ...(noAll ? [] : [{ value: DICT_ALL as DictValue, label: t('dictControl.all') }]),
    ...offered.map((item) => ({ value: item.id as DictValue, label: item.value })),
  ];
  const shown = (id: DictValue, label: ReactNode) => {
    const item = byId.get(id);
    return item ? <DictTag item={item} /> : label;
  };
  return (
    <Select<DictValue>
      {...rest}
      loading={loading}
      options={options}
      // The labels stay text (the options' titles, a search); only how they look is the tag.
      optionRender={(option) => shown(option.value as DictValue, option.label)}
      labelRender={({ value: id, label }) => shown(id as DictValue, label)}
      value={value ?? undefined}
      placeholder={placeholder ?? t('common.pleaseSelect')}
      onChange={(next) => onChange?.(next ?? DICT_ALL)}
    />
  );
}
