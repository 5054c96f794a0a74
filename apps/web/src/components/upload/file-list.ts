import type { UploadedFile } from './upload-api';

export type UploadStatus = 'uploading' | 'success' | 'error';

/** One entry of the widget's list. */
export interface UploadItem {
  uid: string;
  name: string;
  status: UploadStatus;
  /** 0-100 while uploading. */
  percent: number;
  /** The server's answer, once the upload succeeded. */
  response?: UploadedFile;
  /** Where the stored file can be seen (the answer's url, or the url of a bound value). */
  url?: string;
  /** An entry shown for a value the bound list already held: passed on as it is, not transformed again. */
  bound?: { value: unknown };
}

/** What the bound list holds by default: the server's answer plus the entry's uid and status. */
export type UploadedItem = UploadedFile & { uid: string; status: 'success' };

/** Turns a successful entry's server answer into what the bound list stores. */
export type UploadTransform<T> = (response: UploadedFile, item: UploadItem) => T;

export const defaultTransform: UploadTransform<UploadedItem> = (response, item) => ({
  ...response,
  uid: item.uid,
  status: 'success',
});

const succeeded = (item: UploadItem) => item.status === 'success' && (item.response !== undefined || item.bound);

const stored = <T>(item: UploadItem, transform: UploadTransform<T>): T =>
  item.bound ? (item.bound.value as T) : transform(item.response as UploadedFile, item);

/**
 * What a change of the list passes on to the bound list (specification §2): the transformed entries when every
 * entry has succeeded, otherwise null (nothing is passed on while a file uploads or after one failed).
 */
export function boundListAfterChange<T>(items: readonly UploadItem[], transform: UploadTransform<T>): T[] | null {
  if (!items.every(succeeded)) return null;
  return items.map((item) => stored(item, transform));
}

/** What removing an entry passes on: the remaining entries that have succeeded. */
export function boundListAfterRemove<T>(remaining: readonly UploadItem[], transform: UploadTransform<T>): T[] {
  return remaining.filter(succeeded).map((item) => stored(item, transform));
}

/** The entry shown for a value the bound list holds: its `name` (else the url's last segment) and `url`. */
export function itemFromValue(value: unknown, index: number): UploadItem {
  const record = (typeof value === 'object' && value !== null ? value : {}) as Partial<UploadedItem>;
  const url = typeof record.url === 'string' ? record.url : typeof value === 'string' ? value : undefined;
  const lastSegment = url?.split('/').pop() ?? '';
  let name = typeof record.name === 'string' ? record.name : lastSegment;
  if (name === lastSegment) {
    try {
      name = decodeURIComponent(name);
    } catch {
      // Not percent-encoded after all: shown as it is.
    }
  }
  return {
    uid: typeof record.uid === 'string' ? record.uid : `value-${index}`,
    name: name || `#${index + 1}`,
    status: 'success',
    percent: 100,
    url,
    bound: { value },
  };
}
