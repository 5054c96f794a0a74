import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import type { EpochMs } from './date';
import './date';

// The locale (zh-cn or en) is chosen once in ./date; relative phrases ("3 分钟前") follow it.
dayjs.extend(relativeTime);

/** How long ago, in words of the page's language: "几秒前", "3 分钟前", "2 小时前". */
export function fromNow(value: EpochMs | null | undefined, now: number = Date.now()): string {
  if (value === null || value === undefined) return '';
  const date = dayjs(value);
  return date.isValid() ? date.from(dayjs(now)) : '';
}
