import { Radio, type RadioGroupProps } from 'antd';
import { t } from '@/lib/i18n';
import type { DictValue } from './DictSelect';
import { DictTag } from './DictTag';
import { DICT_ALL, offeredItems, useDictItems } from './dict-items';

export interface DictRadioProps extends Omit<RadioGroupProps, 'options' | 'value' | 'onChange'> {
  dictCode: string;
  value?: DictValue | null;
  onChange?: (value: DictValue) => void;
  /** Leaves out the first '全部' option (empty value). */
  noAll?: boolean;
}

/** Radio buttons over a dictionary's enabled items: value = item id, label = the item's tag. */
export function DictRadio({ dictCode, value, onChange, noAll, ...rest }: DictRadioProps) {
  const { items } = useDictItems(dictCode);
  const options = [
    ...(noAll ? [] : [{ value: DICT_ALL as DictValue, label: t('dictControl.all') }]),
    ...offeredItems(items, [typeof value === 'number' ? value : null]).map((item) => ({
      value: item.id as DictValue,
      label: <DictTag item={item} />,
    })),
  ];
  return (
    <Radio.Group
      {...rest}
      options={options}
      value={value ?? (noAll ? undefined : DICT_ALL)}
      onChange={(event) => onChange?.(event.target.value as DictValue)}
    />
  );
}
