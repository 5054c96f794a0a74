import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

dayjs.locale('zh-cn');

/** Date-time as the list screens show it: 2024/05/01 13:45 (24-hour, local time). */
export function formatDateTime(value: string | null | undefined, pattern = 'YYYY/MM/DD HH:mm'): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(pattern) : '';
}
