import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import type { CSSProperties } from 'react';

export interface DateRangeFieldProps {
  id?: string;
  value?: [Dayjs, Dayjs] | null;
  onChange?: (value: [Dayjs, Dayjs] | null) => void;
  showTime?: boolean;
  style?: CSSProperties;
}

/** antd's range picker as a search field; a module of its own, fetched only by lists that have one. */
export function DateRangeField({ onChange, ...rest }: DateRangeFieldProps) {
  return (
    <DatePicker.RangePicker
      {...rest}
      onChange={(range) => onChange?.(range?.[0] && range[1] ? [range[0], range[1]] : null)}
    />
  );
}
