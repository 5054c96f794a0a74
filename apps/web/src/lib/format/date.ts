import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/zh-cn';
import { currentLocale } from '@/lib/i18n';

// Month and weekday names follow the page's language (dayjs ships English built in).
dayjs.locale(currentLocale() === 'en-US' ? 'en' : 'zh-cn');

/**
 * A time as the API answers it: milliseconds since the epoch (ADR 0029). Nothing here reads a number as seconds,
 * so no time shows as 1970.
 */
export type EpochMs = number;

/** Date-time as the list screens show it: 2024/05/01 13:45 (24-hour, local time). */
export function formatDateTime(value: EpochMs | null | undefined, pattern = 'YYYY/MM/DD HH:mm'): string {
  if (value === null || value === undefined) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(pattern) : '';
}

/**
 * A time filter as the URL or a form holds it, as a date: epoch milliseconds (a number or its digits, what the
 * screens write) or an ISO 8601 text (an older link); null for anything else.
 */
export function parseTime(value: unknown): Dayjs | null {
  if (typeof value === 'number') return Number.isFinite(value) ? dayjs(value) : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim();
  const date = /^\d{1,15}$/.test(text) ? dayjs(Number(text)) : dayjs(text);
  return date.isValid() ? date : null;
}
