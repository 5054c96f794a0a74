import { describe, expect, it } from 'vitest';
import {
  boundListAfterChange,
  boundListAfterRemove,
  defaultTransform,
  itemFromValue,
  type UploadItem,
} from './file-list';

const answer = (n: number) => ({
  id: `id-${n}`,
  name: `f${n}.png`,
  url: `/api/file/raw/k${n}/f${n}.png`,
  size: 100 * n,
  contentType: 'image/png',
});
const done = (n: number): UploadItem => ({
  uid: `u${n}`,
  name: `f${n}.png`,
  status: 'success',
  percent: 100,
  response: answer(n),
  url: answer(n).url,
});
const uploading = (n: number): UploadItem => ({ uid: `u${n}`, name: `f${n}.png`, status: 'uploading', percent: 40 });
const failed = (n: number): UploadItem => ({ uid: `u${n}`, name: `f${n}.png`, status: 'error', percent: 0 });

describe('the bound list (specification §2)', () => {
  it('passes nothing on while any file uploads or after one failed', () => {
    expect(boundListAfterChange([done(1), uploading(2)], defaultTransform)).toBeNull();
    expect(boundListAfterChange([done(1), failed(2)], defaultTransform)).toBeNull();
    expect(boundListAfterChange([uploading(1)], defaultTransform)).toBeNull();
  });

  it('passes every entry on once all succeeded: by default the answer plus uid and status', () => {
    expect(boundListAfterChange([done(1), done(2)], defaultTransform)).toEqual([
      { ...answer(1), uid: 'u1', status: 'success' },
      { ...answer(2), uid: 'u2', status: 'success' },
    ]);
    expect(boundListAfterChange([], defaultTransform)).toEqual([]);
  });

  it('applies the transform to each answer', () => {
    const urls = boundListAfterChange([done(1), done(2)], (response, item) => `${item.uid}:${response.url}`);
    expect(urls).toEqual(['u1:/api/file/raw/k1/f1.png', 'u2:/api/file/raw/k2/f2.png']);
  });

  it('passes the remaining successful entries on after a removal', () => {
    const transform = (response: { id: string }) => response.id;
    expect(boundListAfterRemove([done(1), done(3)], transform)).toEqual(['id-1', 'id-3']);
    expect(boundListAfterRemove([done(1), uploading(2), failed(3)], transform)).toEqual(['id-1']);
    expect(boundListAfterRemove([], transform)).toEqual([]);
  });

  it('shows values it already held as finished entries and passes them on unchanged', () => {
    const held = { ...answer(7), uid: 'u7', status: 'success' as const };
    const item = itemFromValue(held, 0);
    expect(item).toMatchObject({ uid: 'u7', name: 'f7.png', status: 'success', url: held.url });
    const transform = () => {
      throw new Error('a held value is not transformed again');
    };
    expect(boundListAfterChange([item], transform)).toEqual([held]);
    expect(boundListAfterRemove([item], transform)).toEqual([held]);
    // A bare url: named after its last segment.
    expect(itemFromValue('/api/file/raw/k9/%E5%9B%BE.png', 3)).toMatchObject({ name: '图.png', uid: 'value-3' });
  });
});
