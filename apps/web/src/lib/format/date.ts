import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { currentLocale } from '@/lib/i18n';

// Month and weekday names follow the page's language (dayjs ships English built in).
dayjs.locale(currentLocale() === 'en-US' ? 'en' : 'zh-cn');

/** Date-time as the list screens show it: 2024/05/01 13:45 (24-hour, local time). */
export function formatDateTime(value: string | null | undefined, pattern = 'YYYY/MM/DD HH:mm'): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(pattern) : '';
}
