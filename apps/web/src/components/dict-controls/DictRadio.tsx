import { Radio, type RadioGroupProps } from 'antd';
import { t } from '@/lib/i18n';
import type { DictValue } from './DictSelect';
import { DICT_ALL, useDictItems } from './dict-items';

export interface DictRadioProps extends Omit<RadioGroupProps, 'options' | 'value' | 'onChange'> {
  dictCode: string;
  value?: DictValue | null;
  onChange?: (value: DictValue) => void;
  /** Leaves out the first '全部' option (empty value). */
  noAll?: boolean;
}

/** Radio buttons over a dictionary's items: value = item id, label = item value. */
export function DictRadio({ dictCode, value, onChange, noAll, ...rest }: DictRadioProps) {
  const { items } = useDictItems(dictCode);
  const options = [
    ...(noAll ? [] : [{ value: DICT_ALL as DictValue, label: t('dictControl.all') }]),
    ...items.map((item) => ({ value: item.id as DictValue, label: item.value })),
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
