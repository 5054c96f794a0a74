import { Select, type SelectProps } from 'antd';
import { t } from '@/lib/i18n';
import { DICT_ALL, useDictItems } from './dict-items';

export type DictValue = number | typeof DICT_ALL;

export interface DictSelectProps
  extends Omit<SelectProps<DictValue>, 'options' | 'value' | 'onChange' | 'mode' | 'loading'> {
  dictCode: string;
  value?: DictValue | null;
  onChange?: (value: DictValue) => void;
  /** Leaves out the first '全部' option (empty value). */
  noAll?: boolean;
}

/** A select over a dictionary's items: value = item id, label = item value (reference-ui §1.13). */
export function DictSelect({ dictCode, value, onChange, noAll, placeholder, ...rest }: DictSelectProps) {
  const { items, loading } = useDictItems(dictCode);
  const options = [
    ...(noAll ? [] : [{ value: DICT_ALL as DictValue, label: t('dictControl.all') }]),
    ...items.map((item) => ({ value: item.id as DictValue, label: item.value })),
  ];
  return (
    <Select<DictValue>
      {...rest}
      loading={loading}
      options={options}
      value={value ?? undefined}
      placeholder={placeholder ?? t('common.pleaseSelect')}
      onChange={(next) => onChange?.(next ?? DICT_ALL)}
    />
  );
}
