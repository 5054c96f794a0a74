import type { SheetColumnSpec } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { importColumns, tableColumn } from './entity-sheets.js';
import { localeContext } from './i18n.js';

const code: SheetColumnSpec<'code' | 'made'> = {
  key: 'code',
  header: { 'zh-CN': '编码', 'en-US': 'Code' },
  width: 12,
  type: 'number',
  template: true,
  readOnly: false,
  aliases: ['代码', 'CODE'],
};
const made: SheetColumnSpec<'code' | 'made'> = {
  key: 'made',
  header: { 'zh-CN': '创建时间', 'en-US': 'Created' },
  width: 20,
  template: false,
  readOnly: true,
};

describe('sheets from descriptors', () => {
  it('read a column under every language’s header, then the earlier headers it had', () => {
    expect(importColumns([code, made], ['code'])).toEqual([
      { key: 'code', headers: ['编码', 'Code', '代码', 'CODE'], required: true, readOnly: false },
      { key: 'made', headers: ['创建时间', 'Created'], required: false, readOnly: true },
    ]);
  });

  it('write a column headed in the request’s language, with its width and kind', () => {
    const english = localeContext.run('en-US', () =>
      tableColumn<'code' | 'made', { code: number; made: string }>(code),
    );
    expect(english).toMatchObject({ key: 'code', header: 'Code', width: 12, type: 'number' });
    expect(english.value({ code: 7, made: '' })).toBe(7);
    const chinese = tableColumn<'code' | 'made', { code: number; made: string }>(made, { choices: ['a'] });
    expect(chinese).toMatchObject({ key: 'made', header: '创建时间', width: 20, choices: ['a'] });
  });
});
